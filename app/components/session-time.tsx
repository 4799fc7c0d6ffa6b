import * as content from "../../content";
import type { DisplayZone } from "../lib/display-zone";
import { formatTimeRange, formatWeekdayDate, zonedDate } from "../lib/time";

/**
 * "10:00 - 10:30am ET" in the zone the visitor chose. Where that zone puts the session on another day than the
 * event's (Tokyo, Sydney), the day is written too, so a time is never silently a day off.
 */
export function SessionTime({ start, end, zone }: { start: string; end: string; zone: DisplayZone }) {
  const otherDay = zonedDate(new Date(start), zone.timeZone) !== content.event.date;
  return (
    <>
      <span className="whitespace-nowrap">
        {formatTimeRange(start, end, zone.timeZone)} {zone.label}
      </span>
      {otherDay ? (
        <span className="block text-sm font-normal text-orchid">{formatWeekdayDate(start, zone.timeZone)}</span>
      ) : null}
    </>
  );
}
