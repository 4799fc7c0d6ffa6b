import { createEvents, type EventAttributes } from "ics";
import type { Edition } from "../content";
import { dayCalendarPath, sessionCalendarPath } from "../app/lib/site-paths";

export interface CalendarFile {
  /** Site path of the file, e.g. /calendar/nomic.ics */
  path: string;
  body: string;
}

interface CalendarSession {
  id: string;
  title: string;
  description: string;
  start: string;
  end: string;
  /** The session's page on the site. */
  path: string;
}

/**
 * The site's calendar files: the whole day (every session; breaks are left out, since no one books a slot for
 * a five-minute pause) and one per talk and for the panel page. Instants go out in UTC, so every calendar app
 * places them right whatever its zone.
 */
export function calendarFiles(edition: Edition): CalendarFile[] {
  const talkById = new Map(edition.talks.map((talk) => [talk.id, talk]));
  const speakerName = new Map(edition.speakers.map((speaker) => [speaker.id, speaker.name]));
  const names = (ids: string[]) => ids.flatMap((id) => speakerName.get(id) ?? []).join(", ");

  const day = edition.agenda
    .filter((slot) => slot.type !== "Break")
    .map((slot): CalendarSession => {
      const talk = slot.talkId ? talkById.get(slot.talkId) : undefined;
      const people = names([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds]);
      return {
        id: slot.id,
        title: slot.title,
        description: [`${slot.type}${people ? ` with ${people}` : ""}.`, talk?.description].filter(Boolean).join(" "),
        start: slot.start,
        end: slot.end,
        path: talk?.path ?? "/agenda",
      };
    });

  const perTalk = edition.talks.flatMap((talk) => {
    const slot = edition.agenda.find((s) => s.talkId === talk.id);
    if (!slot) return [];
    // The slot's id is the event's UID in both files, so importing the day and then one talk does not double it.
    const session = { id: slot.id, title: talk.title, description: talk.description, start: slot.start, end: slot.end };
    return [{ path: sessionCalendarPath(talk.id), sessions: [{ ...session, path: talk.path }] }];
  });
  const panel = edition.panelPage;

  return [
    { path: dayCalendarPath(), sessions: day },
    ...perTalk,
    { path: sessionCalendarPath(panel.id), sessions: [{ ...panel, path: panel.path }] },
  ].map(({ path, sessions }) => ({ path, body: calendar(edition, sessions) }));
}

function calendar(edition: Edition, sessions: CalendarSession[]): string {
  const { event } = edition;
  const host = new URL(event.siteUrl).host;
  const events = sessions.map((session): EventAttributes => ({
    uid: `${session.id}@${host}`,
    title: `${session.title} (${event.name})`,
    description: `${session.description}\n\nWatch: ${event.links.broadcast}`,
    location: event.location,
    url: new URL(session.path, event.siteUrl).href,
    start: Date.parse(session.start),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(session.end),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    productId: `-//${host}//${event.name}//EN`,
    calName: event.name,
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw new Error(`Calendar file could not be written: ${error?.message ?? "empty"}`);
  return value;
}
