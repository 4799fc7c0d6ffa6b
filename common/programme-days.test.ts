import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition";
import { agendaDayAt, agendaDayLink, agendaDayPath, programmeDays } from "./programme-days";
import { zonedDate } from "./time";

// Made-up sessions in Tokyo, where 08:30 is 23:30 UTC the day before: a day is the programme's own zone's.
const tokyo = "Asia/Tokyo";
const session = (id: string, start: string, end: string, room?: string) => ({
  id,
  start: `2026-10-${start}:00+09:00`,
  end: `2026-10-${end}:00+09:00`,
  room,
});

describe("The programme's days", () => {
  it("group sessions by the date the event's zone gives their start, not UTC's", () => {
    const sessions = [
      session("a", "08T08:30", "08T09:00"),
      session("b", "08T23:00", "09T00:00"),
      session("c", "09T08:30", "09T09:00"),
    ];
    const days = programmeDays(sessions, tokyo);
    expect(days.map((day) => day.date)).toEqual(["2026-10-08", "2026-10-09"]);
    expect(days.map((day) => day.sessions.map((s) => s.id))).toEqual([["a", "b"], ["c"]]);
    // In UTC the first and the last are on one day: 23:30 on the 7th and 23:30 on the 8th are not.
    expect(programmeDays(sessions, "UTC").map((day) => day.sessions.map((s) => s.id))).toEqual([["a"], ["b", "c"]]);
  });

  it.each(everyEdition)("are the edition's own in $id, each session in exactly one, in agenda order", ({ edition }) => {
    const days = programmeDays(edition.agenda, edition.event.timeZone);
    expect(days.flatMap((day) => day.sessions)).toEqual(edition.agenda);
    expect(days[0]?.date).toBe(edition.event.date);
    expect(days.at(-1)?.date).toBe(edition.event.endDate ?? edition.event.date);
    for (const day of days) {
      for (const slot of day.sessions) expect(zonedDate(new Date(slot.start), edition.event.timeZone)).toBe(day.date);
    }
  });

  it("each have an agenda page at their date, which the agenda's day tabs ask for by its address", () => {
    expect(agendaDayPath("2026-10-08")).toBe("/agenda/2026-10-08");
    expect(agendaDayLink("2026-10-08")).toBe("/agenda?day=2026-10-08");
  });
});

describe("The day the agenda opens on", () => {
  const spans = [
    { start: "2026-10-08T08:30:00+09:00", end: "2026-10-08T18:00:00+09:00" },
    { start: "2026-10-09T09:00:00+09:00", end: "2026-10-09T17:00:00+09:00" },
  ];
  const at = (instant: string) => agendaDayAt(new Date(instant), spans, "Asia/Tokyo");

  it("is the day on air, in the event's zone", () => {
    expect(at("2026-10-08T08:30:00+09:00")).toBe("2026-10-08");
    expect(at("2026-10-09T16:59:59+09:00")).toBe("2026-10-09");
  });

  it("between two days, the next", () => {
    expect(at("2026-10-08T18:00:00+09:00")).toBe("2026-10-09");
    expect(at("2026-10-09T03:00:00+09:00")).toBe("2026-10-09");
  });

  it("none before the first day begins or once the last has ended", () => {
    expect(at("2026-10-08T08:29:59+09:00")).toBeUndefined();
    expect(at("2026-10-09T17:00:00+09:00")).toBeUndefined();
    expect(agendaDayAt(new Date(), [], "UTC")).toBeUndefined();
  });
});
