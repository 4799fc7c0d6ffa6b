import { createEvents, type Alarm, type EventAttributes } from "ics";
import type { AgendaSlot, Edition } from "../content";
import { briefingView } from "../app/lib/briefing";
import { isChoosable } from "../common/my-schedule";
import { dayCalendarPath, sessionCalendarPath, speakerCalendarPath, speakerPath } from "../common/site-paths";
import { joinTimeOf, participantsText, sessionsOf, speakersWithSessions } from "../app/lib/speaker-schedule";
import { formatClockIn } from "../common/time-in-locale";
import * as m from "../app/i18n/messages";
import { guidOfSession } from "./guids";
import { sessionTypeWords } from "../app/lib/session-type-words";

export interface CalendarFile {
  /** Site path of the file, e.g. /calendar/nomic.ics */
  path: string;
  body: string;
}

/** A session's type, and the people in it when there are any: "Talk with Ada Obi." */
function sessionWords(type: string, people: string): string {
  const words = sessionTypeWords(type);
  return people ? m.calendarSessionWith({ type: words, people }) : m.calendarSession({ type: words });
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
  /** The session's recording, which its description names (see `eventOf`). */
  recording?: string | undefined;
}

/**
 * A session of the agenda as the whole day's file and the feed of a visitor's chosen sessions both write it: its
 * title, its type and people with the talk's description, and its talk's page (or the agenda).
 */
function agendaSession(edition: Edition): (slot: AgendaSlot) => CalendarSession {
  const talkById = new Map(edition.talks.map((talk) => [talk.id, talk]));
  const speakerName = new Map(edition.speakers.map((speaker) => [speaker.id, speaker.name]));
  const names = (ids: string[]) => ids.flatMap((id) => speakerName.get(id) ?? []).join(", ");
  return (slot) => {
    const talk = slot.talkId ? talkById.get(slot.talkId) : undefined;
    const people = names([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds]);
    return {
      id: slot.id,
      title: slot.title,
      description: [sessionWords(slot.type, people), talk?.description].filter(Boolean).join(" "),
      start: slot.start,
      end: slot.end,
      path: talk?.path ?? "/agenda",
      recording: slot.recording,
    };
  };
}

/**
 * The site's calendar files: the whole day (every session; breaks are left out, since no one books a slot for
 * a five-minute pause) and one per talk and for the panel page. Instants go out in UTC, so every calendar app
 * places them right whatever its zone.
 */
