/**
 * Formatting of instants for people. Every function takes the IANA zone explicitly, so the prerendered HTML
 * (built in any zone) and the hydrated page agree, and nothing depends on the machine's own zone.
 *
 * The functions without a locale write the specification's English ("10:00 - 10:30am", "May 7, 2031"), partly by
 * hand; time-in-locale.ts writes the same things in any other locale through Intl, and app/lib/time-in-edition-language.ts gives the
 * pages the one of the two that the edition's language needs.
 */

const formatOptions = {
  clock: { hour: "numeric", minute: "2-digit", hour12: true },
  longDate: { dateStyle: "long" },
  shortDate: { year: "numeric", month: "numeric", day: "numeric" },
  wallClock: {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  },
  zoneName: { timeZoneName: "short" },
  genericZoneName: { timeZoneName: "longGeneric" },
  weekdayDate: { weekday: "short", month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Whether a locale writes as the specification does: the functions below without a locale. */
export const writesAsSpec = (locale: string) => locale === "en" || locale === "en-US";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per kind and zone, made on first use: making an Intl.DateTimeFormat costs far more than using one,
 * and a profile of /demo-voting's hydration found making them, once per date shown, its costliest function.
 */
function formatter(kind: keyof typeof formatOptions, timeZone: string, locale = "en"): Intl.DateTimeFormat {
  return intlFormat(kind, formatOptions[kind], timeZone, locale);
}

/** The formatter of `options` (named `kind`) in a zone and a locale, made once. */
export function intlFormat(
  kind: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string,
  locale: string,
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone} ${locale}`;
  let format = formats.get(key);
  if (!format) {
    // The specification's English is Intl's en-US.
    format = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

function clockParts(instant: string, timeZone: string) {
  const parts = formatter("clock", timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { clock: `${part("hour")}:${part("minute")}`, meridiem: part("dayPeriod").toLowerCase() };
}

/** "10:00am", the way the programme writes a time. */
export function formatClock(instant: string, timeZone: string): string {
  const { clock, meridiem } = clockParts(instant, timeZone);
  return `${clock}${meridiem}`;
}

/** "10:00 - 10:30am", or "11:55am - 12:10pm" when the range crosses noon. */
export function formatTimeRange(start: string, end: string, timeZone: string): string {
  const from = clockParts(start, timeZone);
  const to = clockParts(end, timeZone);
  const head = from.meridiem === to.meridiem ? from.clock : `${from.clock}${from.meridiem}`;
  return `${head} - ${to.clock}${to.meridiem}`;
}

/** "May 7, 2031": the day of an instant in a zone. */
export function formatLongDate(instant: string, timeZone: string, locale: string): string {
  return formatter("longDate", timeZone, locale).format(new Date(instant));
}

/** "5/7/2031", as briefing pages show dates. */
export function formatShortDate(instant: string, timeZone: string, locale: string): string {
  return formatter("shortDate", timeZone, locale).format(new Date(instant));
}

/** The instant `minutes` before another, as an ISO string in UTC. */
export function minutesBefore(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) - minutes * 60_000).toISOString();
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A calendar date such as 2031-05-07 read into its parts, its month's name and its day of the week. */
export function calendarParts(date: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = monthNames[Number(match?.[2]) - 1];
  if (!match || !month) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, day] = [Number(match[1]), Number(match[3])];
  const weekday = weekdayNames[new Date(Date.UTC(year, Number(match[2]) - 1, day)).getUTCDay()] ?? "";
  return { year: String(year), month, day: String(day), weekday };
}

/**
 * "May 7, 2031" for a calendar date such as 2031-05-07, whatever the zone. Written out rather than asked of
 * Intl: the footer of every page shows it, and the first Intl.DateTimeFormat a page makes loads the browser's
 * locale data, a 10 ms stall of the hydration render on a fast machine and several times that on a phone.
 */
export function formatCalendarDate(date: string): string {
  const { year, month, day } = calendarParts(date);
  return `${month} ${day}, ${year}`;
}

/**
 * A programme day as its heading names it, "Thursday, October 8, 2026", or as the switch between days does,
 * "Thu, Oct 8" (what Intl's en-US would say, written out for the reason above).
 */
export function formatDayName(date: string, style: "long" | "short"): string {
  const { year, month, day, weekday } = calendarParts(date);
  return style === "long"
    ? `${weekday}, ${month} ${day}, ${year}`
    : `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${day}`;
}

/** The calendar date `days` after another (2031-05-07 and 1 give 2031-05-08), whatever the zone. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An edition's days as one phrase: "May 7, 2031" for one day, "May 7–9, 2031" within a month,
 * "April 30 – May 2, 2031" across months and "December 30, 2031 – January 2, 2032" across years.
 */
export function formatDateSpan(first: string, last: string = first): string {
  const from = formatCalendarDate(first);
  if (last === first) return from;
  const to = formatCalendarDate(last);
  const [fromMonth = "", fromDay = ""] = from.replace(",", "").split(" ");
  const [toMonth = "", toDay = "", toYear = ""] = to.replace(",", "").split(" ");
  if (first.slice(0, 4) !== last.slice(0, 4)) return `${from} – ${to}`;
  if (fromMonth !== toMonth) return `${fromMonth} ${fromDay} – ${toMonth} ${toDay}, ${toYear}`;
  return `${fromMonth} ${fromDay}–${toDay}, ${toYear}`;
}

/** The 24-hour wall-clock hour and minute of an instant in a zone, e.g. { hour: 10, minute: 0 }. */
export function zonedHourMinute(instant: string, timeZone: string): { hour: number; minute: number } {
  const { hour, minute } = wallClock(new Date(instant), timeZone);
  return { hour, minute };
}

/** The calendar date and 24-hour wall clock of an instant in a zone. */
function wallClock(instant: Date, timeZone: string) {
  const parts = formatter("wallClock", timeZone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: value("year"),
    month: value("month"),
    day: value("day"),
    hour: value("hour"),
    minute: value("minute"),
    second: value("second"),
  };
}

/**
 * How far a zone's wall clock is ahead of UTC at an instant, in minutes (in summer, 120 for Europe/Berlin and -420
 * for America/Los_Angeles).
 */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** An offset from UTC in minutes as ISO 8601 writes it: -240 -> "-04:00", 330 -> "+05:30", 0 -> "+00:00". */
export function isoOffset(minutes: number): string {
  const whole = Math.abs(minutes);
  const hours = String(Math.floor(whole / 60)).padStart(2, "0");
  return `${minutes < 0 ? "-" : "+"}${hours}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * A zone's name in full, as the Unicode CLDR gives it for a day (noon UTC of `date`): "Pacific Time" for
 * America/Los_Angeles, "Central European Time" for Europe/Berlin, "India Standard Time" for Asia/Kolkata.
 */
export function zoneName(timeZone: string, date: string, locale: string): string {
  const parts = formatter("genericZoneName", timeZone, locale).formatToParts(new Date(`${date}T12:00:00Z`));
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** The calendar date ("2031-05-07") an instant falls on in a zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year)}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** An instant written in a zone with that zone's offset: 2031-05-07T10:00:00+02:00. */
export function zonedIso(instant: string, timeZone: string): string {
  const at = new Date(instant);
  const { hour, minute } = zonedHourMinute(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${zonedDate(at, timeZone)}T${two(hour)}:${two(minute)}:${two(at.getUTCSeconds())}${isoOffset(zoneOffsetMinutes(at, timeZone))}`;
}

/**
 * The instant a zone's wall clock reads `hour:minute` on a calendar date. The offset is looked up at the answer
 * itself, so a date on which the clocks change gets that day's offset, not the previous one.
 */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  return new Date(wall - zoneOffsetMinutes(new Date(firstGuess), timeZone) * 60_000);
}

/** A zone's short name at an instant, as people read it next to a time: "PDT", "GMT+2", "GMT+5:30". */
export function zoneAbbreviation(instant: string, timeZone: string, locale: string): string {
  const parts = formatter("zoneName", timeZone, locale).formatToParts(new Date(instant));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "Thu, Apr 17": the day of an instant in a zone, for a time that falls on another day than the event's. */
export function formatWeekdayDate(instant: string, timeZone: string, locale: string): string {
  return formatter("weekdayDate", timeZone, locale).format(new Date(instant));
}

/** "11:00 AM - 1:00 PM", as the original announcements wrote a range. */
export function formatAnnouncedRange(start: string, end: string, timeZone: string): string {
  const clock = (instant: string) => {
    const { clock: time, meridiem } = clockParts(instant, timeZone);
    return `${time} ${meridiem.toUpperCase()}`;
  };
  return `${clock(start)} - ${clock(end)}`;
}
