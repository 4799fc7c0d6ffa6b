import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { isoOffset, zoneAbbreviation, zonedDate, zonedInstant, zoneOffsetMinutes } from "../app/lib/time";
import {
  defaultEditionId,
  editionPublicDir,
  editionsRoot,
  missingImages,
  readEditionInput,
  sectionFiles,
} from "../content/editions";
import { placeholderPortrait } from "../content/placeholder-portrait";
import type { EditionInput } from "../content/schema";
import { ContentError, validateEdition } from "../content/validate";
import { urlNamespace, uuidV5 } from "./guids";
import { recordingTitle, zonedIso } from "./schedule-export";

/**
 * The programme from the tools organisers keep it in: a schedule.json as pretalx and frab write it (C3VOC's
 * schedule.json 1.x, persons in either shape) becomes an edition folder, or updates one imported before.
 * Real exports are looser than the schema; what can be mended is mended and said, one line per kind of change,
 * and what cannot is refused in one line with nothing written. docs/decisions/024-import-from-pretalx-and-frab.md
 * says why each rule is what it is.
 */

/** A refusal: one line that names the record and what is wrong. Nothing has been written when it is thrown. */
export class ImportError extends Error {
  override name = "ImportError";
}

export interface ImportOptions {
  /** A file's path, or an http(s) URL fetched with Node's fetch. */
  source: string;
  /** The edition's folder; by default the file's acronym (or title), normalised. */
  editionId?: string;
  /** The folder of editions to write into (editions/ by default). */
  root?: string;
  /** The zone to read the times in, for a file that names none and whose offsets do not say one. */
  timeZone?: string;
}

export interface ImportResult {
  editionId: string;
  /** The edition's folder, written. */
  dir: string;
  /** Whether the folder was new (false: an edition imported before, updated in place). */
  created: boolean;
  sessions: number;
  days: number;
  rooms: number;
  speakers: number;
  /** Portraits downloaded from the file's avatars, and drawn as initials. */
  portraits: { downloaded: number; initials: number };
  /** One line per kind of change the import made to the file's data, and what to fill in by hand. */
  notes: string[];
}

type Slot = EditionInput["agenda"][number];
type Talk = EditionInput["talks"][number];
type Speaker = EditionInput["speakers"][number];
type Room = NonNullable<EditionInput["rooms"]>[number];
type Link = { label: string; url: string };
type Json = Record<string, unknown>;

/** Edition ids name folders and URLs: lowercase kebab-case, short enough to read in a path. */
const editionIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const maxEditionId = 40;
/** A session's id is also its page's last segment: long titles are cut at a word. */
const maxSessionId = 80;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const languagePattern = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
/** An ISO 8601 date and time, its offset optional (older exports leave it out). */
const dateTimePattern = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** The types the site names, so that "talk" or "PANEL" from a file reads as the site writes them. */
const knownTypes = ["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"];
/** Where an avatar is fetched from may be slow or large: neither may hold the import up for long. */
const avatarTimeoutMs = 15_000;
const maxAvatarBytes = 5 * 1024 * 1024;

/** Field names written as words, so the lists read as the schema does. */
function fields(...lines: string[]): string[] {
  return lines.flatMap((line) => line.split(" "));
}

/**
 * Properties the schema knows for the records that allow no others: anything else is an exporter's own field,
 * accepted, ignored and reported. (Persons allow extra fields, so pretalx's `answers` is no break.)
 */
const schemaFields = {
  conference: fields(
    "acronym title description start end daysCount timeslot_duration time_zone_name logo colors keywords url tracks",
    "rooms meta days",
  ),
  day: fields("index date day_start day_end rooms"),
  session: fields(
    "guid code id logo date start end duration room slug url title subtitle track type language abstract description",
    "recording_license do_not_record do_not_stream persons links feedback_url origin_url attachments",
  ),
  room: fields("name slug type guid stream_id description capacity url features assembly"),
};

/** What the import changed, grouped by kind: one line each, in the order the kinds first occurred. */
class Notes {
  private readonly kinds = new Map<string, { say: (items: string[]) => string; items: string[] }>();
  add(kind: string, say: (items: string[]) => string, item = "") {
    const entry = this.kinds.get(kind) ?? { say, items: [] };
    if (item && !entry.items.includes(item)) entry.items.push(item);
    this.kinds.set(kind, entry);
  }
  lines(): string[] {
    return [...this.kinds.values()].map(({ say, items }) => say(items));
  }
}

/** A few examples and how many more: the line stays one line for a file of hundreds of sessions. */
function some(items: string[], shown = 3): string {
  const listed = items.slice(0, shown).join(", ");
  return items.length > shown ? `${listed} and ${String(items.length - shown)} more` : listed;
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Lowercase kebab-case from any text: accents folded, everything else a hyphen, cut at a hyphen to `max`. */
export function kebab(text: string, max = maxSessionId): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const atWord = cut.lastIndexOf("-");
  return (atWord > 0 ? cut.slice(0, atWord) : slug.slice(0, max)).replace(/-$/, "");
}

