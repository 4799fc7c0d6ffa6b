/** Anything on the stream's timeline: an agenda slot, with ISO instants. */
export interface Timed {
  start: string;
  end: string;
}

export interface LiveStatus<T extends Timed> {
  /** The session on air: its start is at or before now and its end after now. */
  current: { session: T; progress: number; timeLeft: string } | null;
  /** The first session that starts after now. */
  next: T | null;
}

/**
 * What is on air at an instant (spec §4 live tracking), or null when the event is not live: before the first
 * session starts or once the last has ended. The sessions' instants carry their offsets (content validation checks
 * them against the event's zone), so this is exact on any day and in any zone, with no fixed UTC offset.
 * A session covers [start, end): at the instant one ends, the next is current.
 */
export function liveStatus<T extends Timed>(now: Date, sessions: readonly T[]): LiveStatus<T> | null {
  const at = now.getTime();
  const first = sessions[0];
  const last = sessions.at(-1);
  if (!first || !last || at < Date.parse(first.start) || at >= Date.parse(last.end)) return null;

  const session = sessions.find((s) => Date.parse(s.start) <= at && at < Date.parse(s.end));
  const next = sessions.find((s) => Date.parse(s.start) > at) ?? null;
  if (!session) return { current: null, next };

  const start = Date.parse(session.start);
  const end = Date.parse(session.end);
  return {
    current: {
      session,
      progress: ((at - start) / (end - start)) * 100,
      timeLeft: formatTimeLeft(Math.floor((end - at) / 1000)),
    },
    next,
  };
}

export type EditionPhase = "upcoming" | "live" | "over";

/**
 * Where an instant falls in the edition: upcoming before its first session starts, live until its last session
 * ends, over afterwards. Derived from the sessions' instants (content's eventSpan), never typed in.
 */
export function editionPhase(now: Date, span: Timed): EditionPhase {
  const at = now.getTime();
  if (at < Date.parse(span.start)) return "upcoming";
  return at < Date.parse(span.end) ? "live" : "over";
}

/**
 * The attributes of an element shown in one phase only. Every phase's variant is in the HTML and all but the
 * current one are `hidden`: a hydrated page re-renders them as its clock moves (useEditionPhase), and the home
 * page, served without React, has its island flip the same attributes (app/islands/home.ts).
 */
export function phaseOnly(
  shownIn: EditionPhase,
  current: EditionPhase,
): { "data-edition-phase": EditionPhase; hidden: boolean } {
  return { "data-edition-phase": shownIn, hidden: shownIn !== current };
}

/** Every element `phaseOnly` marked, for the island. */
export const phaseOnlySelector = "[data-edition-phase]";

/** "14:05 left", then "59s left" under a minute, then "Ending now". */
export function formatTimeLeft(seconds: number): string {
  if (seconds >= 60) return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, "0")} left`;
  if (seconds > 0) return `${String(seconds)}s left`;
  return "Ending now";
}
