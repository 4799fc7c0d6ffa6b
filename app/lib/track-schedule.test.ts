import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { zonedDate } from "../../common/time";
import { tracksWithSessions } from "../../content/tracks";
import { trackSchedule } from "./track-schedule";

describe.each(everyEdition)("The track pages' schedules of $id", ({ edition }) => {
  const { timeZone } = edition.event;
  const withSessions = tracksWithSessions(edition);

  it("hold no schedule for a slug no track has", () => {
    expect(trackSchedule(edition, "no-such-track", timeZone)).toBeUndefined();
  });

  it.skipIf(withSessions.length === 0)(
    "hold exactly each track's sessions, in time order, a day each in the event's zone, with their rooms",
    () => {
      for (const track of withSessions) {
        const schedule = trackSchedule(edition, track.slug, timeZone)!;
        expect(schedule.track).toEqual(track);
        const expected = edition.agenda.filter((slot) => slot.track === track.name);
        const listed = schedule.days.flatMap((day) => day.sessions);
        expect(listed.map((session) => session.id)).toEqual(expected.map((slot) => slot.id));
        for (const day of schedule.days) {
          for (const session of day.sessions) expect(zonedDate(new Date(session.start), timeZone)).toBe(day.date);
        }
        expect(new Set(schedule.days.map((day) => day.date)).size).toBe(schedule.days.length);
        const rooms = new Set(expected.map((slot) => slot.room));
        expect(schedule.rooms).toEqual(
          edition.rooms.filter((room) => rooms.has(room.id)).map(({ id, name }) => ({ id, name })),
        );
      }
    },
  );
});

describe("A track's schedule", () => {
  // Two sessions of one track on either side of midnight in UTC, which Tokyo dates as one day, and one of another.
  const slot = (id: string, start: string, track?: string) => ({
    id,
    start,
    end: start.replace(/T(\d\d)/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, "0")}`),
    type: "Talk",
    title: id,
    room: "hall",
    speakerIds: ["ada"],
    ...(track ? { track } : {}),
  });
  const sections = {
    tracks: [
      { slug: "ai", name: "AI", color: "#123456" },
      { slug: "web", name: "Web", color: "#654321" },
    ],
    rooms: [
      { id: "hall", name: "Hall" },
      { id: "annex", name: "Annex" },
    ],
    speakers: [{ id: "ada", name: "Ada", portrait: "/p.svg", links: [] }],
    talks: [],
    agenda: [
      slot("a", "2031-05-06T23:00:00Z", "AI"),
      slot("b", "2031-05-07T02:00:00Z", "Web"),
      slot("c", "2031-05-07T03:00:00Z", "AI"),
      slot("d", "2031-05-07T16:00:00Z", "AI"),
    ],
  };

  it("groups its sessions by the event's day, not UTC's", () => {
    const schedule = trackSchedule(sections, "ai", "Asia/Tokyo")!;
    expect(schedule.days.map((day) => [day.date, day.sessions.map((session) => session.id)])).toEqual([
      ["2031-05-07", ["a", "c"]],
      ["2031-05-08", ["d"]],
    ]);
    expect(schedule.days[0]!.sessions[0]).toMatchObject({ title: "a", room: "hall", speakers: [{ name: "Ada" }] });
    expect(schedule.rooms).toEqual([{ id: "hall", name: "Hall" }]);
  });
});