export function calendarFiles(edition: Edition): CalendarFile[] {
  const day = edition.agenda.filter(isChoosable).map(agendaSession(edition));

  const perTalk = edition.talks.flatMap((talk) => {
    const slot = edition.agenda.find((s) => s.talkId === talk.id);
    if (!slot) return [];
    // The slot's GUID is the event's UID in both files, so importing the day and then one talk does not double it.
    const session = {
      id: slot.id,
      title: talk.title,
      description: talk.description,
      start: slot.start,
      end: slot.end,
      recording: slot.recording,
    };
    return [{ path: sessionCalendarPath(talk.id), sessions: [{ ...session, path: talk.path }] }];
  });
  const panel = edition.panelPage;

  return [
    { path: dayCalendarPath(edition.event.name), sessions: day },
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
  const recordings = new Map(edition.agenda.map((slot) => [slot.id, slot.recording]));
  return speakersWithSessions(edition).flatMap((speaker) => {
    const briefing = edition.briefings.find((b) => b.speakerId === speaker.id);
    const view = briefing && briefingView(edition, briefing);
    const sessions = view?.found ? view.sessions : sessionsOf(edition, speaker.id);
    const joinTime = joinTimeOf(edition, speaker.id, sessions);
    if (!joinTime) return [];
    const join = m.calendarJoin({
      time: formatClockIn(joinTime, event.timeZone, event.locale),
      zone: event.timeZoneLabel,
      link: event.links.streamJoin,
    });
    const page = briefing?.path ?? speakerPath(speaker.id);
    const entries = sessions.map((session, index): CalendarSession => {
      const people = participantsText(session);
      return {
        id: session.id,
        title: session.title,
        description: `${sessionWords(session.type, people)}\n\n${join}`,
        start: session.start,
        end: session.end,
        path: page,
        location: event.links.streamJoin,
        recording: recordings.get(session.id),
        alarm:
          index === 0
            ? {
                minutesBefore: (Date.parse(session.start) - Date.parse(joinTime)) / 60_000,
                description: m.calendarJoinNow({ link: event.links.streamJoin }),
              }
            : undefined,
      };
    });
    return [{ path: speakerCalendarPath(speaker.id), body: calendar(edition, entries) }];
  });
}

/** The header every calendar file starts with: who wrote it and the calendar's name. */
function headerOf(edition: Edition, calName: string) {
  const { event } = edition;
  return { productId: `-//${new URL(event.siteUrl).host}//${event.name}//EN`, calName };
}

/** One session as a calendar event; `timestamp` (DTSTAMP) is when it is written unless given. */
function eventOf(edition: Edition, session: CalendarSession, timestamp?: number): EventAttributes {
  const { event } = edition;
  return {
    // The session's GUID, as in /schedule.json and /schedule.xml: an app that reads both sees one session.
    uid: guidOfSession(edition, session.id),
    title: `${session.title} (${event.name})`,
    // Every file says where to watch, and where to watch again once a session has its recording.
    description: [
      session.description,
      "",
      m.calendarWatch({ link: event.links.broadcast }),
      ...(session.recording ? [m.calendarRecording({ link: session.recording })] : []),
    ].join("\n"),
    location: session.location ?? event.location,
    url: new URL(session.path, event.siteUrl).href,
    start: Date.parse(session.start),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(session.end),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    ...(timestamp === undefined ? {} : { timestamp }),
    ...(session.alarm ? { alarms: [alarmAt(session.alarm)] } : {}),
  };
}

function calendar(edition: Edition, sessions: CalendarSession[]): string {
  return written(
    createEvents(
      sessions.map((session) => eventOf(edition, session)),
      headerOf(edition, edition.event.name),
    ),
  );
}

function written({ error, value }: { error: Error | null; value?: string | null }): string {
  if (error || !value) throw new Error(`Calendar file could not be written: ${error?.message ?? "empty"}`);
  return foldedByOctets(value);
}

/**
 * RFC 5545 folds a line at 75 octets; ics folds at 75 characters, so a line with a dash, an accent or Japanese ran
 * past it. Its lines are unfolded and folded again by their UTF-8 length, between characters, never inside one.
 */
function foldedByOctets(file: string): string {
  return file
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      const parts: string[] = [];
      let part = "";
      let octets = 0;
      // The first line holds 75 octets; each continuation 74, after the space that marks it.
      let room = 75;
      for (const character of line) {
        const size = utf8Length(character.codePointAt(0) ?? 0);
        if (octets + size > room) {
          parts.push(part);
          part = "";
          octets = 0;
          room = 74;
        }
        part += character;
        octets += size;
      }
      parts.push(part);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}

const utf8Length = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/**
 * RFC 7986's hint that a subscribed calendar be fetched again after an hour, beside the X-PUBLISHED-TTL:PT1H that
 * ics writes into every file (Microsoft's older name for the same hint). ics has no attribute for it; the line is
 * short enough that it needs no folding.
 */
const refreshHint = "REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n";
const footer = "END:VCALENDAR\r\n";

/**
 * The feed of a visitor's chosen sessions (server/calendar-feed.ts), from the programme `edition`: given session
 * ids, the choosable sessions among them (ids the programme does not have are left out), in the agenda's time
 * order, each event as the whole day's file writes it, under the calendar name "<event>: my schedule". `revised`
 * is every event's DTSTAMP: when the programme was last revised, as far as the server knows (it is built in), so
 * the same selection is the same bytes for as long as the server runs.
 *
 * ics validates every event as it writes it, about two milliseconds each: each session's event is written once,
 * on its first request, and kept, so a selection of hundreds costs a join, not a second of work per request.
 */
export function personalCalendar(edition: Edition, revised: number): (ids: readonly string[]) => string {
  const header = headerOf(edition, m.calendarMySchedule({ event: edition.event.name }));
  const empty = written(createEvents([], header));
  if (!empty.endsWith(footer)) throw new Error("ics wrote an unexpected calendar");
  const head = empty.slice(0, -footer.length) + refreshHint;
  const session = agendaSession(edition);
  const choosable = edition.agenda.filter(isChoosable);
  const events = new Map<string, string>();
  const eventText = (slot: AgendaSlot) => {
    let text = events.get(slot.id);
    if (text === undefined) {
      // The event's lines, from the one-event calendar ics writes around them.
      const file = written(createEvents([eventOf(edition, session(slot), revised)], header));
      const begin = file.indexOf("BEGIN:VEVENT\r\n");
      if (begin === -1 || !file.endsWith(footer)) throw new Error(`ics wrote an unexpected event for ${slot.id}`);
      text = file.slice(begin, -footer.length);
      events.set(slot.id, text);
    }
    return text;
  };
  return (ids) => {
    const chosen = new Set(ids);
    return (
      head +
      choosable
        .filter((slot) => chosen.has(slot.id))
        .map(eventText)
        .join("") +
      footer
    );
  };
}

function alarmAt({ minutesBefore, description }: { minutesBefore: number; description: string }): Alarm {
  return { action: "display", description, trigger: { minutes: minutesBefore, before: true } };
}
