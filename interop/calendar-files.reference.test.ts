import { describe, expect, it } from "vitest";
import { edition } from "../content";
import { eventsIn as readEvents } from "./calendar-events";
import { calendarFiles, speakerCalendarFiles } from "./calendar-files";

/**
 * The reference edition's calendar files with the spec's sessions, UTC instants and join times. calendar-files.test.ts
 * checks the same on any edition. UIDs are the sessions' GUIDs (UUID v5 of https://glosaic.example/sessions/<id>,
 * as Python's uuid.uuid5(uuid.NAMESPACE_URL, ...) gives them), as in /schedule.json.
 */
const files = calendarFiles(edition);
const speakerFiles = speakerCalendarFiles(edition);

/** The events of a calendar file of this edition, by its path. */
function eventsIn(path: string) {
  return readEvents([...files, ...speakerFiles], path);
}

describe("The reference edition's calendar files", () => {
  it("hold the whole day: every session but the breaks, in UTC, in order", () => {
    const events = eventsIn("/calendar/glosaic-2025.ics");
    const sessions = edition.agenda.filter((slot) => slot.type !== "Break");
    expect(events).toHaveLength(sessions.length);
    expect(events.map((e) => e.start)).toEqual(sessions.map((s) => new Date(s.start).toISOString()));
    expect(events.every((e) => e.startIsUtc)).toBe(true);
    expect(events[0]).toMatchObject({
      uid: "d833da66-1c5d-515d-bf6a-247d3cd858c1",
      title: "Panel Discussion on AI and ML (GLOSAIC 2025)",
      start: "2025-04-16T14:00:00.000Z",
      end: "2025-04-16T14:30:00.000Z",
      location: "Live on YouTube",
      url: "https://glosaic.example/agenda",
    });
    expect(events.at(-1)?.end).toBe("2025-04-16T19:35:00.000Z");
  });

  it("give each talk its own file, linking to its page, with the same UID as in the day's file", () => {
    const [nomic, ...rest] = eventsIn("/calendar/nomic.ics");
    expect(rest).toHaveLength(0);
    expect(nomic).toMatchObject({
      uid: "cead56fc-5429-5148-a3ac-d0d4d3e076f9",
      title: "Seeing your data: embeddings and interactive maps for unstructured text (GLOSAIC 2025)",
      start: "2025-04-16T14:30:00.000Z",
      end: "2025-04-16T14:45:00.000Z",
      url: "https://glosaic.example/nomic",
    });
    expect(nomic?.description).toContain("interactive maps");
    expect(nomic?.description).toContain(edition.event.links.broadcast);
    expect(eventsIn("/calendar/glosaic-2025.ics").some((e) => e.uid === nomic?.uid)).toBe(true);
  });

  it("cover all 17 talks and the panel page", () => {
    for (const talk of edition.talks) expect(eventsIn(`/calendar/${talk.id}.ics`)).toHaveLength(1);
    const [panel] = eventsIn(`/calendar/${edition.panelPage!.id}.ics`);
    expect(panel).toMatchObject({
      title: "Building Open-Source AI Tools (GLOSAIC 2025)",
      start: "2025-04-16T15:00:00.000Z",
      end: "2025-04-16T17:00:00.000Z",
      url: "https://glosaic.example/panel",
    });
    expect(files).toHaveLength(edition.talks.length + 2);
  });
});

describe("The reference edition's speakers' calendar files", () => {
  /** The join time the spec states, as an instant on the day (ET is UTC-4 in April). */
  const et = (clock: string) => new Date(`2025-04-16T${clock}:00-04:00`).toISOString();

  it("holds the moderator's seven sessions, with an alarm at 9:45am on the first, 15 minutes early", () => {
    const events = eventsIn("/calendar/speakers/adaeze-fontaine.ics");
    expect(events).toHaveLength(7);
    expect(events[0]).toMatchObject({ uid: "d833da66-1c5d-515d-bf6a-247d3cd858c1", start: et("10:00") });
    expect(events[0]?.alarms).toEqual([
      { action: "DISPLAY", description: `Join the stream now: ${edition.event.links.streamJoin}`, at: et("09:45") },
    ]);
    expect(events.slice(1).every((e) => e.alarms.length === 0)).toBe(true);
  });

  it("gives each briefing speaker an alarm at the join time the spec states", () => {
    const joins: Record<string, string> = {
      "leilani-kealoha": "09:55",
      "rustam-nazarov": "09:40",
      "linnea-barros": "12:30",
      "soraya-lindqvist": "12:15",
    };
    for (const [id, clock] of Object.entries(joins)) {
      const [first] = eventsIn(`/calendar/speakers/${id}.ics`);
      expect(
        first?.alarms.map((a) => a.at),
        id,
      ).toEqual([et(clock)]);
    }
  });

  it("puts the green room first for the second panel speaker, and the studio link as the place", () => {
    const events = eventsIn("/calendar/speakers/rustam-nazarov.ics");
    expect(events.map((e) => e.title)).toEqual([
      "Green room (GLOSAIC 2025)",
      "Panel Discussion on AI and ML (GLOSAIC 2025)",
    ]);
    expect(events.every((e) => e.location === edition.event.links.streamJoin)).toBe(true);
    expect(events[1]?.description).toContain(
      "Panel with Adaeze Fontaine (moderator), Leilani Kealoha and Ingrid Solberg.",
    );
    expect(events[1]?.description).toContain(
      `Join the stream (virtual green room) at 9:40am ET: ${edition.event.links.streamJoin}`,
    );
    expect(events[1]?.url).toBe("https://glosaic.example/speakers/rustam");
  });

  it("links a speaker without a briefing to their speaker page", () => {
    const [talk] = eventsIn("/calendar/speakers/yuki-morimoto.ics");
    expect(talk).toMatchObject({
      uid: "cead56fc-5429-5148-a3ac-d0d4d3e076f9",
      url: "https://glosaic.example/speakers/yuki-morimoto",
    });
    expect(talk?.alarms.map((a) => a.at)).toEqual([et("10:25")]);
  });
});