/** An id not yet taken: the base, or the base with -2, -3... after it. Records it as taken. */
function uniqueId(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${String(n)}`;
  taken.add(candidate);
  return candidate;
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A session's date and time as written: the instant once a zone is known, and the offset it was written with. */
interface WrittenTime {
  date: string;
  hour: number;
  minute: number;
  second: number;
  /** Minutes ahead of UTC, or undefined where the file wrote no offset. */
  offset: number | undefined;
}

function readTime(text: string): WrittenTime | undefined {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return undefined;
  const [, date = "", hour = "0", minute = "0", second = "0", zone] = match;
  let offset: number | undefined;
  if (zone === "Z") offset = 0;
  else if (zone) {
    const [, sign = "+", hours = "0", minutes = "0"] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? [];
    offset = (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  }
  return { date, hour: Number(hour), minute: Number(minute), second: Number(second), offset };
}

/** The instant a written time names: by its offset, or, where it has none, on the wall clock of `zone`. */
function instantOf(time: WrittenTime, zone: string): number {
  if (time.offset === undefined)
    return zonedInstant(time.date, time.hour, time.minute, zone).getTime() + time.second * 1000;
  const [year = 0, month = 1, day = 1] = time.date.split("-").map(Number);
  return Date.UTC(year, month - 1, day, time.hour, time.minute, time.second) - time.offset * 60_000;
}

/** "H:MM", "HH:MM" or "HH:MM:SS" as minutes. */
function durationMinutes(value: unknown): number | undefined {
  const match = typeof value === "string" ? /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(value.trim()) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) + Math.round(Number(match[3] ?? 0) / 60) : undefined;
}

/** A person from either shape: pretalx's (`name`, `code`, `avatar`, `biography`) or frab's (`public_name`, `id`). */
interface FilePerson {
  /** What identifies them across sessions: their GUID, code or id, or else their name. */
  key: string;
  name: string;
  bio: string | undefined;
  avatar: string | undefined;
  links: Link[];
}

interface FileSession {
  /** How messages name it: its slug as written, or else its GUID, id or title. */
  label: string;
  guid: string;
  id: string;
  roomName: string;
  start: WrittenTime;
  /** The end as written, or the start plus the duration in minutes. */
  end: WrittenTime | number;
  title: string;
  type: string;
  track: string | undefined;
  language: string | undefined;
  abstract: string | undefined;
  description: string | undefined;
  links: Link[];
  /** Its recording: the first of its links that is one (`isRecording`), kept out of `links`. */
  recording: string | undefined;
  originUrl: string | undefined;
  personKeys: string[];
}

interface FileRoom {
  name: string;
  guid: string | undefined;
  description: string | undefined;
}

/** What the file says, read and mended, before it meets an edition. */
interface FileSchedule {
  title: string;
  acronym: string | undefined;
  description: string | undefined;
  zone: string;
  rooms: FileRoom[];
  sessions: FileSession[];
  persons: Map<string, FilePerson>;
}

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

/** A URL as the site can link it: absolute (relative ones against the file's base_url), http or https only. */
function absoluteUrl(value: unknown, base: string | undefined): string | undefined {
  const text = textOf(value);
  if (!text) return undefined;
  try {
    const url = new URL(text, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the file's schedule: the checks that refuse it, and the mending that is said. */
function readSchedule(text: string, name: string, notes: Notes, zoneOption?: string): FileSchedule {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportError(`${name} is not a schedule: it is not JSON`);
  }
  const schedule = isObject(json) && isObject(json.schedule) ? json.schedule : undefined;
  const conference = schedule && isObject(schedule.conference) ? schedule.conference : undefined;
  if (!schedule || !conference || !Array.isArray(conference.days)) {
    throw new ImportError(`${name} is not a schedule: it has no schedule.conference.days`);
  }
  const base = absoluteUrl(schedule.base_url, undefined);
  const title = textOf(conference.title) ?? textOf(conference.acronym);
  if (!title) throw new ImportError(`${name}: the conference has no title`);

  const extra = (record: string, value: Json, known: string[]) => {
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) {
        notes.add(
          "extra",
          (items) => `Fields outside the schedule.json schema were ignored: ${some(items, 6)}`,
          `${record}.${key}`,
        );
      }
    }
  };
  extra("conference", conference, schemaFields.conference);

  // Rooms: the file's list where it has one (sessions must then be in it), or else the rooms its days name.
  const listed = listOf(conference.rooms).filter(isObject);
  const rooms: FileRoom[] = [];
  const guids = new Map<string, string>();
  for (const [i, room] of listed.entries()) {
    extra("rooms", room, schemaFields.room);
    const roomName = textOf(room.name);
    if (!roomName) throw new ImportError(`${name}: conference.rooms #${String(i + 1)} has no name`);
    let guid = textOf(room.guid)?.toLowerCase();
    if (guid && !uuidPattern.test(guid)) {
      notes.add(
        "room-guid-invalid",
        (items) => `Room guids that are not UUIDs were left out (the export derives one): ${some(items)}`,
        `"${roomName}"`,
      );
      guid = undefined;
    }
    const sharer = guid ? guids.get(guid) : undefined;
    if (guid && sharer !== undefined) {
      // Derived from the shared GUID and the room's name, so a re-import of the same file gives the same one.
      const fresh = uuidV5(roomName, guid);
      notes.add(
        "room-guid-duplicate",
        (items) => `Rooms that share a guid with an earlier room were given a new one (UUID v5): ${some(items)}`,
        `"${roomName}" (shared ${guid} with "${sharer}", now ${fresh})`,
      );
      guid = fresh;
    }
    if (guid) guids.set(guid, roomName);
    const description = isObject(room.description)
      ? (textOf(room.description.en) ?? Object.values(room.description).map(textOf).find(Boolean))
      : textOf(room.description);
    rooms.push({ name: roomName, guid, description });
  }
  const roomListed = rooms.length > 0;

  const persons = new Map<string, FilePerson>();
  const sessions: FileSession[] = [];
  for (const [dayIndex, day] of conference.days.entries()) {
    if (!isObject(day) || !isObject(day.rooms)) {
      throw new ImportError(`${name}: day #${String(dayIndex + 1)} has no rooms`);
    }
    extra("days", day, schemaFields.day);
    for (const [roomName, events] of Object.entries(day.rooms)) {
      for (const [i, event] of listOf(events).entries()) {
        if (!isObject(event)) {
          throw new ImportError(
            `${name}: day ${String(dayIndex + 1)}, room "${roomName}", session #${String(i + 1)} is not an object`,
          );
        }
        sessions.push(readSession(event, { name, roomName, dayIndex, index: i, base, acronym: conference.acronym }));
        extra("sessions", event, schemaFields.session);
        if (!roomListed && !rooms.some((room) => room.name === roomName)) {
          rooms.push({ name: roomName, guid: undefined, description: undefined });
        }
      }
    }
  }

  function readSession(
    event: Json,
    at: { name: string; roomName: string; dayIndex: number; index: number; base: string | undefined; acronym: unknown },
  ): FileSession {
    const slug = textOf(event.slug);
    const eventId = typeof event.id === "number" ? String(event.id) : textOf(event.id);
    const label = `session "${slug ?? textOf(event.guid) ?? eventId ?? textOf(event.title) ?? `#${String(at.index + 1)} of day ${String(at.dayIndex + 1)} in ${at.roomName}`}"`;
    const refuse = (problem: string) => new ImportError(`${at.name}: ${label} ${problem}`);
    if (roomListed && !rooms.some((room) => room.name === at.roomName)) {
      throw refuse(`is in room "${at.roomName}", which conference.rooms does not list`);
    }
    const dateText = textOf(event.date);
    if (!dateText) throw refuse("has no start (date)");
    const start = readTime(dateText);
    if (!start) throw refuse(`has a start (date) that is not an ISO 8601 date and time: "${dateText}"`);
    const endText = textOf(event.end);
    const endTime = endText ? readTime(endText) : undefined;
    const minutes = durationMinutes(event.duration);
    const end = endTime ?? minutes;
    if (end === undefined) throw refuse("has no duration or end");
    const title = textOf(event.title);
    if (!title) throw refuse("has no title");

    let guid = textOf(event.guid)?.toLowerCase();
    if (!guid || !uuidPattern.test(guid)) {
      // Derived from what else identifies the session, so that a re-import of a newer file finds it again.
      const identity = textOf(event.url) ?? `${textOf(at.acronym) ?? ""}/${eventId ?? slug ?? title}`;
      guid = uuidV5(identity, urlNamespace);
      notes.add(
        "guid",
        (items) =>
          `Sessions without a UUID guid were given one derived from their url or id (UUID v5), so a re-import matches them: ${some(items)}`,
        label,
      );
    }

    let id = slug ? kebab(slug) : "";
    if (slug && id !== slug) {
      notes.add(
        "slug",
        (items) => `Session slugs were normalised to lowercase kebab-case ids: ${some(items)}`,
        `"${slug}" → "${id}"`,
      );
    }
    if (!id) {
      id = kebab(title) || "session";
      notes.add(
        "slug-missing",
        (items) => `Sessions without a slug took their ids from their titles: ${some(items)}`,
        `"${id}"`,
      );
    }

    const rawType = textOf(event.type);
    let type = rawType ?? "Talk";
    if (!rawType) notes.add("type", (items) => `Sessions without a type became talks: ${some(items)}`, label);
    else {
      const known = knownTypes.find((t) => t.toLowerCase() === rawType.toLowerCase());
      type = known ?? rawType.charAt(0).toUpperCase() + rawType.slice(1);
      if (type !== rawType) {
        notes.add(
          "type-case",
          (items) => `Session types were written as the site writes them: ${some(items)}`,
          `"${rawType}" → "${type}"`,
        );
      }
    }

    const rawLanguage = textOf(event.language);
    let language = rawLanguage?.replace(/^[A-Za-z]+/, (primary) => primary.toLowerCase()).replace(/_/g, "-");
    if (language && languagePattern.test(language) && language !== rawLanguage) {
      notes.add(
        "language-case",
        (items) => `Languages were written as BCP 47 tags: ${some(items)}`,
        `"${rawLanguage ?? ""}" → "${language}"`,
      );
    }
    if (language && !languagePattern.test(language)) {
      notes.add(
        "language",
        (items) => `Languages that are not BCP 47 tags (such as en or pt-BR) were left out: ${some(items)}`,
        `"${rawLanguage ?? ""}"`,
      );
      language = undefined;
    }

    const links: Link[] = [];
    let recording: string | undefined;
    for (const reference of [...listOf(event.links), ...listOf(event.attachments)]) {
      const url = isObject(reference) ? absoluteUrl(reference.url ?? reference.href, at.base) : undefined;
      if (!url) {
        notes.add("link-dropped", (items) => `Links without an http(s) URL were left out: ${some(items)}`, label);
        continue;
      }
      const linkTitle = isObject(reference) ? textOf(reference.title) : undefined;
      // A link, not an attachment: an attached video file is the speaker's material, not the session's recording.
      if (!recording && listOf(event.links).includes(reference) && isRecording(linkTitle, url)) {
        recording = url;
        continue;
      }
      links.push({ label: linkTitle ?? new URL(url).host, url });
    }

    // Our own export names the original page origin_url and its own page url; pretalx and frab only url.
    const originUrl = absoluteUrl(event.origin_url, at.base) ?? absoluteUrl(event.url, at.base);
    if (!originUrl) {
      notes.add(
        "origin-missing",
        (items) => `Sessions without an http(s) url have no link to their page in the original tool: ${some(items)}`,
        label,
      );
    }

    const personKeys: string[] = [];
    for (const [p, person] of listOf(event.persons).entries()) {
      const personName = isObject(person) ? (textOf(person.name) ?? textOf(person.public_name)) : undefined;
      if (!isObject(person) || !personName) throw refuse(`has a person (#${String(p + 1)}) without a name`);
      const key = textOf(person.guid)
        ? `guid:${String(person.guid)}`
        : textOf(person.code)
          ? `code:${String(person.code)}`
          : typeof person.id === "number" || textOf(person.id)
            ? `id:${String(person.id)}`
            : `name:${personName}`;
      if (!personKeys.includes(key)) personKeys.push(key);
      const personLinks: Link[] = [];
      for (const reference of listOf(person.links)) {
        const url = isObject(reference) ? absoluteUrl(reference.url, at.base) : undefined;
        if (!url || !isObject(reference)) {
          notes.add(
            "link-dropped",
            (items) => `Links without an http(s) URL were left out: ${some(items)}`,
            personName,
          );
          continue;
        }
        personLinks.push({ label: textOf(reference.title) ?? new URL(url).host, url });
      }
      const known = persons.get(key);
      persons.set(key, {
        key,
        name: personName,
        bio: textOf(person.biography) ?? known?.bio,
        avatar: absoluteUrl(person.avatar, at.base) ?? known?.avatar,
        links: personLinks.length > 0 ? personLinks : (known?.links ?? []),
      });
    }

    return {
      label,
      guid,
      id,
      roomName: at.roomName,
      start,
      end,
      title,
      type,
      track: textOf(event.track),
      language,
      abstract: textOf(event.abstract),
      description: textOf(event.description),
      links,
      recording,
      originUrl,
      personKeys,
    };
  }

  if (sessions.length === 0) throw new ImportError(`${name}: the schedule has no sessions`);
  const seen = new Map<string, string>();
  for (const session of sessions) {
    const other = seen.get(session.guid);
    if (other) throw new ImportError(`${name}: ${other} and ${session.label} have the same guid ${session.guid}`);
    seen.set(session.guid, session.label);
  }

  const zone = decideZone(textOf(conference.time_zone_name), zoneOption, sessions, name, notes);
  return {
    title,
    acronym: textOf(conference.acronym),
    description: textOf(conference.description),
    zone,
    rooms,
    sessions,
    persons,
  };
}

