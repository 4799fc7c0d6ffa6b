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

/** Today's wall-clock `hour:minute` in the machine's own zone (the streaming computer's), as an instant. */
export function localTimeToday(now: Date, hour: number, minute: number): Date {
  const target = new Date(now);
  target.setHours(hour, minute, 0, 0);
  return target;
}

export function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}
