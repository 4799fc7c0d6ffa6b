import { recordingTitle } from "../recording-link";
import { isUuid, urlNamespace, uuidV5 } from "../guids";
import { absoluteUrl } from "./absolute-url";
import { ImportError } from "./import-error";
import { some, type ImportNotes } from "./import-notes";
import { kebab } from "./kebab";
import { htmlToText, isHtml } from "./plain-text";
import type { FilePersonRecord, FileReference, FileSessionRecord } from "./schedule-file";
import { durationMinutes, readTime, type WrittenTime } from "./written-time";

export type Link = { label: string; url: string };

/** A person as the edition will know them, from either shape the file may write. */
export interface FilePerson {
  /** What identifies them across sessions: their GUID, code or id, or else their name. */
  key: string;
  name: string;
  bio: string | undefined;
  avatar: string | undefined;
  links: Link[];
}

/** A session as the file says it, checked and mended, before it meets an edition. */
export interface FileSession {
  /** How messages name it: its slug as written, or else its GUID, id or title. */
  label: string;
  guid: string;
  id: string;
  roomName: string;
  start: WrittenTime;
  /** The end as written, where the file writes one. */
  end: WrittenTime | undefined;
  /** The duration in minutes, where the file gives one. */
  duration: number | undefined;
  title: string;
  type: string;
  track: string | undefined;
  language: string | undefined;
  abstract: string | undefined;
  description: string | undefined;
  links: Link[];
  /** Its recording: the first of its links that is one (`isRecording`), kept out of `links`. */
  recording: string | undefined;
  /** The speakers asked that it not be recorded. */
  doNotRecord: boolean;
  originUrl: string | undefined;
  personKeys: string[];
}

/** Where a session sits in the file, and what the whole file says that a session needs. */
export interface SessionContext {
  name: string;
  roomName: string;
  dayIndex: number;
  index: number;
  base: string | undefined;
  acronym: string | undefined;
  /** The rooms conference.rooms lists, when it lists any: a session in another room is refused. */
  listedRooms: string[] | undefined;
  /** Everyone met so far, by key: a person in several sessions is one speaker. */
  persons: Map<string, FilePerson>;
  notes: ImportNotes;
}

const languagePattern = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
/** The types the site names, so that "talk" or "PANEL" from a file reads as the site writes them. */
const knownTypes = ["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"];

/**
 * The titles a session's link has when it is the session's recording, as frab, pretalx and our own export write
 * them.
 */
const recordingTitles = [recordingTitle.toLowerCase(), "video", "video recording"];

/**
 * Whether a session's link is its recording: titled Recording, Video or Video recording (any case; our own export
 * writes Recording, its edition-wide Recordings is not one session's), or a video page on media.ccc.de, where
 * frab's and pretalx's events publish theirs. Decision 025.
 */
function isRecording(title: string | undefined, url: string): boolean {
  if (title && recordingTitles.includes(title.toLowerCase())) return true;
  const { hostname, pathname } = new URL(url);
  return hostname === "media.ccc.de" && pathname.startsWith("/v/");
}

/**
 * Reads one session: refused in one line where it lacks what a programme needs (a listed room, a start, a length,
 * a title, named people), mended and said where it is only loose.
 */
