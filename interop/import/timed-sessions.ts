import { zonedIso } from "../../common/time";
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

/** The file's sessions at their instants in the edition's zone, whatever offsets the file wrote them with. */
export function timedSessions(sessions: FileSession[], zone: string): TimedSession[] {
  const iso = (ms: number) => zonedIso(new Date(ms).toISOString(), zone);
  return sessions.map((session) => {
    const startMs = instantOf(session.start, zone);
    const endMs = typeof session.end === "number" ? startMs + session.end * 60_000 : instantOf(session.end, zone);
    return { session, start: iso(startMs), end: iso(endMs), startMs, endMs };
  });
}
