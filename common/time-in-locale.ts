import { calendarParts, formatCalendarDate, formatClock, formatDateSpan, intlFormat, writesAsSpec } from "./time.ts";

/**
 * What time.ts writes in the specification's English, written in any other locale through Intl, whose CLDR data
 * knows how Berlin and Tokyo write a time: "16:00", "16:00–16:30", "Donnerstag, 8. Oktober 2026", "10:00～10:30".
 */

const formatOptions = {
  time: { hour: "numeric", minute: "2-digit" },
  calendarDate: { year: "numeric", month: "long", day: "numeric" },
  longDay: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  shortDay: { weekday: "short", month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(kind: keyof typeof formatOptions, timeZone: string, locale: string): Intl.DateTimeFormat {
  return intlFormat(kind, formatOptions[kind], timeZone, locale);
}

const separators = new Map<string, string>();
/**
 * What the locale writes between the two ends of a range: "–" in German, "～" in Japanese. Ranges are written as
 * their two ends joined by it rather than by Intl's formatRange, whose patterns differ between the ICU that Node
 * prerenders with and the browser's (Node writes a Japanese span of days as "2031/05/07～2031/05/09"), and a page
 * whose text changes as it hydrates is a hydration error.
 */
function rangeSeparator(locale: string): string {
  let separator = separators.get(locale);
  if (separator === undefined) {
    const parts = formatter("time", "UTC", locale).formatRangeToParts(new Date(0), new Date(3_600_000));
    const shared = parts.find((part) => part.source === "shared" && part.type === "literal")?.value ?? "";
    // Japanese writes the end of the first time with the separator ("10時00分～10時30分"): keep the sign alone.
    separator = shared.replace(/[\p{L}\p{N}]/gu, "") || " – ";
    separators.set(locale, separator);
  }
  return separator;
}

/** Noon UTC of a calendar date: the date itself, for Intl asked in UTC. */
function calendarNoon(date: string): Date {
  calendarParts(date);
  return new Date(`${date}T12:00:00Z`);
}

/** "16:00", "10:00". */
export function clockIn(instant: string, timeZone: string, locale: string): string {
  return formatter("time", timeZone, locale).format(new Date(instant));
}

/** "16:00–16:30", "10:00～10:30"; the announcements' ranges are written so too. */
export function timeRangeIn(start: string, end: string, timeZone: string, locale: string): string {
  return `${clockIn(start, timeZone, locale)}${rangeSeparator(locale)}${clockIn(end, timeZone, locale)}`;
}

/** "16. April 2025", "2025年4月16日". */
export function calendarDateIn(date: string, locale: string): string {
  return formatter("calendarDate", "UTC", locale).format(calendarNoon(date));
}

/** "Donnerstag, 8. Oktober 2026" or "Do., 8. Okt."; "2026年10月8日木曜日" or "10月8日(木)". */
export function dayNameIn(date: string, style: "long" | "short", locale: string): string {
  return formatter(style === "long" ? "longDay" : "shortDay", "UTC", locale).format(calendarNoon(date));
}

/** "7. Mai 2031 – 9. Mai 2031", "2031年5月7日～2031年5月9日". */
export function dateSpanIn(first: string, last: string | undefined, locale: string): string {
  const from = calendarDateIn(first, locale);
  if (last === undefined || last === first) return from;
  // Between two whole dates a dash is spaced; a wave dash is not.
  const separator = rangeSeparator(locale).trim();
  return `${from}${separator === "～" ? separator : ` ${separator} `}${calendarDateIn(last, locale)}`;
}

/** A time as the edition's locale writes it, for the build and the server (content/, interop/). */
export function formatClockIn(instant: string, timeZone: string, locale: string): string {
  return writesAsSpec(locale) ? formatClock(instant, timeZone) : clockIn(instant, timeZone, locale);
}

/** An edition's days as its locale writes them, for the build (the `{date}` placeholder of content/). */
export function formatDateSpanIn(first: string, last: string | undefined, locale: string): string {
  return writesAsSpec(locale) ? formatDateSpan(first, last) : dateSpanIn(first, last, locale);
}

/** A calendar date as the locale writes it, for the build's own checks. */
export function formatCalendarDateIn(date: string, locale: string): string {
  return writesAsSpec(locale) ? formatCalendarDate(date) : calendarDateIn(date, locale);
}
