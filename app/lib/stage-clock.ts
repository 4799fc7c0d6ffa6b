import * as content from "../../content";
import { useClock } from "./clock";
import { editionPhase, type EditionPhase } from "./on-air";

/** The instant a stage shows: every second while the edition is live, every minute (the countdown's unit) else. */
export function stageInstant(instant: Date): Date {
  return editionPhase(instant, content.onAirSpans) === "live"
    ? instant
    : new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
}

/** The stage's instant (`stageInstant`) by the page's clock, and the edition's phase then. */
export function useStageClock(): { now: Date; phase: EditionPhase } {
  const now = new Date(useClock((instant) => stageInstant(instant).getTime()));
  return { now, phase: editionPhase(now, content.onAirSpans) };
}