/**
 * The edition's zone. The file's `time_zone_name` (or --time-zone) where it names one; its times are then written
 * in it, the same instants, whatever offsets the file wrote them with (DemoCon says UTC and writes +01:00). Where
 * it names none, the offsets decide: one offset is UTC or a fixed Etc/GMT zone; several, or one that is not whole
 * hours, cannot say which zone's clock they follow.
 */
function decideZone(
  named: string | undefined,
  option: string | undefined,
  sessions: FileSession[],
  name: string,
  notes: Notes,
): string {
  if (option && !isZone(option))
    throw new ImportError(`--time-zone ${option} is not an IANA time zone such as Europe/Berlin`);
  let zone = option ?? named;
  if (zone && !isZone(zone)) {
    notes.add(
      "zone-unknown",
      () => `The file's time_zone_name "${zone ?? ""}" is not an IANA time zone: it was ignored`,
    );
    zone = undefined;
  }
  const times = sessions.flatMap((s) => [s.start, ...(typeof s.end === "number" ? [] : [s.end])]);
  if (zone) {
    const inZone = zone;
    const differing = new Set<string>();
    let count = 0;
    for (const time of times) {
      if (time.offset === undefined) continue;
      const offset = zoneOffsetMinutes(new Date(instantOf(time, inZone)), inZone);
      if (offset !== time.offset) {
        count++;
        differing.add(isoOffset(time.offset));
      }
    }
    if (count > 0) {
      notes.add(
        "zone-rewritten",
        () =>
          `The file names the zone ${inZone} but writes ${String(count)} times at ${[...differing].join(", ")}: the edition keeps ${inZone} and writes those times in it (the same instants)`,
      );
    }
    const unzoned = times.filter((time) => time.offset === undefined).length;
    if (unzoned > 0) {
      notes.add(
        "zone-local",
        () => `${String(unzoned)} times without an offset were read on the wall clock of ${inZone}`,
      );
    }
    if (option && named !== option) {
      notes.add(
        "zone-option",
        () => `The times are in ${option}, as --time-zone says${named ? ` (the file names ${named})` : ""}`,
      );
    }
    return inZone;
  }
  const unzoned = sessions.find((s) => s.start.offset === undefined);
  if (unzoned) {
    throw new ImportError(
      `${name}: the file names no time zone and ${unzoned.label} has a time without an offset (add --time-zone)`,
    );
  }
  const offsets = [...new Set(times.flatMap((time) => (time.offset === undefined ? [] : [time.offset])))];
  const [offset] = offsets;
  if (offset === undefined || offsets.length > 1) {
    throw new ImportError(
      `${name}: the file names no time zone and its times have several offsets (${offsets.map(isoOffset).join(", ")}): add --time-zone`,
    );
  }
  if (offset % 60 !== 0 || offset < -12 * 60 || offset > 14 * 60) {
    throw new ImportError(
      `${name}: the file names no time zone and its offset ${isoOffset(offset)} is not a whole-hour zone: add --time-zone`,
    );
  }
  // Etc/GMT zones count the other way round: Etc/GMT-1 is one hour ahead of UTC.
  const decided = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${String(Math.abs(offset / 60))}`;
  notes.add(
    "zone-decided",
    () =>
      `The file names no time zone: every time is at ${isoOffset(offset)}, so the edition is in ${decided} (check event.json's timeZone)`,
  );
  return decided;
}

