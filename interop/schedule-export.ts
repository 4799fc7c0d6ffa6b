import { createHash } from "node:crypto";
import type { AgendaSlot, Edition, Room, Speaker } from "../content";
import { speakerPath } from "../common/site-paths";
import { shiftDate, zonedDate, zonedHourMinute, zonedInstant, zonedIso } from "../common/time";
import { guidOfSession, personGuid, roomGuid } from "./guids";
import { recordingTitle } from "./recording-link";
import * as m from "../app/i18n/messages";

/**
 * The programme in the formats schedule apps read (Giggity, EventFahrplan, ConfClerk, the VOC streaming site,
 * engelsystem, info-beamer): C3VOC's schedule.json 1.x and frab's schedule.xml, as pretalx writes them for every
 * event: each day, each room (the edition's rooms, or its one stream), each session. Both files are made from one
 * model, so they cannot disagree,
 * and are checked against the schemas in interop/formats by schedule-export.test.ts.
 * docs/decisions/022-schedule-export.md says why each field is what it is.
 */

export const scheduleJsonSchemaUrl = "https://c3voc.de/schedule/schema.json";
export const generatorName = "glosaic-site";
/** A session's language when the content names none: the site's own, English. */
const defaultLanguage = "en";

/** A link as the schema's Reference has it: the type is one of its enum. */
interface ExportLink {
  type: "web" | "media";
  title: string;
  url: string;
}

interface ExportPerson {
  guid: string;
  name: string;
  /** Their speaker page. */
  url: string;
  avatar: string;
  biography: string | null;
  links: ExportLink[];
}

interface ExportSession {
  guid: string;
  id: number;
  /** Start and end with the zone's offset, e.g. 2031-05-07T10:00:00+02:00. */
  date: string;
  end: string;
  /** The wall-clock start in the event's zone, HH:MM, and the length, HH:MM (both deprecated, both required). */
  start: string;
  duration: string;
  slug: string;
  url: string;
  /** The session's page in the tool it was imported from. */
  originUrl: string | undefined;
  room: string;
  title: string;
  type: string;
  track: string | null;
  language: string;
  abstract: string | null;
  description: string | null;
  persons: ExportPerson[];
  links: ExportLink[];
  /** The speakers asked that it not be recorded: what recording teams (C3VOC's) read from the schedule. */
  doNotRecord: boolean;
}

interface ExportRoom {
  name: string;
  slug: string;
  guid: string;
  description: string;
  /** Where to watch it, for the edition's one stream. */
  url: string | undefined;
}

interface ExportDay {
  index: number;
  date: string;
  start: string;
  end: string;
  /** Every room, in the edition's order, with its sessions that day (possibly none). */
  rooms: { room: ExportRoom; sessions: ExportSession[] }[];
}

/** What both files say, once. */
export interface ScheduleModel {
  title: string;
  acronym: string;
  description: string;
  start: string;
  end: string;
  timeZone: string | undefined;
  timeslotDuration: string;
  siteUrl: string;
  /** The edition's tracks with their colours, as the newer schedule.json lists them; none without tracks.json. */
  tracks: { name: string; slug: string; color: string }[];
  rooms: ExportRoom[];
  days: ExportDay[];
  /** What the export had to change or leave out to meet the schema, for the build's log. */
  notes: string[];
}

/**
 * The conference's acronym as the schema's pattern allows it: lowercase letters, digits and underscores, at least
 * four characters. It is the wordmark (shortName), lowercased, with accents, spaces, hyphens and punctuation
 * dropped; a wordmark that leaves fewer than four characters gets the edition's year after it. Returns what was
 * changed, so the build can say it.
 */
export function scheduleAcronym(event: Pick<Edition["event"], "shortName" | "date">): {
  acronym: string;
  changes: string[];
} {
  const source = event.shortName;
  const folded = source.normalize("NFKD").replace(/\p{M}/gu, "");
  const lower = folded.toLowerCase();
  let acronym = lower.replace(/[^a-z0-9_]/g, "");
  const changes: string[] = [];
  if (folded !== source) changes.push("accents dropped");
  if (lower !== folded) changes.push("lowercased");
  if (acronym !== lower) changes.push("characters other than letters, digits and underscores dropped");
  if (acronym.length < 4) {
    acronym = `${acronym}${event.date.slice(0, 4)}`;
    changes.push("the year added, to make four characters");
  }
  return { acronym, changes };
}