export function readSession(event: FileSessionRecord, at: SessionContext): FileSession {
  const label = `session "${event.slug ?? event.guid ?? event.id ?? event.title ?? `#${String(at.index + 1)} of day ${String(at.dayIndex + 1)} in ${at.roomName}`}"`;
  const refuse = (problem: string) => new ImportError(`${at.name}: ${label} ${problem}`);
  if (at.listedRooms && !at.listedRooms.includes(at.roomName)) {
    throw refuse(`is in room "${at.roomName}", which conference.rooms does not list`);
  }
  if (!event.date) throw refuse("has no start (date)");
  const start = readTime(event.date);
  if (!start) throw refuse(`has a start (date) that is not an ISO 8601 date and time: "${event.date}"`);
  const end = event.end ? readTime(event.end) : undefined;
  if (event.end && !end) {
    at.notes.add(
      "end-unreadable",
      (items) => `Ends that are not ISO 8601 dates and times were ignored (the duration says the end): ${some(items)}`,
      `${label} ("${event.end ?? ""}")`,
    );
  }
  const { title } = event;
  if (!title) throw refuse("has no title");

  const guid = sessionGuid(event, title, label, at);
  const id = sessionId(event.slug, title, at.notes);
  const type = sessionType(event.type, label, at.notes);
  const language = sessionLanguage(event.language, label, at.notes);
  const { links, recording } = sessionLinks(event, label, at);
  // Our own export names the original page origin_url and its own page url; pretalx and frab only url.
  const originUrl = absoluteUrl(event.origin_url, at.base) ?? absoluteUrl(event.url, at.base);
  if (!originUrl) {
    at.notes.add(
      "origin-missing",
      (items) => `Sessions without an http(s) url have no link to their page in the original tool: ${some(items)}`,
      label,
    );
  }
  const personKeys = event.persons.map((person, p) =>
    readPerson(person, () => refuse(`has a person (#${String(p + 1)}) without a name`), at),
  );

  return {
    label,
    guid,
    id,
    roomName: at.roomName,
    start,
    end,
    duration: durationMinutes(event.duration),
    title,
    type,
    track: event.track,
    language,
    abstract: plainText(event.abstract, label, at.notes),
    description: plainText(event.description, label, at.notes),
    links,
    recording,
    doNotRecord: event.do_not_record === true,
    originUrl,
    personKeys: [...new Set(personKeys)],
  };
}

/** The session's GUID, or, where it has no UUID, one derived from what else identifies it (UUID v5, and said). */
function sessionGuid(event: FileSessionRecord, title: string, label: string, at: SessionContext): string {
  const guid = event.guid?.toLowerCase();
  if (guid && isUuid(guid)) return guid;
  // Derived from what else identifies the session, so that a re-import of a newer file finds it again.
  const identity = event.url ?? `${at.acronym ?? ""}/${event.id ?? event.slug ?? title}`;
  at.notes.add(
    "guid",
    (items) =>
      `Sessions without a UUID guid were given one derived from their url or id (UUID v5), so a re-import matches them: ${some(items)}`,
    label,
  );
  return uuidV5(identity, urlNamespace);
}

/** The session's id: its slug as lowercase kebab-case, or its title's where it has none. */
function sessionId(slug: string | undefined, title: string, notes: ImportNotes): string {
  const id = slug ? kebab(slug) : "";
  if (slug && id !== slug) {
    notes.add(
      "slug",
      (items) => `Session slugs were normalised to lowercase kebab-case ids: ${some(items)}`,
      `"${slug}" → "${id}"`,
    );
  }
  if (id) return id;
  const fromTitle = kebab(title) || "session";
  notes.add(
    "slug-missing",
    (items) => `Sessions without a slug took their ids from their titles: ${some(items)}`,
    `"${fromTitle}"`,
  );
  return fromTitle;
}

/** The session's type as the site writes it ("talk" is a Talk); a talk where the file names none. */
function sessionType(written: string | undefined, label: string, notes: ImportNotes): string {
  if (!written) {
    notes.add("type", (items) => `Sessions without a type became talks: ${some(items)}`, label);
    return "Talk";
  }
  const known = knownTypes.find((t) => t.toLowerCase() === written.toLowerCase());
  const type = known ?? written.charAt(0).toUpperCase() + written.slice(1);
  if (type !== written) {
    notes.add(
      "type-case",
      (items) => `Session types were written as the site writes them: ${some(items)}`,
      `"${written}" → "${type}"`,
    );
  }
  return type;
}

/**
 * The session's language as a BCP 47 tag ("EN" is en, "pt_BR" pt-BR), or none where it cannot be one. A session
 * in several ("de, en", as Congress writes a talk translated live) is in the first the file names: a slot has one
 * language.
 */
