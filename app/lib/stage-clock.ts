import * as content from "../../content";
import { useClock } from "./clock";
import { editionPhase, type EditionPhase } from "./on-air";
import { programmeDays } from "../../common/programme-days";

/** Each programme day's sessions, worked out once: the stage's clock asks every second what is on. */
export const stageDays = programmeDays(content.agenda, content.event.timeZone).map((day) => day.sessions);

/** The instant a stage shows: every second while the edition is live, every minute (the countdown's unit) else. */
export function useStageClock(): { now: Date; phase: EditionPhase } {
  const time = useClock((instant) =>
    editionPhase(instant, content.onAirSpans) === "live"
      ? instant.getTime()
      : Math.floor(instant.getTime() / 60_000) * 60_000,
  );
  const now = new Date(time);
  return { now, phase: editionPhase(now, content.onAirSpans) };
}