/** The schema's pattern for time_zone_name: Area/City zones and UTC (it has no place for Etc/GMT+5 or three parts). */
const schemaZone = /^([A-Z][a-z]+\/[A-Z][a-z]+)|UTC$/;

/** The schema's Event.id is a deprecated positive integer: taken from the GUID, so it is as stable as the GUID. */
function numericId(guid: string): number {
  return (Number.parseInt(guid.slice(0, 8), 16) % 0x7fffffff) + 1;
}

const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A name as a slug the schema allows: lowercase letters and digits, single hyphens between. */
function slugOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The model both files are written from. */
export function scheduleModel(edition: Edition): ScheduleModel {
  const { event } = edition;
  const siteUrl = new URL("/", event.siteUrl).href;
  const onSite = (sitePath: string) => new URL(sitePath, event.siteUrl).href;
  const { acronym, changes } = scheduleAcronym(event);
  const notes = changes.length > 0 ? [`acronym "${acronym}" from "${event.shortName}": ${changes.join(", ")}`] : [];
  const timeZone = schemaZone.test(event.timeZone) ? event.timeZone : undefined;
  if (!timeZone) notes.push(`time_zone_name left out: the schema's pattern does not allow "${event.timeZone}"`);

  const speakers = new Map(edition.speakers.map((speaker) => [speaker.id, speaker]));
  const talks = new Map(edition.talks.map((talk) => [talk.id, talk]));
  const person = (speaker: Speaker): ExportPerson => ({
    guid: personGuid(event.siteUrl, speakerPath(speaker.id)),
    name: speaker.name,
    url: onSite(speakerPath(speaker.id)),
    avatar: onSite(speaker.portrait),
    biography: speaker.bio ?? null,
    links: speaker.links.map((link) => ({ type: "web", title: link.label, url: link.url })),
  });
  // The stream's own links: live on the day, the recordings after. A break has nothing to watch.
  const streamLinks: ExportLink[] = [
    { type: "media", title: m.liveStream, url: event.links.broadcast },
    { type: "media", title: m.stageRecordings, url: event.links.watch },
  ];

  // The edition's rooms; an edition with one stream has one room, named after the stream.
  const streamName = event.livestreamName;
  const streamRoom: ExportRoom = {
    name: streamName,
    slug: slugOf(streamName) || "stream",
    guid: roomGuid(event.siteUrl, slugOf(streamName) || "stream"),
    description: event.location,
    url: event.links.broadcast,
  };
  const rooms: ExportRoom[] =
    edition.rooms.length > 0
      ? edition.rooms.map((room: Room) => ({
          name: room.name,
          slug: slugOf(room.name) || room.id,
          guid: room.guid ?? roomGuid(event.siteUrl, room.id),
          description: room.description ?? event.location,
          url: undefined,
        }))
      : [streamRoom];
  // Validation proves every slot names a room of the edition when it has rooms, and none when it has one stream.
  const roomById = new Map(edition.rooms.map((room, i) => [room.id, rooms[i]]));
  const roomOf = (slot: AgendaSlot): ExportRoom => (slot.room && roomById.get(slot.room)) || rooms[0] || streamRoom;

  const session = (slot: AgendaSlot): ExportSession => {
    const guid = guidOfSession(edition, slot.id);
    const talk = slot.talkId ? talks.get(slot.talkId) : undefined;
    const people = [...new Set([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds])].flatMap(
      (id) => speakers.get(id) ?? [],
    );
    const { hour, minute } = zonedHourMinute(slot.start, event.timeZone);
    return {
      guid,
      id: numericId(guid),
      date: zonedIso(slot.start, event.timeZone),
      end: zonedIso(slot.end, event.timeZone),
      start: clock(hour * 60 + minute),
      duration: clock(minutesBetween(slot.start, slot.end)),
      // The schedule.xml schema wants four characters after the acronym's hyphen.
      slug: `${acronym}-${slot.id.length >= 4 ? slot.id : `session-${slot.id}`}`,
      // The talk's page where the session presents one; the agenda otherwise (its rows carry no anchors).
      url: onSite(talk?.path ?? "/agenda"),
      originUrl: talk?.originUrl,
      room: roomOf(slot).name,
      title: slot.title,
      type: slot.type,
      track: slot.track ?? null,
      language: slot.language ?? defaultLanguage,
      // A talk with a summary of its own exports both; otherwise its description is the abstract, said once.
      abstract: talk?.abstract ?? talk?.description ?? null,
      description: talk?.abstract ? talk.description : null,
      persons: people.map(person),
      links: [
        // The session's own video, titled as the import takes it back (decision 025), and first: the import takes
        // the first link that reads as a recording, and a talk's own link may read as one ("Video").
        ...(slot.recording ? [{ type: "media", title: recordingTitle, url: slot.recording } as const] : []),
        ...(talk?.links ?? []).map((link): ExportLink => ({ type: "web", title: link.label, url: link.url })),
        ...(slot.type === "Break" ? [] : streamLinks),
      ],
      doNotRecord: slot.doNotRecord === true,
    };
  };
  const sessions = edition.agenda.map((slot) => ({ slot, exported: session(slot) }));
  const ids = new Set(sessions.map((s) => s.exported.id));
  if (ids.size !== sessions.length) throw new Error("Two sessions' GUIDs give the same numeric id: rename one");

  // Every date from the first day to the last, each with its rooms; a day is the event's zone's calendar day.
  const lastDate = event.endDate ?? event.date;
  const dates: string[] = [];
  for (let date = event.date; date <= lastDate; date = shiftDate(date, 1)) dates.push(date);
  const days = dates.map((date, i): ExportDay => {
    const ofDay = sessions.filter(({ slot }) => zonedDate(new Date(slot.start), event.timeZone) === date);
    const first = ofDay[0]?.slot;
    const last = ofDay.reduce<AgendaSlot | undefined>(
      (latest, { slot }) => (!latest || Date.parse(slot.end) > Date.parse(latest.end) ? slot : latest),
      undefined,
    );
    const midnight = (day: string) => zonedInstant(day, 0, 0, event.timeZone).toISOString();
    return {
      index: i + 1,
      date,
      start: zonedIso(first?.start ?? midnight(date), event.timeZone),
      end: zonedIso(last?.end ?? midnight(shiftDate(date, 1)), event.timeZone),
      rooms: rooms.map((room) => ({
        room,
        sessions: ofDay.filter(({ exported }) => exported.room === room.name).map(({ exported }) => exported),
      })),
    };
  });

  // The grid the sessions sit on: the largest step that every start and every length is a multiple of.
  const step = edition.agenda.reduce((acc, slot) => {
    const { hour, minute } = zonedHourMinute(slot.start, event.timeZone);
    return gcd(gcd(acc, hour * 60 + minute), minutesBetween(slot.start, slot.end));
  }, 0);
  if (edition.agenda.length === 0) throw new Error("An edition without sessions has no schedule");

  return {
    title: event.name,
    acronym,
    description: event.description,
    start: event.date,
    end: lastDate,
    timeZone,
    timeslotDuration: clock(Math.min(step || 5, 60)),
    siteUrl,
    tracks: edition.tracks.map(({ name, slug, color }) => ({ name, slug, color })),
    rooms,
    days,
    notes,
  };
}

