import { zonedIso } from "../../common/time";
import { some, type ImportNotes } from "./import-notes";
import type { FileSession } from "./read-session";
import { instantOf } from "./written-time";

/** A session of the file at its instants: as milliseconds, and as the edition writes them (in its zone). */
export interface TimedSession {
  session: FileSession;
  start: string;
  end: string;
  startMs: number;
  endMs: number;
}

/** The length of a session the file gives none, where it names no grid of times: a point in time a visitor can see. */
const shortestMinutes = 5;
const dayMs = 24 * 60 * 60_000;

/**
 * The file's sessions at their instants in the edition's zone, whatever offsets the file wrote them with. Every
 * session lasts (decision 069): one of no length (a duration of 00:00 or none, an end at its start: a point in the
 * programme, such as doors opening) takes one cell of the file's grid of times (`timeslot_duration`), or 5 minutes
 * where it names none; an end before the start is mended, each kind said once.
 */
export function timedSessions(
  sessions: FileSession[],
  zone: string,
  timeslot: number | undefined,
  notes: ImportNotes,
): TimedSession[] {
  const iso = (ms: number) => zonedIso(new Date(ms).toISOString(), zone);
  return sessions.map((session) => {
    const written = instantOf(session.start, zone);
    const { startMs, endMs } = lasting(session, written, session.end ? instantOf(session.end, zone) : undefined, {
      timeslot,
      notes,
    });
    return { session, start: iso(startMs), end: iso(endMs), startMs, endMs };
  });
}

/** The session's instants, its end after its start. */
function lasting(
  session: FileSession,
  startMs: number,
  writtenEnd: number | undefined,
  { timeslot, notes }: { timeslot: number | undefined; notes: ImportNotes },
): { startMs: number; endMs: number } {
  const duration = session.duration ? session.duration * 60_000 : undefined;
  const endMs = writtenEnd ?? startMs + (duration ?? 0);
  if (endMs > startMs) return { startMs, endMs };
  if (endMs === startMs) {
    const minutes = timeslot ?? shortestMinutes;
    notes.add(
      "no-length",
      (items) =>
        `Sessions of no length (a duration of 00:00 or none, or an end at the start) are a point in time, given ${timeslot ? `one timeslot of the file, ${String(minutes)} minutes` : `${String(minutes)} minutes`}: ${some(items)}`,
      session.label,
    );
    return { startMs, endMs: startMs + minutes * 60_000 };
  }
  // An end written on the start's date for a session that runs past midnight (23:00 to 01:00): the next day's.
  if (endMs + dayMs > startMs) {
    notes.add(
      "end-next-day",
      (items) => `Sessions written to end before they start, at a time past midnight, end the next day: ${some(items)}`,
      session.label,
    );
    return { startMs, endMs: endMs + dayMs };
  }
  if (duration) {
    notes.add(
      "end-duration",
      (items) => `Sessions written to end more than a day before they start last their duration: ${some(items)}`,
      session.label,
    );
    return { startMs, endMs: startMs + duration };
  }
  notes.add(
    "end-swapped",
    (items) =>
      `Sessions written to end more than a day before they start, with no duration, had the two swapped: ${some(items)}`,
    session.label,
  );
  return { startMs: endMs, endMs: startMs };
}
