import { programmeDays } from "../common/programme-days.ts";
import type { Edition } from "./schema.ts";

/**
 * When an edition's stream begins and ends: all that its phase (upcoming, live, over) depends on, so a page that
 * only needs the phase does not carry the agenda.
 */
export function eventSpanOf(agenda: Edition["agenda"]): { start: string; end: string } {
  return {
    start: agenda[0]?.start ?? "",
    // With rooms side by side, the session that starts last need not be the one that ends last.
    end: latestEnd(agenda),
  };
}

/**
 * When the edition is on air: each programme day (in the event's zone) from its first session's start to the end
 * of its last to finish. Between two of them nothing is live (decision 043); pages that follow the phase carry these
 * few instants rather than the agenda.
 */
export function onAirSpansOf(agenda: Edition["agenda"], timeZone: string): { start: string; end: string }[] {
  // A programme day has a session at least: it is made of them.
  return programmeDays(agenda, timeZone).flatMap(({ sessions }) =>
    sessions[0] ? [{ start: sessions[0].start, end: latestEnd(sessions) }] : [],
  );
}

function latestEnd(sessions: readonly { end: string }[]): string {
  return sessions.reduce(
    (latest, slot) => (Date.parse(slot.end) > Date.parse(latest) ? slot.end : latest),
    sessions.at(-1)?.end ?? "",
  );
}
