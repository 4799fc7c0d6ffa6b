import * as content from "../../content";
import { useClock } from "./clock";
import { nextOnAir } from "./on-air";
import { zonedDate } from "../../common/time";
import { formatClock, formatDayName } from "./time-in-edition-language";
import * as m from "../i18n/messages";

/**
 * The start of the next programme day to go on air (the first, before the edition), or "" once none is to come.
 * Here rather than beside useEditionPhase: only the pages that name the next day (home, agenda, the day at a
 * glance) carry it.
 */
export function useNextOnAir(): string {
  return useClock((now) => nextOnAir(now, content.onAirSpans)?.start ?? "");
}

/**
 * What the site says between two programme days about the next one (decision 043): nothing is live, so it names
 * the day and when the stream is back, in the event's zone. `start` is that day's span's start among `spans`.
 */
export function nextDayWords(
  start: string,
  spans: readonly { start: string }[],
  zone: { timeZone: string; timeZoneLabel: string },
): { day: number; date: string; heading: string; message: string } {
  const day = spans.findIndex((span) => span.start === start) + 1;
  const date = zonedDate(new Date(start), zone.timeZone);
  return {
    day,
    date,
    heading: m.nextDaySeeYou({ day }),
    message: m.nextDayOver({
      done: day - 1,
      days: spans.length,
      weekday: formatDayName(date, "long"),
      time: formatClock(start, zone.timeZone),
      zone: zone.timeZoneLabel,
    }),
  };
}