/** The initials a portrait shows: the first letters of the first and last names, suffixes such as Jr or PhD aside. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word) && !/^(jr|sr|ii|iii|iv|phd|md|dds|dvm|esq)\.?$/i.test(word));
  const first = words[0] ?? name;
  const last = words.length > 1 ? words.at(-1) : undefined;
  return [first, last]
    .flatMap((word) => (word ? [Array.from(word.replace(/^\P{L}+/u, ""))[0] ?? ""] : []))
    .join("")
    .toUpperCase();
}

/**
 * Backgrounds for initials portraits: each holds white text at a contrast of at least 4.5:1 (WCAG AA for any size),
 * and they differ enough in hue that neighbours on a page are told apart.
 */
export const initialsBackgrounds = [
  "#1A1A2E",
  "#5B21B6",
  "#1D4ED8",
  "#0F766E",
  "#B91C1C",
  "#9D174D",
  "#065F46",
  "#92400E",
];

const xmlEscape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A portrait of a person's initials, in the reference edition's style: an image named after them. */
export function initialsSvg(name: string, id: string): string {
  // The same person gets the same colour in every import.
  const hash = createHash("sha1").update(id).digest()[0] ?? 0;
  const background = initialsBackgrounds[hash % initialsBackgrounds.length] ?? "#1A1A2E";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-labelledby="t"><title id="t">${xmlEscape(name)}</title><rect width="400" height="400" fill="${background}"/><text x="200" y="200" fill="#FFFFFF" font-family="Space Grotesk Variable, Inter Variable, Arial, sans-serif" font-size="150" font-weight="700" text-anchor="middle" dominant-baseline="central">${xmlEscape(initialsOf(name))}</text></svg>\n`;
}

/**
 * The kind of a downloaded image by its first bytes, not by what the server claims: PNG, JPEG and WebP only. SVG
 * is refused on purpose: served from the site's own origin, a third party's SVG could carry script.
 */
function imageKind(bytes: Uint8Array): "png" | "jpg" | "webp" | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

/** Downloads an avatar: its bytes and kind, or why not. */
async function downloadAvatar(url: string): Promise<{ bytes: Uint8Array; kind: string } | { problem: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(avatarTimeoutMs), redirect: "follow" });
    if (!response.ok) return { problem: `HTTP ${String(response.status)}` };
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxAvatarBytes) return { problem: "larger than 5 MB" };
    const kind = imageKind(bytes);
    return kind ? { bytes, kind } : { problem: "not a PNG, JPEG or WebP image" };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Reads the source: a file, or a URL fetched with Node's fetch. */
async function readSource(source: string): Promise<{ text: string; name: string }> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      const reason =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new ImportError(`${source} could not be fetched: ${reason}`);
    }
    if (!response.ok)
      throw new ImportError(`${source} could not be fetched: the server answered ${String(response.status)}`);
    return { text: await response.text(), name: source };
  }
  try {
    return { text: readFileSync(source, "utf8"), name: path.basename(source) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(
      `${source} cannot be read${code === "ENOENT" ? ": there is no such file" : ` (${code ?? String(error)})`}`,
    );
  }
}

/** The words of a new edition's event.json: generic, with {name} and {date}, to be rewritten by the organiser. */
function newEvent(
  file: FileSchedule,
  id: string,
  date: string,
  endDate: string | undefined,
  firstStart: string,
  lastEnd: string,
) {
  const shortName = file.title.replace(/\s*\b(19|20)\d{2}\s*$/, "").trim() || file.title;
  return {
    name: file.title,
    shortName,
    headline: `The programme of {name}: every session, its speakers and its room.`,
    description: file.description ?? `{name}, {date}: the programme of every session, with its speakers and its room.`,
    date,
    ...(endDate ? { endDate } : {}),
    timeZone: file.zone,
    timeZoneLabel: zoneAbbreviation(firstStart, file.zone),
    // Intl names UTC "GMT+00:00"; its own name reads better.
    ...(file.zone === "UTC" ? { timeZoneName: "Coordinated Universal Time" } : {}),
    location: "Online",
    place: "Online",
    livestreamName: "{name} livestream",
    siteUrl: `https://${id}.example.org`,
    sponsorsIntro: "{name} is made possible by the organisations below.",
    upcoming: {
      heading: "Save the date",
      message: "{name} takes place on {date}. Register to get the stream link and a reminder.",
    },
    live: {
      heading: "We're live",
      message: "{name} is on now. Join the stream, and see what is on and what comes next below.",
    },
    conclusion: {
      heading: "That's a wrap!",
      message: "{name} has ended. Thank you to every speaker and to everyone who joined us.",
    },
    links: {
      watch: "https://example.org/{edition}/recordings",
      register: "https://example.org/{edition}/register",
      broadcast: "https://example.org/{edition}/live",
      streamJoin: "https://example.org/{edition}/green-room",
      groupChat: "https://example.org/{edition}/speakers-chat",
      walkthrough: "https://example.org/{edition}/streaming-walkthrough",
    },
    walkthrough: { intro: "How the streaming tool works:", label: "Streaming tool walkthrough" },
    // No demos, so no vote is ever cast; the window only has to be a window.
    voting: {
      opens: zonedIso(new Date(Date.parse(firstStart) - 14 * 86_400_000).toISOString(), file.zone),
      closes: lastEnd,
    },
    presentedLive: 0,
  };
}

