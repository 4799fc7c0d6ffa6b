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

/** Which side of its span an instant is: what a page without script shows of the edition's phase. */
const sideOf = (time: number, span: { start: number; end: number }) =>
  time < span.start ? "before" : time < span.end ? "during" : "after";
const votingSideOf = (time: number, voting: { opens: number; closes: number }) =>
  time < voting.opens ? "upcoming" : time < voting.closes ? "open" : "ended";

/**
 * The instants an edition's pages must be built as of, besides the build of today, for the tests of what they
 * offer without JavaScript (no-javascript.spec.ts, decision 060): a page without script shows the phases of its
 * build, and offers a form only where it works then. One instant per combination of the edition's phase and its
 * voting's that the windows make, named:
 * - `upcoming`: before the day (editionMomentsOf's), voting as it stands then;
 * - `votingOpen`: the middle of the voting window, the vote forms (left out when `upcoming` is in the window);
 * - `live`: on air, five minutes into the first session, whose questions are open (they open before it starts):
 *   the talk pages' question forms;
 * - `over`: a day after, the thank-you and the recordings.
 * Any whose combination today's build already shows (`now`) is left out, as is any that repeats an earlier one.
 */
export function noScriptBuildsOf(
  span: { start: string; end: string },
  voting: { opens: string; closes: string },
  now = new Date(),
): { name: "upcoming" | "votingOpen" | "live" | "over"; instant: string }[] {
  const moments = editionMomentsOf(span);
  const spanTimes = { start: Date.parse(span.start), end: Date.parse(span.end) };
  const votingTimes = { opens: Date.parse(voting.opens), closes: Date.parse(voting.closes) };
  const combination = (time: number) => `${sideOf(time, spanTimes)} ${votingSideOf(time, votingTimes)}`;
  const candidates = [
    { name: "upcoming", instant: moments.upcoming },
    { name: "votingOpen", instant: iso((votingTimes.opens + votingTimes.closes) / 2) },
    { name: "live", instant: moments.live },
    { name: "over", instant: moments.over },
  ] as const;
  const seen = new Set([combination(now.getTime())]);
  return candidates.filter(({ instant }) => {
    const key = combination(Date.parse(instant));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
