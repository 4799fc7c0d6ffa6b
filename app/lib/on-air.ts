import * as m from "../i18n/messages";

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
 * A session covers [start, end): at the instant one ends, the next is current. A session put on stage by hand
 * (`onStage`, the show's: issue 44) is current whatever the clock says, and the next is the one after it.
 */
export function liveStatus<T extends Timed>(
  now: Date,
  sessions: readonly T[],
  onStage?: T | null,
): LiveStatus<T> | null {
  return onStage || onAir(now, sessions) ? statusAt(now.getTime(), sessions, onStage) : null;
}

/** Whether an instant falls between the first session's start and the end of the last to finish. */
function onAir(now: Date, sessions: readonly Timed[]): boolean {
  const at = now.getTime();
  const first = sessions[0];
  return first !== undefined && at >= Date.parse(first.start) && sessions.some((s) => at < Date.parse(s.end));
}

/**
 * The session covering an instant and the first that starts after it. Sessions in time order follow each other on
 * one stream, but may overlap in a room (decision 069): then the one that started last is on air, so that a long
 * session running under others (a DJ set, an open-ended evening) does not hide each talk that starts within it.
 */
function statusAt<T extends Timed>(at: number, sessions: readonly T[], onStage?: T | null): LiveStatus<T> {
  const session = onStage ?? sessions.findLast((s) => Date.parse(s.start) <= at && at < Date.parse(s.end));
  const after = onStage ? Date.parse(onStage.start) : at;
  const next = sessions.find((s) => Date.parse(s.start) > after) ?? null;
  if (!session) return { current: null, next };

  const start = Date.parse(session.start);
  const end = Date.parse(session.end);
  // Clamped for a session on stage by hand: all of its time before its start, "Ending now" once past its end.
  const elapsed = Math.min(Math.max(at - start, 0), end - start);
  return {
    current: {
      session,
      progress: (elapsed / (end - start)) * 100,
      timeLeft: formatTimeLeft(Math.floor((end - start - elapsed) / 1000)),
    },
    next,
  };
}

/**
 * The sessions of the programme day that is on air at an instant, or null between days and outside the edition:
 * the live strip shows from a day's first session to the end of its last, not through the night between two days.
 */
export function liveDay<T extends Timed>(now: Date, days: readonly (readonly T[])[]): readonly T[] | null {
  return days.find((sessions) => onAir(now, sessions)) ?? null;
}

/** What one room has on air and next. */
export interface RoomStatus<T extends Timed, R> extends LiveStatus<T> {
  room: R;
}

/**
 * Each room's now and next among one day's sessions (`liveDay`), in the rooms' order. A room that has nothing on
 * and nothing more that day is left out. `onStage` names the session a room has on stage by hand, if any.
 */
export function roomsLive<T extends Timed & { room?: string | undefined }, R extends { id: string }>(
  now: Date,
  sessions: readonly T[],
  rooms: readonly R[],
  onStage: (room: R) => T | null = () => null,
): RoomStatus<T, R>[] {
  return rooms.flatMap((room) => {
    const status = statusAt(
      now.getTime(),
      sessions.filter((session) => session.room === room.id),
      onStage(room),
    );
    return status.current || status.next ? [{ room, ...status }] : [];
  });
}

/** The edition's phase at an instant; between comes only between two programme days. */
export type EditionPhase = "upcoming" | "live" | "between" | "over";

/**
 * Where an instant falls in the edition, from the spans it is on air (content's onAirSpans: each programme day from
 * its first session's start to its last session's end): upcoming before the first, live within one, between two of
 * them (the night between two days, when nothing is on air: decision 043), over once the last has ended. Derived
 * from the sessions' instants, never typed in.
 */
export function editionPhase(now: Date, spans: readonly Timed[]): EditionPhase {
  const at = now.getTime();
  const last = spans.at(-1);
  if (!last || at >= Date.parse(last.end)) return "over";
  if (onAirAt(now, spans)) return "live";
  return nextOnAir(now, spans) === spans[0] ? "upcoming" : "between";
}

/** The span on air at an instant (its day's programme), if any. */
export function onAirAt<T extends Timed>(now: Date, spans: readonly T[]): T | undefined {
  const at = now.getTime();
  return spans.find((span) => Date.parse(span.start) <= at && at < Date.parse(span.end));
}

/** The first span to go on air after an instant: the first day's before the edition, the next day's between two. */
export function nextOnAir<T extends Timed>(now: Date, spans: readonly T[]): T | undefined {
  return spans.find((span) => Date.parse(span.start) > now.getTime());
}

/**
 * The attributes of an element shown in some phases only. Every phase's variant is in the HTML and all but the
 * current one's are `hidden`: a hydrated page re-renders them as its clock moves (useEditionPhase), and the home
 * page, served without React, has its island flip the same attributes (app/islands/home.ts).
 */
export function phaseOnly(
  shownIn: readonly EditionPhase[],
  current: EditionPhase,
): { "data-edition-phase": string; hidden: boolean } {
  return { "data-edition-phase": shownIn.join(" "), hidden: !shownIn.includes(current) };
}

/** Whether an element that `phaseOnly` marked shows in a phase: the island's half of it. */
export function shownInPhase(element: HTMLElement, phase: EditionPhase): boolean {
  return (element.dataset.editionPhase ?? "").split(" ").includes(phase);
}

/** Every element `phaseOnly` marked, for the island. */
export const phaseOnlySelector = "[data-edition-phase]";

/** "14:05 left", then "59s left" under a minute, then "Ending now" (in the edition's words). */
export function formatTimeLeft(seconds: number): string {
  if (seconds >= 60)
    return m.timeLeft({ time: `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, "0")}` });
  if (seconds > 0) return m.timeLeftSeconds({ seconds });
  return m.endingNow;
}