/** Imports a schedule into an edition folder: new, or an earlier import of the same event updated in place. */
export async function importSchedule(options: ImportOptions): Promise<ImportResult> {
  const root = path.resolve(options.root ?? editionsRoot);
  const notes = new Notes();
  const { text, name } = await readSource(options.source);
  const file = readSchedule(text, name, notes, options.timeZone);

  const fromFile = file.acronym ?? file.title;
  const id = options.editionId ?? kebab(fromFile, maxEditionId);
  if (!editionIdPattern.test(id)) {
    throw new ImportError(
      options.editionId
        ? `--edition ${JSON.stringify(id)} is not an edition id (lowercase kebab-case, such as example-conf-2031)`
        : `${name}: no edition id can be made of the acronym ${JSON.stringify(fromFile)}: name one with --edition`,
    );
  }
  if (!options.editionId && id !== fromFile) {
    notes.add(
      "edition-id",
      () =>
        `The edition id "${id}" was made of the acronym "${fromFile}" (lowercase kebab-case, at most ${String(maxEditionId)} characters)`,
    );
  }
  const dir = path.join(root, id);
  let existing: EditionInput | undefined;
  if (existsSync(dir)) {
    try {
      existing = readEditionInput(id, root);
    } catch (error) {
      throw new ImportError(error instanceof Error ? error.message : String(error));
    }
  }

  const zone = file.zone;
  const iso = (time: WrittenTime) => zonedIso(new Date(instantOf(time, zone)).toISOString(), zone);
  const timed = file.sessions.map((session) => {
    const startMs = instantOf(session.start, zone);
    const endMs = typeof session.end === "number" ? startMs + session.end * 60_000 : instantOf(session.end, zone);
    return { session, start: iso(session.start), end: zonedIso(new Date(endMs).toISOString(), zone), startMs, endMs };
  });

  // What an earlier import left, and what the organiser added by hand: sessions without a guid are theirs.
  const oldAgenda = existing?.agenda ?? [];
  const oldByGuid = new Map(oldAgenda.filter((slot) => slot.guid).map((slot) => [slot.guid ?? "", slot]));
  const newGuids = new Set(file.sessions.map((s) => s.guid));
  // An update is of the same event: an edition made by hand, or one of another event, is not merged into.
  if (existing && oldByGuid.size === 0) {
    throw new ImportError(
      `editions/${id} exists and holds no imported session: import into a new edition (--edition <another id>)`,
    );
  }
  if (existing && ![...newGuids].some((guid) => oldByGuid.has(guid))) {
    throw new ImportError(
      `${name} shares no session (by guid) with editions/${id}: is it another event? Import it with --edition <another id>`,
    );
  }
  const handSlots = oldAgenda.filter((slot) => !slot.guid);
  const droppedSlots = oldAgenda.filter((slot) => slot.guid && !newGuids.has(slot.guid));
  const oldTalks = new Map((existing?.talks ?? []).map((talk) => [talk.id, talk]));
  const droppedTalkIds = new Set(droppedSlots.flatMap((slot) => (slot.talkId ? [slot.talkId] : [])));
  if (droppedSlots.length > 0) {
    notes.add(
      "dropped",
      () => `Sessions no longer in the file were removed: ${some(droppedSlots.map((s) => `"${s.id}"`))}`,
    );
  }

  // Rooms: matched by guid, then by name, so their ids stay; rooms added by hand (no guid) stay too.
  const oldRooms = existing?.rooms ?? [];
  const roomIds = new Set<string>();
  const rooms: Room[] = [];
  const roomIdByName = new Map<string, string>();
  for (const room of file.rooms) {
    const old =
      oldRooms.find((r) => room.guid !== undefined && r.guid === room.guid) ??
      oldRooms.find((r) => r.name === room.name);
    const roomId = old && !roomIds.has(old.id) ? old.id : uniqueId(kebab(room.name) || "room", roomIds);
    roomIds.add(roomId);
    roomIdByName.set(room.name, roomId);
    const description = room.description ?? old?.description;
    rooms.push({
      ...old,
      id: roomId,
      name: room.name,
      ...(description ? { description } : {}),
      ...(room.guid ? { guid: room.guid } : {}),
    });
  }
  const handRoomsUsed = new Set(handSlots.flatMap((slot) => (slot.room ? [slot.room] : [])));
  for (const room of oldRooms) {
    if (!rooms.some((r) => r.id === room.id) && (!room.guid || handRoomsUsed.has(room.id))) {
      rooms.push(room);
      roomIds.add(room.id);
    }
  }

  // Speakers: matched by name, so their ids, titles, links and portraits stay where the file has none.
  const oldSpeakers = existing?.speakers ?? [];
  const importedBefore = new Set(oldAgenda.filter((slot) => slot.guid).flatMap((slot) => slot.speakerIds ?? []));
  // Every id the edition had stays taken: a newcomer never takes the id of someone who left.
  const speakerIds = new Set(oldSpeakers.map((s) => s.id));
  const speakerIdByKey = new Map<string, string>();
  const speakers = new Map<string, { person: FilePerson; old: Speaker | undefined }>();
  const sameName = (a: string, b: string) => a.normalize("NFKC").toLowerCase() === b.normalize("NFKC").toLowerCase();
  for (const person of file.persons.values()) {
    const old = oldSpeakers.find(
      (s) => sameName(s.name, person.name) && ![...speakers.values()].some((v) => v.old === s),
    );
    const base = kebab(person.name) || "speaker";
    const speakerId = old ? old.id : uniqueId(base, speakerIds);
    speakerIds.add(speakerId);
    if (!old && speakerId !== base) {
      notes.add(
        "homonym",
        (items) => `People whose name gives an id someone else has were given ids of their own: ${some(items)}`,
        `"${speakerId}"`,
      );
    }
    speakerIdByKey.set(person.key, speakerId);
    speakers.set(speakerId, { person, old });
  }

  // Sessions: matched by guid, so ids, pages and what was added by hand (a host, highlights) stay.
  const slotIds = new Set(
    [...oldAgenda.filter((slot) => !droppedSlots.includes(slot)), ...(existing?.backstage ?? [])].map((s) => s.id),
  );
  const talkIds = new Set(
    (existing?.talks ?? []).filter((talk) => !droppedTalkIds.has(talk.id)).map((talk) => talk.id),
  );
  const slots: Slot[] = [...handSlots];
  const talks: Talk[] = (existing?.talks ?? []).filter(
    (talk) =>
      !droppedTalkIds.has(talk.id) && !timed.some(({ session }) => oldByGuid.get(session.guid)?.talkId === talk.id),
  );
  for (const { session, start, end } of timed) {
    const old = oldByGuid.get(session.guid);
    const slotId = old ? old.id : uniqueId(session.id, slotIds);
    slotIds.add(slotId);
    if (!old && slotId !== session.id) {
      notes.add(
        "slug-clash",
        (items) => `Sessions whose slug another session had were given ids of their own: ${some(items)}`,
        `"${slotId}"`,
      );
    }
    const talkId = old?.talkId ?? uniqueId(slotId, talkIds);
    const oldTalk = old?.talkId ? oldTalks.get(old.talkId) : undefined;
    let description = session.description;
    let abstract = session.abstract;
    if (!description) {
      // What the organiser wrote by hand, where they did, before the abstract.
      description = oldTalk?.description ?? abstract ?? "Details to follow.";
      if (!oldTalk?.description) {
        notes.add(
          "description",
          (items) =>
            `Sessions without a description show their abstract instead, or "Details to follow.": ${some(items)}`,
          session.label,
        );
      }
      if (abstract === description) abstract = undefined;
    }
    const slot: Slot = {
      ...old,
      id: slotId,
      start,
      end,
      type: session.type,
      title: session.title,
      room: roomIdByName.get(session.roomName),
      ...((session.track ?? old?.track) ? { track: session.track ?? old?.track } : {}),
      ...((session.language ?? old?.language) ? { language: session.language ?? old?.language } : {}),
      guid: session.guid,
      speakerIds: session.personKeys.flatMap((key) => speakerIdByKey.get(key) ?? []),
      talkId,
      // A recording added by hand stays until the file has one of its own.
      ...((session.recording ?? old?.recording) ? { recording: session.recording ?? old?.recording } : {}),
    };
    slots.push(slot);
    const tags = session.track ? [session.track] : (oldTalk?.tags ?? []);
    const links = session.links.length > 0 ? session.links : (oldTalk?.links ?? []);
    const originUrl = session.originUrl ?? oldTalk?.originUrl;
    talks.push({
      ...oldTalk,
      id: talkId,
      path: oldTalk?.path ?? `/talks/${talkId}`,
      title: session.title,
      description,
      ...((abstract ?? oldTalk?.abstract) ? { abstract: abstract ?? oldTalk?.abstract } : {}),
      tags,
      links,
      ...(originUrl ? { originUrl } : {}),
    });
  }
  // The file may put a person in two sessions at once (pretalx only warns): kept as the file says, and said.
  const imported = slots.filter((slot) => slot.guid);
  for (const [i, a] of imported.entries()) {
    for (const b of imported.slice(i + 1)) {
      const overlap = Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
      const shared = overlap ? (a.speakerIds ?? []).filter((ref) => b.speakerIds?.includes(ref)) : [];
      for (const ref of shared) {
        notes.add(
          "double-booked",
          (items) => `People the file puts in two sessions at once, kept as it says: ${some(items)}`,
          `"${ref}" in "${a.id}" and "${b.id}"`,
        );
      }
    }
  }
  const roomOrder = new Map(rooms.map((room, i) => [room.id, i]));
  slots.sort(
    (a, b) =>
      Date.parse(a.start) - Date.parse(b.start) ||
      (roomOrder.get(a.room ?? "") ?? 0) - (roomOrder.get(b.room ?? "") ?? 0) ||
      a.id.localeCompare(b.id),
  );

  // The days the sessions fall on, in the zone (a session may end at midnight, the first instant of the next day).
  const firstStart = timed.reduce((a, b) => (b.startMs < a.startMs ? b : a));
  const lastEnd = timed.reduce((a, b) => (b.endMs > a.endMs ? b : a));
  const dayOf = (ms: number) => zonedDate(new Date(ms), zone);
  const allMs = slots.flatMap((slot) => [Date.parse(slot.start), Date.parse(slot.end) - 1]);
  const date = dayOf(Math.min(...allMs));
  const lastDay = dayOf(Math.max(...allMs));
  const endDate = lastDay !== date ? lastDay : undefined;

  const event = existing
    ? updatedEvent(existing.event, zone, date, endDate, firstStart.start)
    : newEvent(file, id, date, endDate, firstStart.start, lastEnd.end);

  // The speakers the edition keeps: those of the file, and those that anything kept still names.
  const kept = existing ? { ...existing, agenda: handSlots } : undefined;
  const stillNamed = new Set(kept ? namedSpeakers(kept) : []);
  const speakerList: Speaker[] = [];
  const droppedSpeakers: Speaker[] = [];
  for (const speaker of oldSpeakers) {
    if (speakers.has(speaker.id)) continue;
    if (importedBefore.has(speaker.id) && !stillNamed.has(speaker.id)) droppedSpeakers.push(speaker);
    else speakerList.push(speaker);
  }
  if (droppedSpeakers.length > 0) {
    notes.add(
      "speakers-dropped",
      () => `Speakers no longer in the programme were removed: ${some(droppedSpeakers.map((s) => `"${s.id}"`))}`,
    );
  }

  // Written in a folder beside the edition, checked, and only then moved into place.
  mkdirSync(root, { recursive: true });
  const temp = mkdtempSync(path.join(root, `.import-${id}-`));
  try {
    if (existing) cpSync(dir, temp, { recursive: true });
    const portraits = path.join(temp, "public", "portraits");
    mkdirSync(portraits, { recursive: true });
    for (const asset of [placeholderPortrait, "/favicon.svg"]) {
      const target = path.join(temp, "public", asset);
      if (!existsSync(target)) cpSync(path.join(editionPublicDir(defaultEditionId), asset), target);
    }

    let downloaded = 0;
    let initials = 0;
    const failed: string[] = [];
    await inTurns(
      [...speakers.entries()].map(([speakerId, { person, old }]) => async () => {
        let portrait = old?.portrait;
        if (person.avatar) {
          const result = await downloadAvatar(person.avatar);
          if ("bytes" in result) {
            for (const stale of readdirSync(portraits).filter((f) => f.startsWith(`${speakerId}.`))) {
              rmSync(path.join(portraits, stale));
            }
            await writeFile(path.join(portraits, `${speakerId}.${result.kind}`), result.bytes);
            portrait = `/portraits/${speakerId}.${result.kind}`;
            downloaded++;
          } else failed.push(`${speakerId} (${person.avatar}: ${result.problem})`);
        }
        if (!portrait) {
          await writeFile(path.join(portraits, `${speakerId}.svg`), initialsSvg(person.name, speakerId));
          portrait = `/portraits/${speakerId}.svg`;
          initials++;
        }
        speakerList.push({
          ...old,
          id: speakerId,
          name: person.name,
          ...((person.bio ?? old?.bio) ? { bio: person.bio ?? old?.bio } : {}),
          portrait,
          links: person.links.length > 0 ? person.links.map(httpsLink(notes)) : (old?.links ?? []),
        });
      }),
    );
    if (failed.length > 0) {
      notes.add(
        "avatar-failed",
        () =>
          `Avatars that could not be downloaded were replaced by initials (or the portrait already there): ${some(failed)}`,
      );
    }
    for (const speaker of droppedSpeakers) {
      const own = speaker.portrait.startsWith(`/portraits/${speaker.id}.`);
      if (own && !speakerList.some((s) => s.portrait === speaker.portrait))
        rmSync(path.join(temp, "public", speaker.portrait), { force: true });
    }
    // Speakers in the order they first appear in the programme, those not in it after.
    const order = new Map(
      slots
        .flatMap((slot) => slot.speakerIds ?? [])
        .map((ref, i) => [ref, i] as const)
        .reverse(),
    );
    speakerList.sort(
      (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.id.localeCompare(b.id),
    );

    const sections: Partial<Record<keyof EditionInput, unknown>> = {
      event,
      speakers: speakerList,
      rooms,
      agenda: slots,
      talks,
      ...(existing ? {} : { backstage: [], demos: [], sponsors: [], briefings: [], briefingConfig: {} }),
    };
    const options = (await resolveConfig(path.join(temp, sectionFiles.event))) ?? {};
    for (const [section, value] of Object.entries(sections)) {
      const target = path.join(temp, sectionFiles[section as keyof EditionInput]);
      await writeFile(target, await format(JSON.stringify(value, null, 2), { ...options, filepath: target }));
    }

    const tempId = path.basename(temp);
    const input = readEditionInput(tempId, root);
    let valid;
    try {
      valid = validateEdition(input, id);
    } catch (error) {
      if (error instanceof ContentError)
        throw new ImportError(`The imported edition ${id} would be invalid: ${error.problems.join("; ")}`);
      throw error;
    }
    const missing = missingImages(valid, path.join(temp, "public"));
    if (missing.length > 0) throw new ImportError(`The imported edition ${id} would be invalid: ${missing.join("; ")}`);

    const placeholders = Object.entries({ siteUrl: valid.event.siteUrl, ...valid.event.links })
      .filter(([, url]) => /(^|\.)example\.org$/.test(new URL(url).hostname))
      .map(([key]) => (key === "siteUrl" ? key : `links.${key}`));
    if (placeholders.length > 0) {
      notes.add(
        "fill-in",
        () =>
          `Fill these in: event.json's ${placeholders.join(", ")} are placeholders on example.org${existing ? "" : "; its texts (headline, description, location, place, livestreamName, walkthrough, the phases' messages) and voting window are generic"}`,
      );
    }

    if (existing) {
      const old = mkdtempSync(path.join(root, `.replaced-${id}-`));
      renameSync(dir, path.join(old, id));
      renameSync(temp, dir);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(temp, dir);

    const days = new Set(slots.map((slot) => dayOf(Date.parse(slot.start)))).size;
    return {
      editionId: id,
      dir,
      created: !existing,
      sessions: slots.length,
      days,
      rooms: rooms.length,
      speakers: speakerList.length,
      portraits: { downloaded, initials },
      notes: notes.lines(),
    };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Runs tasks a few at a time: an avatar server is not asked for hundreds of images at once. */
async function inTurns(tasks: (() => Promise<void>)[], parallel = 6): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** A speaker's link as the site allows it: https only, so http is upgraded (and said). */
function httpsLink(notes: Notes) {
  return (link: Link): Link => {
    if (!link.url.startsWith("http:")) return link;
    notes.add("https", (items) => `Speaker links on http were changed to https (check them): ${some(items)}`, link.url);
    return { ...link, url: `https:${link.url.slice("http:".length)}` };
  };
}

/** An imported edition's event after a newer export: its days and zone from the file, its words and links kept. */
function updatedEvent(old: Json, zone: string, date: string, endDate: string | undefined, firstStart: string): Json {
  const event: Json = { ...old, date, endDate };
  if (!endDate) delete event.endDate;
  if (old.timeZone !== zone) {
    event.timeZone = zone;
    event.timeZoneLabel = zoneAbbreviation(firstStart, zone);
    delete event.timeZoneName;
    if (zone === "UTC") event.timeZoneName = "Coordinated Universal Time";
  }
  return event;
}

/** Every speaker an edition's records name, other than through the agenda's speakers. */
function namedSpeakers(edition: EditionInput): string[] {
  return [
    ...edition.agenda.flatMap((slot) => [...(slot.hostId ? [slot.hostId] : []), ...(slot.speakerIds ?? [])]),
    ...edition.backstage.flatMap((session) => session.participantIds),
    ...(edition.panelPage?.speakerIds ?? []),
    ...edition.demos.map((demo) => demo.presenterId),
    ...edition.briefings.map((briefing) => briefing.speakerId),
  ];
}
