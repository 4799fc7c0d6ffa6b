import { createEvents, type Alarm, type EventAttributes } from "ics";
import type { Edition } from "../content";
import { briefingView } from "../app/lib/briefing";
import { dayCalendarPath, sessionCalendarPath, speakerCalendarPath, speakerPath } from "../app/lib/site-paths";
import { joinTimeOf, participantsText, sessionsOf, speakersWithSessions } from "../app/lib/speaker-schedule";
import { formatClock } from "../app/lib/time";
import { guidOfSession } from "./guids";

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
  /** Where to be: the public stream for the audience, the studio's green room for a speaker. */
  location?: string;
  /** A reminder this many minutes before the start. */
  alarm?: { minutesBefore: number; description: string } | undefined;
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
    // The slot's GUID is the event's UID in both files, so importing the day and then one talk does not double it.
    const session = { id: slot.id, title: talk.title, description: talk.description, start: slot.start, end: slot.end };
    return [{ path: sessionCalendarPath(talk.id), sessions: [{ ...session, path: talk.path }] }];
  });
  const panel = edition.panelPage;

  return [
    { path: dayCalendarPath(), sessions: day },
    ...perTalk,
    ...(panel ? [{ path: sessionCalendarPath(panel.id), sessions: [{ ...panel, path: panel.path }] }] : []),
  ].map(({ path, sessions }) => ({ path, body: calendar(edition, sessions) }));
}

/**
 * One file per speaker with a page: every session they are in, backstage too, with an alarm on the first at the
 * time they join the stream, and the studio's join link as the place. UIDs are the sessions' own, as in the day's
 * file, so a speaker who imports both gets each session once. A briefing's configuration entry renames sessions
 * here as it does on the page.
 */
export function speakerCalendarFiles(edition: Edition): CalendarFile[] {
  const { event } = edition;
  return speakersWithSessions(edition).flatMap((speaker) => {
    const briefing = edition.briefings.find((b) => b.speakerId === speaker.id);
    const view = briefing && briefingView(edition, briefing);
    const sessions = view?.found ? view.sessions : sessionsOf(edition, speaker.id);
    const joinTime = joinTimeOf(edition, speaker.id, sessions);
    if (!joinTime) return [];
    const join = `Join the stream (virtual green room) at ${formatClock(joinTime, event.timeZone)} ${event.timeZoneLabel}: ${event.links.streamJoin}`;
    const page = briefing?.path ?? speakerPath(speaker.id);
    const entries = sessions.map((session, index): CalendarSession => {
      const people = participantsText(session);
      return {
        id: session.id,
        title: session.title,
        description: `${session.type}${people ? ` with ${people}` : ""}.\n\n${join}`,
        start: session.start,
        end: session.end,
        path: page,
        location: event.links.streamJoin,
        alarm:
          index === 0
            ? {
                minutesBefore: (Date.parse(session.start) - Date.parse(joinTime)) / 60_000,
                description: `Join the stream now: ${event.links.streamJoin}`,
              }
            : undefined,
      };
    });
    return [{ path: speakerCalendarPath(speaker.id), body: calendar(edition, entries) }];
  });
}

function calendar(edition: Edition, sessions: CalendarSession[]): string {
  const { event } = edition;
  const host = new URL(event.siteUrl).host;
  const events = sessions.map((session): EventAttributes => ({
    // The session's GUID, as in /schedule.json and /schedule.xml: an app that reads both sees one session.
    uid: guidOfSession(edition, session.id),
    title: `${session.title} (${event.name})`,
    description: `${session.description}\n\nWatch: ${event.links.broadcast}`,
    location: session.location ?? event.location,
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
    ...(session.alarm ? { alarms: [alarmAt(session.alarm)] } : {}),
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw new Error(`Calendar file could not be written: ${error?.message ?? "empty"}`);
  return value;
}

function alarmAt({ minutesBefore, description }: { minutesBefore: number; description: string }): Alarm {
  return { action: "display", description, trigger: { minutes: minutesBefore, before: true } };
}
