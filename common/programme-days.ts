import { zonedDate } from "./time.ts";

/** One day of the programme: its calendar date in the event's zone and its sessions, in agenda order. */
export interface ProgrammeDay<T> {
  date: string;
  sessions: T[];
}

/**
 * The programme's days, as the event's own zone dates each session's start (a Tokyo morning is the previous evening
 * in UTC, yet the same programme day). The agenda is in time order (content validation checks it), so each day's
 * sessions follow each other.
 */
export function programmeDays<T extends { start: string }>(
  sessions: readonly T[],
  timeZone: string,
): ProgrammeDay<T>[] {
  const days: ProgrammeDay<T>[] = [];
  for (const session of sessions) {
    const date = zonedDate(new Date(session.start), timeZone);
    const day = days.at(-1);
    if (day?.date === date) day.sessions.push(session);
    else days.push({ date, sessions: [session] });
  }
  return days;
}

/** The id of a day's section on the agenda, which the day switch links to: "day-2026-10-08". */
export function dayAnchor(date: string): string {
  return `day-${date}`;
}

/**
 * A cell of a day's timetable: the sessions that start in that room at that row's time (one, but for a room whose
 * programme overlaps: decision 069), with the number of rows the cell spans; "continued" where the cell of an
 * earlier row still spans it; "empty" where the room has nothing on.
 */
export type TimetableCell<T> = { sessions: T[]; rows: number } | "continued" | "empty";

export interface TimetableRow<T> {
  /** The instant the row starts: the start of at least one of its sessions. */
  start: string;
  /** One cell per room, in the order of the rooms given. */
  cells: TimetableCell<T>[];
}

/** Where a session sits in a timetable: its times and its room. */
export interface Placed {
  start: string;
  end: string;
  room?: string | undefined;
}

/**
 * A day's sessions laid out with rooms side by side: a row for each instant at which any session starts, a column
 * per room. Rows follow the starts rather than a fixed grid, so a row is only as tall as its sessions need, and
 * every session sits in the row of its start time and its room's column. A cell spans the rows until its sessions
 * end, or until the next session of its room starts where they overlap it, so that the table stays a grid and
 * every session has a cell. `placeOf` reads an item's times and room (the agenda lays out its rows, each with the
 * slot it shows).
 */
export function timetable<T>(
  items: readonly T[],
  roomIds: readonly string[],
  placeOf: (item: T) => Placed,
): TimetableRow<T>[] {
  const placed = items.map((item) => ({ item, ...placeOf(item) }));
  const starts = new Map<number, string>();
  for (const { start } of placed) {
    if (!starts.has(Date.parse(start))) starts.set(Date.parse(start), start);
  }
  const times = [...starts.keys()].sort((a, b) => a - b);
  // Each room's cells: from each start of a session there, the rows until its sessions end or the room's next start.
  const spans = roomIds.map((room) => {
    const inRoom = placed.filter((session) => session.room === room);
    const roomStarts = [...new Set(inRoom.map((session) => Date.parse(session.start)))].sort((a, b) => a - b);
    return roomStarts.map((time, i) => {
      const sessions = inRoom.filter((session) => Date.parse(session.start) === time);
      const until = Math.min(Math.max(...sessions.map((s) => Date.parse(s.end))), roomStarts[i + 1] ?? Infinity);
      return { time, until, sessions: sessions.map((session) => session.item) };
    });
  });
  return times.map((time) => ({
    start: starts.get(time) ?? "",
    cells: spans.map((cells): TimetableCell<T> => {
      const starting = cells.find((cell) => cell.time === time);
      if (starting) {
        return {
          sessions: starting.sessions,
          rows: times.filter((other) => other >= time && other < starting.until).length,
        };
      }
      return cells.some((cell) => cell.time < time && time < cell.until) ? "continued" : "empty";
    }),
  }));
}
