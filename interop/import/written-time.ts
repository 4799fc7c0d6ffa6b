import { zonedInstant } from "../../common/time";

/** A session's date and time as written: the instant once a zone is known, and the offset it was written with. */
export interface WrittenTime {
  date: string;
  hour: number;
  minute: number;
  second: number;
  /** Minutes ahead of UTC, or undefined where the file wrote no offset. */
  offset: number | undefined;
}

/** An ISO 8601 date and time, its offset optional (older exports leave it out). */
const dateTimePattern = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date and time as the file writes it, or undefined where it is not ISO 8601. */
export function readTime(text: string): WrittenTime | undefined {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return undefined;
  const [, date = "", hour = "0", minute = "0", second = "0", zone] = match;
  let offset: number | undefined;
  if (zone === "Z") offset = 0;
  else if (zone) {
    const [, sign = "+", hours = "0", minutes = "0"] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? [];
    offset = (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  }
  return { date, hour: Number(hour), minute: Number(minute), second: Number(second), offset };
}

/** The instant a written time names: by its offset, or, where it has none, on the wall clock of `zone`. */
export function instantOf(time: WrittenTime, zone: string): number {
  if (time.offset === undefined)
    return zonedInstant(time.date, time.hour, time.minute, zone).getTime() + time.second * 1000;
  const [year = 0, month = 1, day = 1] = time.date.split("-").map(Number);
  return Date.UTC(year, month - 1, day, time.hour, time.minute, time.second) - time.offset * 60_000;
}

/** "H:MM", "HH:MM" or "HH:MM:SS" as minutes. */
export function durationMinutes(text: string | undefined): number | undefined {
  const match = text === undefined ? null : /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) + Math.round(Number(match[3] ?? 0) / 60) : undefined;
}
