import { useClock } from "./clock";
import { editionPhase, type EditionPhase, type Timed } from "./on-air";

/**
 * The instant a stage shows: every second while the edition is live, every minute (the countdown's unit) else.
 * `spans` are the edition's days on air as the show runs them (show-schedule.ts): a day running late is live.
 */
export function stageInstant(instant: Date, spans: readonly Timed[]): Date {
  return editionPhase(instant, spans) === "live" ? instant : new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
}

/** The stage's instant (`stageInstant`) by the page's clock, and the edition's phase then. */
export function useStageClock(spans: readonly Timed[]): { now: Date; phase: EditionPhase } {
  const now = new Date(useClock((instant) => stageInstant(instant, spans).getTime()));
  return { now, phase: editionPhase(now, spans) };
}
