import * as m from "../i18n/messages";
import * as time from "../../common/time";
import * as inLocale from "../../common/time-in-locale";

/**
 * The formatting of time.ts in the edition's language (event.json's `locale`, compiled into the messages): what the
 * pages call. `m.writesAsSpec` is a constant the bundler writes in, so each choice below is decided at build time
 * and leaves only one of its two writers on the page (English by hand, or Intl): the other costs no byte.
 */

/** "10:00am" in English, "10:00" in German and Japanese. */
export const formatClock = m.writesAsSpec
  ? time.formatClock
  : (instant: string, timeZone: string) => inLocale.clockIn(instant, timeZone, m.locale);

/** "10:00 - 10:30am" in English, "10:00–10:30" in German. */
export const formatTimeRange = m.writesAsSpec
  ? time.formatTimeRange
  : (start: string, end: string, timeZone: string) => inLocale.timeRangeIn(start, end, timeZone, m.locale);

/** "11:00 AM - 1:00 PM" in English, as the announcements wrote it; the locale's range elsewhere. */
export const formatAnnouncedRange = m.writesAsSpec
  ? time.formatAnnouncedRange
  : (start: string, end: string, timeZone: string) => inLocale.timeRangeIn(start, end, timeZone, m.locale);

/** "Thursday, October 8, 2026" or "Thu, Oct 8", as the locale writes a programme's day. */
export const formatDayName = m.writesAsSpec
  ? time.formatDayName
  : (date: string, style: "long" | "short") => inLocale.dayNameIn(date, style, m.locale);

/** An edition's days as one phrase: "May 7–9, 2031", "7. Mai 2031 – 9. Mai 2031". */
export const formatDateSpan = m.writesAsSpec
  ? time.formatDateSpan
  : (first: string, last?: string) => inLocale.dateSpanIn(first, last, m.locale);

/** "May 7, 2031", "7. Mai 2031", "2031年5月7日". */
export const formatLongDate = (instant: string, timeZone: string) => time.formatLongDate(instant, timeZone, m.locale);

/** "5/7/2031", "7.5.2031", "2031/5/7". */
export const formatShortDate = (instant: string, timeZone: string) => time.formatShortDate(instant, timeZone, m.locale);

/** "Thu, Apr 17", "Do., 17. Apr.". */
export const formatWeekdayDate = (instant: string, timeZone: string) =>
  time.formatWeekdayDate(instant, timeZone, m.locale);

/** "PDT", "GMT+2", "JST". */
export const zoneAbbreviation = (instant: string, timeZone: string) =>
  time.zoneAbbreviation(instant, timeZone, m.locale);
