import * as content from "../../content";
import type { DisplayZone } from "../lib/display-zone";
import { zonedDate } from "../../common/time";
import { formatTimeRange, formatWeekdayDate } from "../lib/time-in-edition-language";

/**
 * "10:00 - 10:30am CEST": a session's times and the zone's label, in the zone the visitor chose. Where that zone
 * puts the session on another day than the one the page already names (`day`: the event's, or the agenda section's
 * of an edition that spans days), the day is written too (Tokyo, Sydney), so a time is never silently a day off.
 */
export function SessionTime({
  start,
  end,
  zone,
  day = content.event.date,
}: {
  start: string;
  end: string;
  zone: DisplayZone;
  day?: string;
}) {
  const otherDay = zonedDate(new Date(start), zone.timeZone) !== day;
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
