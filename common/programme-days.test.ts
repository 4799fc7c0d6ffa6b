import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition";
import { dayAnchor, programmeDays, timetable } from "./programme-days";
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

  it("each have an anchor named after the date", () => {
    expect(dayAnchor("2026-10-08")).toBe("day-2026-10-08");
  });
});

describe("A day's timetable, rooms side by side", () => {
  const rooms = ["main", "lab"];
  const place = (item: ReturnType<typeof session>) => item;

  it("has a row per start time and a session in its room's column, spanning the rows until it ends", () => {
    const sessions = [
      session("opening", "08T09:00", "08T09:30", "main"),
      session("workshop", "08T09:00", "08T10:00", "lab"),
      session("talk", "08T09:30", "08T09:50", "main"),
      session("late", "08T10:10", "08T10:30", "lab"),
    ];
    const rows = timetable(sessions, rooms, place);
    expect(rows.map((row) => row.start)).toEqual(
      ["09:00", "09:30", "10:10"].map((time) => `2026-10-08T${time}:00+09:00`),
    );
    const cell = (row: number, room: number) => {
      const found = rows[row]?.cells[room];
      return typeof found === "object" ? `${found.sessions.map((s) => s.id).join("+")}×${String(found.rows)}` : found;
    };
    expect([cell(0, 0), cell(0, 1)]).toEqual(["opening×1", "workshop×2"]);
    // The workshop still runs at 9:30; nothing is on in the main room from 9:50 to 10:10.
    expect([cell(1, 0), cell(1, 1)]).toEqual(["talk×1", "continued"]);
    expect([cell(2, 0), cell(2, 1)]).toEqual(["empty", "late×1"]);
  });

  it("gives every session of a room whose sessions overlap a cell, cutting the earlier one's at the next start", () => {
    const sessions = [
      session("dj-set", "08T20:00", "08T23:00", "main"),
      session("cleanup", "08T21:00", "08T22:00", "main"),
      session("karaoke", "08T21:00", "08T21:30", "main"),
      session("quiz", "08T21:30", "08T22:30", "lab"),
    ];
    const rows = timetable(sessions, rooms, place);
    const cells = rows.map((row) =>
      row.cells.map((found) =>
        typeof found === "object" ? `${found.sessions.map((s) => s.id).join("+")}×${String(found.rows)}` : found,
      ),
    );
    // Every row has one cell per room, or a row the cell above spans: the table stays a grid.
    expect(cells).toEqual([
      ["dj-set×1", "empty"],
      ["cleanup+karaoke×2", "empty"],
      ["continued", "quiz×1"],
    ]);
  });

  it.each(everyEdition)("places every session of $id's days once, in its room", ({ edition }) => {
    const roomIds = edition.rooms.map((room) => room.id);
    for (const day of programmeDays(edition.agenda, edition.event.timeZone)) {
      const placed = timetable(day.sessions, roomIds, (slot) => slot).flatMap((row) =>
        row.cells.flatMap((cell, index) =>
          typeof cell === "object" ? cell.sessions.map((slot) => ({ slot, index })) : [],
        ),
      );
      const inRooms = day.sessions.filter((slot) => slot.room !== undefined);
      expect(placed.map(({ slot }) => slot.id).sort()).toEqual(inRooms.map((slot) => slot.id).sort());
      for (const { slot, index } of placed) expect(roomIds[index]).toBe(slot.room);
    }
  });
});