function sessionLanguage(written: string | undefined, label: string, notes: ImportNotes): string | undefined {
  const [first, ...others] = (written ?? "").split(/\s*[,;/]\s*/).filter(Boolean);
  if (first && others.length > 0) {
    notes.add(
      "languages",
      (items) => `Sessions in several languages were given the first the file names: ${some(items)}`,
      `${label} ("${written ?? ""}" → "${first}")`,
    );
  }
  const language = first?.replace(/^[A-Za-z]+/, (primary) => primary.toLowerCase()).replace(/_/g, "-");
  if (!language) return undefined;
  if (!languagePattern.test(language)) {
    notes.add(
      "language",
      (items) => `Languages that are not BCP 47 tags (such as en or pt-BR) were left out: ${some(items)}`,
      `"${first ?? ""}"`,
    );
    return undefined;
  }
  if (language !== first) {
    notes.add(
      "language-case",
      (items) => `Languages were written as BCP 47 tags: ${some(items)}`,
      `"${first ?? ""}" → "${language}"`,
    );
  }
  return language;
}

/** The session's links and attachments with an http(s) URL, and its recording, the first link that is one. */
function sessionLinks(
  event: FileSessionRecord,
  label: string,
  at: SessionContext,
): { links: Link[]; recording: string | undefined } {
  const links: Link[] = [];
  let recording: string | undefined;
  const references = [
    ...event.links.map((reference) => ({ reference, isLink: true })),
    ...event.attachments.map((reference) => ({ reference, isLink: false })),
  ];
  for (const { reference, isLink } of references) {
    const url = absoluteUrl(reference?.url ?? reference?.href, at.base);
    if (!url) {
      at.notes.add("link-dropped", (items) => `Links without an http(s) URL were left out: ${some(items)}`, label);
      continue;
    }
    const title = reference?.title;
    // A link, not an attachment: an attached video file is the speaker's material, not the session's recording.
    if (!recording && isLink && isRecording(title, url)) {
      recording = url;
      continue;
    }
    links.push({ label: title ?? new URL(url).host, url });
  }
  return { links, recording };
}

/** Reads one of a session's people into the persons met so far; returns their key. */
function readPerson(person: FilePersonRecord | null, refuse: () => ImportError, at: SessionContext): string {
  const name = person?.name ?? person?.public_name;
  if (!person || !name) throw refuse();
  const key = personKey(person, name, at.notes, at.persons);
  const links = personLinks(person.links, name, at);
  const known = at.persons.get(key);
  at.persons.set(key, {
    key,
    name,
    bio: plainText(person.biography, `"${name}"`, at.notes) ?? known?.bio,
    avatar: absoluteUrl(person.avatar, at.base) ?? known?.avatar,
    links: links.length > 0 ? links : (known?.links ?? []),
  });
  return key;
}

/**
 * What tells a person apart: their GUID, else their code or id, else their name. A code or an id is one tool's
 * numbering, and a merged export holds several tools' (frab's 123 in two schedules may be two people): it stands for
 * one person only while the name agrees; a second name under it is another person, keyed by both.
 */
function personKey(person: FilePersonRecord, name: string, notes: ImportNotes, persons: Map<string, FilePerson>) {
  if (person.guid) return `guid:${person.guid}`;
  const numbered = person.code ? `code:${person.code}` : person.id ? `id:${person.id}` : undefined;
  if (!numbered) return `name:${name}`;
  const known = persons.get(numbered);
  if (!known || known.name === name) return numbered;
  notes.add(
    "person-id-shared",
    (items) => `People who share a code or id with someone of another name were kept apart: ${some(items)}`,
    `"${known.name}" and "${name}" (${numbered.replace(":", " ")})`,
  );
  return `${numbered}/name:${name}`;
}

/** Text the pages show as it is: HTML becomes plain text (plain-text.ts), said; plain text and Markdown stay. */
export function plainText(text: string | undefined, label: string, notes: ImportNotes): string | undefined {
  if (text === undefined || !isHtml(text)) return text;
  notes.add(
    "html",
    (items) =>
      `Texts written in HTML became plain text (tags removed, entities decoded, paragraphs kept): ${some(items)}`,
    label,
  );
  return htmlToText(text) || undefined;
}

/** A person's links with an http(s) URL; the others are left out, and said. */
function personLinks(references: (FileReference | null)[], name: string, at: SessionContext): Link[] {
  return references.flatMap((reference) => {
    const url = absoluteUrl(reference?.url, at.base);
    if (!url) {
      at.notes.add("link-dropped", (items) => `Links without an http(s) URL were left out: ${some(items)}`, name);
      return [];
    }
    return [{ label: reference?.title ?? new URL(url).host, url }];
  });
}
