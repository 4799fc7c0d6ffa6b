/**
 * Instants in each phase of an edition, from its span alone: the browser tests preview them with `?now=`, and
 * `npm test` builds an edition as of the first (scripts/test/test-editions.ts) without loading the content module.
 */
const minute = 60_000;
export const day = 24 * 60 * minute;
export const iso = (time: number) => new Date(time).toISOString();

/** An instant in each phase of an edition that streams over `span`. */
export function editionMomentsOf(span: { start: string; end: string }) {
  const start = Date.parse(span.start);
  const end = Date.parse(span.end);
  return {
    /** Three days and a bit before the first session: the countdown shows days, hours and minutes. */
    upcoming: iso(start - 3 * day - 5 * 60 * minute - 7 * minute),
    /** Five minutes into the first session. */
    live: iso(start + 5 * minute),
    /** A day after the last session ends. */
    over: iso(end + day),
  } as const;
}