/** The schedule's version: a digest of what it says, so it changes exactly when the programme does. */
function versionOf(model: ScheduleModel): string {
  return createHash("sha256")
    .update(JSON.stringify({ ...model, notes: [] }))
    .digest("hex")
    .slice(0, 12);
}

/** schedule.json, C3VOC 1.x (https://c3voc.de/schedule/schema.json), as pretalx writes it. */
export function scheduleJson(model: ScheduleModel) {
  return {
    $schema: scheduleJsonSchemaUrl,
    generator: { name: generatorName },
    schedule: {
      version: versionOf(model),
      base_url: model.siteUrl,
      conference: {
        acronym: model.acronym,
        title: model.title,
        description: model.description,
        start: model.start,
        end: model.end,
        daysCount: model.days.length,
        timeslot_duration: model.timeslotDuration,
        ...(model.timeZone ? { time_zone_name: model.timeZone } : {}),
        url: model.siteUrl,
        ...(model.tracks.length > 0 ? { tracks: model.tracks } : {}),
        rooms: model.rooms.map((room) => ({
          name: room.name,
          slug: room.slug,
          guid: room.guid,
          type: "online",
          description: room.description,
          ...(room.url ? { url: room.url } : {}),
        })),
        days: model.days.map((day) => ({
          index: day.index,
          date: day.date,
          day_start: day.start,
          day_end: day.end,
          rooms: Object.fromEntries(
            day.rooms.map(({ room, sessions }) => [
              room.name,
              sessions.map((s) => ({
                id: s.id,
                guid: s.guid,
                date: s.date,
                start: s.start,
                end: s.end,
                duration: s.duration,
                room: s.room,
                slug: s.slug,
                url: s.url,
                ...(s.originUrl ? { origin_url: s.originUrl } : {}),
                ...(s.doNotRecord ? { do_not_record: true } : {}),
                title: s.title,
                subtitle: null,
                track: s.track,
                type: s.type,
                language: s.language,
                abstract: s.abstract,
                description: s.description,
                // The pretalx shape only (a name, no frab id or public_name): the schema takes one shape a person.
                persons: s.persons.map((p) => ({
                  guid: p.guid,
                  name: p.name,
                  url: p.url,
                  avatar: p.avatar,
                  biography: p.biography,
                  links: p.links,
                })),
                links: s.links,
              })),
            ]),
          ),
        })),
      },
    },
  };
}

