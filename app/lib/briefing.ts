import type { Briefing, Edition, Speaker } from "../../content";
import { firstNameOf } from "./first-name";
import { joinTimeOf, sessionsOf, type ListedSession, type Schedule, type SpeakerSession } from "./speaker-schedule";
import { zonedDate } from "../../common/time";
import { formatClock, formatTimeRange, formatWeekdayDate } from "./time-in-edition-language";
import * as m from "../i18n/messages";

/** The person a briefing greets: their record, or the stand-in that the '{slug}-qa' configuration entry names. */
export interface BriefingSpeaker {
  name: string;
  firstName: string;
  title: string;
  portrait: string;
}

export type BriefingView =
  | { found: false; briefing: Briefing }
  | {
      found: true;
      briefing: Briefing;
      speaker: BriefingSpeaker;
      sessions: SpeakerSession[];
      /** Undefined only for someone with no session, who then has nothing to join. */
      joinTime: string | undefined;
      /** For a panellist: who else is on the panel, and who moderates it. */
      panel?: { panellists: Speaker[]; moderator: Speaker };
    };

/**
 * Everything a briefing page shows, or `found: false` when the speaker's record is missing (spec §8: "Speaker not
 * found"). The configuration entry, when present, renames the speaker's sessions on stream (not the green room)
 * and stands in its speaker's name, title and photo; without it the agenda's title and the record apply.
 */
export function briefingView(edition: Schedule & Pick<Edition, "briefingConfig">, briefing: Briefing): BriefingView {
  const record = edition.speakers.find((speaker) => speaker.id === briefing.speakerId);
  const entry = briefing.configKey ? edition.briefingConfig[briefing.configKey] : undefined;
  const person = entry?.speaker
    ? { name: entry.speaker.name, title: entry.speaker.title, portrait: entry.speaker.imgUrl }
    : record && { name: record.name, title: record.title ?? m.briefingSpeakerTitle, portrait: record.portrait };
  if (!person) return { found: false, briefing };

  const sessions = sessionsOf(edition, briefing.speakerId).map((session) =>
    entry?.title && session.type !== "Green room" ? { ...session, title: entry.title } : session,
  );
  const panelSession = sessions.find((session) => session.type === "Panel" && session.host);
  const panel = panelSession?.host && {
    panellists: panelSession.others.filter((other) => other.id !== panelSession.host?.id),
    moderator: panelSession.host,
  };
  return {
    found: true,
    briefing,
    speaker: { ...person, firstName: firstNameOf(person.name) },
    sessions,
    joinTime: joinTimeOf(edition, briefing.speakerId, sessions),
    ...(panel ? { panel } : {}),
  };
}

/** Briefing badges (spec §9): Panel purple, Green room green, every other label blue. */
export function briefingBadgeColour(label: string): "purple" | "green" | "blue" {
  if (label === "Panel") return "purple";
  if (label === "Green room") return "green";
  return "blue";
}

export interface TimelineStep {
  /** "9:55am CEST" or "10:00 - 10:30am CEST": the times and the event's zone label */
  time: string;
  /** "join the stream (virtual green room)", "green room", "session" */
  what: string;
  session?: ListedSession;
}

/**
 * The evening-before summary: when to join, then each session up to the first one on stream. A speaker with more
 * sessions is told which one opens their day; the full list follows on the page. In a zone where a time falls on
 * another day than the event's `date`, that day is written beside it.
 */
export function timelineOf(
  sessions: ListedSession[],
  joinTime: string,
  zone: { timeZone: string; label: string },
  date: string,
): TimelineStep[] {
  const onStream = sessions.filter((session) => session.type !== "Green room");
  const firstOnStream = onStream[0];
  const upToFirst = firstOnStream ? sessions.slice(0, sessions.indexOf(firstOnStream) + 1) : sessions;
  // A time in the zone, with its day where that is not the event's.
  const at = (time: string, instant: string) =>
    zonedDate(new Date(instant), zone.timeZone) === date
      ? m.briefingTimeAt({ time, zone: zone.label })
      : m.briefingTimeAtOn({ time, zone: zone.label, day: formatWeekdayDate(instant, zone.timeZone) });
  return [
    {
      time: at(formatClock(joinTime, zone.timeZone), joinTime),
      what: m.briefingStepJoin,
    },
    ...upToFirst.map((session) => ({
      time: at(formatTimeRange(session.start, session.end, zone.timeZone), session.start),
      what:
        session.type === "Green room"
          ? m.briefingStepGreenRoom
          : onStream.length > 1
            ? m.briefingStepFirstSession({ count: onStream.length })
            : m.briefingStepSession,
      session,
    })),
  ];
}

/**
 * The banner a briefing page opens with, from the calendar day of `now` in the event's zone: the days left, then
 * the spec's "Tomorrow is the day!" on the day before, "Today is the day!" on the day, and thanks afterwards.
 */
export function briefingBanner(now: Date, event: { name: string; date: string; timeZone: string }): string {
  const day = 24 * 60 * 60 * 1000;
  const daysLeft = Math.round((Date.parse(event.date) - Date.parse(zonedDate(now, event.timeZone))) / day);
  if (daysLeft > 1) return m.briefingDaysToGo({ count: daysLeft });
  if (daysLeft === 1) return m.briefingTomorrow;
  if (daysLeft === 0) return m.briefingToday;
  return m.briefingThanks({ event: event.name });
}
