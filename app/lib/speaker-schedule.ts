import type { Edition, SessionType, Speaker, Talk } from "../../content";
import * as m from "../i18n/messages";
import { minutesBefore } from "../../common/time";

export interface SpeakerSession {
  id: string;
  title: string;
  /** The slot's type, or "Green room" backstage. */
  type: SessionType;
  start: string;
  end: string;
  /** Everyone else in the session: the host and the other speakers. */
  others: Speaker[];
  /** The session's moderator, when that is someone else: pages name them apart from fellow speakers. */
  host?: Speaker;
  /** The talk page of the session, where it has one. */
  talkPath?: string;
}

/** Someone a session names beside the speaker: what the pages' lists write of them. */
export type SessionPerson = Pick<Speaker, "id" | "name">;

/**
 * A speaker's session as a page lists it: its people by id and name. Loaders send pages this much (listedSession),
 * not every fellow speaker's whole record.
 */
export type ListedSession = Omit<SpeakerSession, "others" | "host"> & { others: SessionPerson[]; host?: SessionPerson };

const person = ({ id, name }: SessionPerson): SessionPerson => ({ id, name });

/** A session as a page lists it (see ListedSession). */
export function listedSession({ others, host, ...session }: SpeakerSession): ListedSession {
  return { ...session, others: others.map(person), ...(host ? { host: person(host) } : {}) };
}

/** The parts of an edition that a speaker's schedule is made of. */
export type Schedule = Pick<Edition, "agenda" | "backstage" | "speakers"> & {
  talks: readonly Pick<Talk, "id" | "path">[];
};

/** Minutes before their first session that a speaker joins the stream, and the longer lead of the day's opener. */
export const joinLeadMinutes = 5;
export const openingHostLeadMinutes = 15;

/** A speaker's sessions on stream and backstage, in time order. */
export function sessionsOf(edition: Schedule, speakerId: string): SpeakerSession[] {
  const byId = new Map(edition.speakers.map((speaker) => [speaker.id, speaker]));
  const others = (ids: string[]) =>
    [...new Set(ids)].filter((id) => id !== speakerId).flatMap((id) => byId.get(id) ?? []);

  const onStream = edition.agenda
    .filter((slot) => slot.hostId === speakerId || slot.speakerIds.includes(speakerId))
    .map((slot): SpeakerSession => ({
      id: slot.id,
      title: slot.title,
      type: slot.type,
      start: slot.start,
      end: slot.end,
      others: others([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds]),
      host: slot.hostId && slot.hostId !== speakerId ? byId.get(slot.hostId) : undefined,
      talkPath: edition.talks.find((talk) => talk.id === slot.talkId)?.path,
    }));
  const backstage = edition.backstage
    .filter((session) => session.participantIds.includes(speakerId))
    .map((session): SpeakerSession => ({
      id: session.id,
      title: session.title,
      type: session.type,
      start: session.start,
      end: session.end,
      others: others(session.participantIds),
    }));
  return [...backstage, ...onStream].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * When a speaker joins the stream: five minutes before their first session, and fifteen for the moderator who
 * opens the day, who sets up before anyone else arrives. Undefined for someone with no session. Pages that already
 * hold the speaker's sessions pass them in.
 */
export function joinTimeOf(
  edition: Schedule,
  speakerId: string,
  sessions: SpeakerSession[] = sessionsOf(edition, speakerId),
): string | undefined {
  const first = sessions[0];
  if (!first) return undefined;
  const opensTheDay = edition.agenda[0]?.hostId === speakerId && edition.agenda[0].start === first.start;
  return minutesBefore(first.start, opensTheDay ? openingHostLeadMinutes : joinLeadMinutes);
}

/** Everyone with at least one session: the people who get a speaker page. */
export function speakersWithSessions(edition: Schedule): Speaker[] {
  return edition.speakers.filter((speaker) => sessionsOf(edition, speaker.id).length > 0);
}

/** The label a speaker's page shows: moderators host sessions, everyone else speaks in them. */
export function roleOf(edition: Schedule, speakerId: string): string {
  return edition.agenda.some((slot) => slot.hostId === speakerId) ? m.speakerRoleModerator : m.speakerRoleSpeaker;
}

/** The edition's language's way of listing names, made on first use (Intl.ListFormat is costly to make). */
let listFormat: Intl.ListFormat | undefined;

/**
 * "Ada", "Ada and Ben", "Ada, Ben and Cy": names as a sentence reads them. In English as the specification writes
 * it (no comma before "and", which Intl's "en" puts there); in any other language as Intl.ListFormat lists them.
 */
export const sentenceList = m.writesAsSpec
  ? (names: string[]): string => {
      const rest = names.slice(0, -1);
      const last = names.at(-1) ?? "";
      return rest.length > 0 ? `${rest.join(", ")} and ${last}` : last;
    }
  : (names: string[]): string => {
      listFormat ??= new Intl.ListFormat(m.locale, { type: "conjunction" });
      return listFormat.format(names);
    };

/** Who else is in a session, the moderator first and marked as such: "Ada Obi (moderator), Ben Lo and Cy Park". */
export function participantsText(session: ListedSession): string {
  const guests = session.others.filter((other) => other.id !== session.host?.id).map((other) => other.name);
  return sentenceList([...(session.host ? [m.speakerModeratorMark({ name: session.host.name })] : []), ...guests]);
}
