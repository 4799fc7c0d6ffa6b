/**
 * Formatting of instants for people. Every function takes the IANA zone explicitly, so the prerendered HTML
 * (built in any zone) and the hydrated page agree, and nothing depends on the machine's own zone.
 */

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockParts(instant: string, timeZone: string) {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
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

/** "April 16, 2025" */
export function formatLongDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "long" }).format(new Date(instant));
}

/** "4/16/2025", as briefing pages show dates. */
export function formatShortDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).format(
    new Date(instant),
  );
}

/** The instant `minutes` before another, as an ISO string in UTC. */
export function minutesBefore(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) - minutes * 60_000).toISOString();
}

/** "April 16, 2025" for a calendar date such as 2025-04-16, whatever the zone. */
export function formatCalendarDate(date: string): string {
  return formatLongDate(`${date}T12:00:00Z`, "UTC");
}

/** The 24-hour wall-clock hour and minute of an instant in a zone, e.g. { hour: 10, minute: 0 }. */
export function zonedHourMinute(instant: string, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(instant));
  const value = (type: "hour" | "minute") => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: value("hour"), minute: value("minute") };
}