/** Whether XML 1.0 can carry a character: of the control characters, only tab, line feed and carriage return. */
const xmlCarries = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

/** XML text: the five characters XML escapes, and control characters XML 1.0 cannot carry dropped. */
function xmlText(value: string): string {
  return value
    .replace(/\p{Cc}/gu, (character) => (xmlCarries(character) ? character : ""))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
    .join("");
const element = (indent: string, name: string, value: string) => `${indent}<${name}>${xmlText(value)}</${name}>`;

/** schedule.xml, as frab and pretalx write it (https://c3voc.de/schedule/schema.xsd). */
export function scheduleXml(model: ScheduleModel, xmlUrl: string): string {
  const event = (s: ExportSession) => {
    const i = "        ";
    return [
      `      <event${attributes({ guid: s.guid, id: s.id })}>`,
      element(i, "room", s.room),
      element(i, "title", s.title),
      element(i, "type", s.type),
      element(i, "date", s.date),
      element(i, "start", s.start),
      element(i, "duration", s.duration),
      element(i, "abstract", s.abstract ?? ""),
      element(i, "slug", s.slug),
      element(i, "track", s.track ?? ""),
      element(i, "language", s.language),
      ...(s.description ? [element(i, "description", s.description)] : []),
      `${i}<persons>`,
      ...s.persons.map((p) => `${i}  <person${attributes({ guid: p.guid })}>${xmlText(p.name)}</person>`),
      `${i}</persons>`,
      // frab's recording element holds a licence and the opt-out together; a session that may be recorded says nothing.
      ...(s.doNotRecord
        ? [`${i}<recording>`, `${i}  <license></license>`, `${i}  <optout>true</optout>`, `${i}</recording>`]
        : []),
      `${i}<links>`,
      ...s.links.map((l) => `${i}  <link${attributes({ href: l.url, type: l.type })}>${xmlText(l.title)}</link>`),
      `${i}</links>`,
      element(i, "url", s.url),
      ...(s.originUrl ? [element(i, "origin_url", s.originUrl)] : []),
      "      </event>",
    ];
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<schedule>",
    `  <generator${attributes({ name: generatorName })}/>`,
    element("  ", "url", xmlUrl),
    element("  ", "version", versionOf(model)),
    "  <conference>",
    element("    ", "title", model.title),
    element("    ", "acronym", model.acronym),
    element("    ", "start", model.start),
    element("    ", "end", model.end),
    element("    ", "days", String(model.days.length)),
    element("    ", "timeslot_duration", model.timeslotDuration),
    element("    ", "base_url", model.siteUrl),
    element("    ", "url", model.siteUrl),
    ...(model.timeZone ? [element("    ", "time_zone_name", model.timeZone)] : []),
    "  </conference>",
    ...model.days.flatMap((day) => [
      `  <day${attributes({ index: day.index, date: day.date, start: day.start, end: day.end })}>`,
      ...day.rooms.flatMap(({ room, sessions }) => [
        `    <room${attributes({ name: room.name, guid: room.guid })}>`,
        ...sessions.flatMap(event),
        "    </room>",
      ]),
      "  </day>",
    ]),
    "</schedule>",
    "",
  ].join("\n");
}

/** Both files as the build writes them, at their site paths, and what the export had to change. */
export function scheduleFiles(
  edition: Edition,
  paths: { json: string; xml: string },
): { files: { path: string; body: string }[]; notes: string[] } {
  const model = scheduleModel(edition);
  return {
    files: [
      { path: paths.json, body: `${JSON.stringify(scheduleJson(model), null, 2)}\n` },
      { path: paths.xml, body: scheduleXml(model, new URL(paths.xml, edition.event.siteUrl).href) },
    ],
    notes: model.notes,
  };
}
