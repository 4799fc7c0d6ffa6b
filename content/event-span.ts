import type { Edition } from "./schema";

/**
 * When an edition's stream begins and ends: all that its phase (upcoming, live, over) depends on, so a page that
 * only needs the phase does not carry the agenda.
 */
export function eventSpanOf(agenda: Edition["agenda"]): { start: string; end: string } {
  return {
    start: agenda[0]?.start ?? "",
    // With rooms side by side, the session that starts last need not be the one that ends last.
    end: agenda.reduce(
      (latest, slot) => (Date.parse(slot.end) > Date.parse(latest) ? slot.end : latest),
      agenda.at(-1)?.end ?? "",
    ),
  };
}
