import { zonedDate } from "./time.ts";

/** One day of the programme: its calendar date in the event's zone and its sessions, in agenda order. */
export interface ProgrammeDay<T> {
  date: string;
  sessions: T[];
}

/**
 * The programme's days, as the event's own zone dates each session's start (a Tokyo morning is the previous evening
 * in UTC, yet the same programme day). The agenda is in time order (content validation checks it), so each day's
 * sessions follow each other.
 */
export function programmeDays<T extends { start: string }>(
  sessions: readonly T[],
  timeZone: string,
): ProgrammeDay<T>[] {
  const days: ProgrammeDay<T>[] = [];
  for (const session of sessions) {
    const date = zonedDate(new Date(session.start), timeZone);
    const day = days.at(-1);
    if (day?.date === date) day.sessions.push(session);
    else days.push({ date, sessions: [session] });
  }
  return days;
}

/** The agenda's path (its page of the first day, and of the day on air while the edition is on). */
export const agendaPath = "/agenda";

/**
 * A day's agenda, prerendered at its own path (`/agenda/2026-10-08`) so that it reads without JavaScript; the day
 * tabs link to `/agenda?day=2026-10-08`, which the server answers with this page (decision 084).
 */
export function agendaDayPath(date: string): string {
  return `${agendaPath}/${date}`;
}

/** Where a link to a day's agenda leads: `/agenda?day=2026-10-08`, the address the agenda's own day tabs write. */
export function agendaDayLink(date: string): string {
  return `${agendaPath}?day=${date}`;
}

/**
 * The programme day the agenda opens on at an instant, given the edition's days on air (content/event-span.ts): the
 * day on air, or between two days the next; none before the first day begins or after the last ends.
 */
export function agendaDayAt(
  now: Date,
  spans: readonly { start: string; end: string }[],
  timeZone: string,
): string | undefined {
  const time = now.getTime();
  const first = spans[0];
  if (!first || time < Date.parse(first.start)) return undefined;
  const span = spans.find((each) => time < Date.parse(each.end));
  return span && zonedDate(new Date(span.start), timeZone);
}
