import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { edition } from "../content";
import { calendarFiles } from "./calendar-files";

const files = calendarFiles(edition);

function eventsIn(path: string) {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`No calendar file at ${path}`);
  const calendar = ICAL.Component.fromString(file.body);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      title: event.summary,
      description: event.description,
      location: event.location,
      url: String(component.getFirstPropertyValue("url")),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone.tzid === "UTC",
    };
  });
}

describe("Calendar files", () => {
  it("hold the whole day: every session but the breaks, in UTC, in order", () => {
    const events = eventsIn("/calendar/glosaic-2025.ics");
    const sessions = edition.agenda.filter((slot) => slot.type !== "Break");
    expect(events).toHaveLength(sessions.length);
    expect(events.map((e) => e.start)).toEqual(sessions.map((s) => new Date(s.start).toISOString()));
    expect(events.every((e) => e.startIsUtc)).toBe(true);
    expect(events[0]).toMatchObject({
      uid: "opening-panel@glosaic.example",
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
      uid: "talk-nomic@glosaic.example",
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
    const [panel] = eventsIn(`/calendar/${edition.panelPage.id}.ics`);
    expect(panel).toMatchObject({
      title: "Building Open-Source AI Tools (GLOSAIC 2025)",
      start: "2025-04-16T15:00:00.000Z",
      end: "2025-04-16T17:00:00.000Z",
      url: "https://glosaic.example/panel",
    });
    expect(files).toHaveLength(edition.talks.length + 2);
  });

  it("use CRLF line endings and fold long lines, as RFC 5545 requires", () => {
    for (const file of files) {
      expect(file.body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      for (const line of file.body.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });
});
