import { zonedDate, zonedInstant } from "../../common/time";
import * as m from "../i18n/messages";

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds from `now` to `target`, clamped at zero once the target has passed. */
export function remainingUntil(now: Date, target: Date): Remaining {
  const total = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * The instant a zone's clock next reads `hour:minute` today (the streaming computer's zone, for the countdown
 * screen). Real zone arithmetic: on a day the clocks change, the hours left are real hours, not wall-clock ones.
 */
export function wallTimeToday(now: Date, hour: number, minute: number, timeZone: string): Date {
  return zonedInstant(zonedDate(now, timeZone), hour, minute, timeZone);
}

export function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}

/**
 * The units of the countdown to an edition's first session, each with its word for one and for many: constants,
 * which cost the pages nothing (English, German and Japanese need no other forms for these counts).
 */
const startUnits = [
  ["days", m.countdownDay, m.countdownDays],
  ["hours", m.countdownHour, m.countdownHours],
  ["minutes", m.countdownMinute, m.countdownMinutes],
] as const;

export interface CountdownPart {
  unit: (typeof startUnits)[number][0];
  value: number;
  label: string;
}

/** The countdown to the first session in whole days, hours and minutes: "3 days 1 hour 0 minutes". */
export function startCountdown(now: Date, start: Date): CountdownPart[] {
  const remaining = remainingUntil(now, start);
  return startUnits.map(([unit, one, many]) => {
    const value = remaining[unit];
    return { unit, value, label: value === 1 ? one : many };
  });
}
