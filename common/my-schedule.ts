/**
 * A visitor's own schedule: the sessions they chose, kept in their browser, and the two addresses that carry a
 * choice elsewhere: the page that imports it (/my-schedule?sessions=...) and the server's calendar feed of it
 * (/calendar/mine.ics?sessions=...). The page, the feed and the tests read the rules from here.
 */

/** The page that lists the chosen sessions. */
export const mySchedulePath = "/my-schedule";

/** The file name the feed's path takes in /calendar/: no session's own calendar file may take it. */
export const personalCalendarName = "mine";

/**
 * The calendar feed of chosen sessions, answered by the server from the programme it was built with: where a
 * session's calendar file named `personalCalendarName` would be (site-paths.ts's sessionCalendarPath).
 */
export const personalCalendarPath = `/calendar/${personalCalendarName}.ics`;

/** The query parameter that names the sessions, comma-separated session (agenda slot) ids. */
export const sessionsParameter = "sessions";

/** The query that names a selection: `?sessions=a,b`, ids as they are (they need no escaping). */
export function selectionQuery(ids: readonly string[]): string {
  return `?${sessionsParameter}=${ids.join(",")}`;
}

/** Whether a session can be chosen: everything on the agenda but breaks, as in the whole day's calendar file. */
export function isChoosable(slot: { type: string }): boolean {
  return slot.type !== "Break";
}
