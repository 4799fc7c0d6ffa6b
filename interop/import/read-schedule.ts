import { uuidV5, isUuid } from "../guids";
import { absoluteUrl } from "./absolute-url";
import { cleanText } from "./clean-text";
import { decideZone } from "./decide-zone";
import { ImportError } from "./import-error";
import { some, type ImportNotes } from "./import-notes";
import { plainText, readSession, type FilePerson, type FileSession, type SessionContext } from "./read-session";
import {
  roomDescriptionPrefix,
  scheduleFileSchema,
  schemaFields,
  type FileConference,
  type FileRoomRecord,
  type FileTrackRecord,
} from "./schedule-file";
import { durationMinutes } from "./written-time";
import { scheduleXmlAsJson } from "./schedule-xml";

export interface FileRoom {
  name: string;
  guid: string | undefined;
  description: string | undefined;
}

/** What the file says, read and mended, before it meets an edition. */
export interface FileSchedule {
  title: string;
  acronym: string | undefined;
  description: string | undefined;
  zone: string;
  /** The length of the file's grid of times, in minutes, where it names one. */
  timeslot: number | undefined;
  /** The tracks conference.tracks lists, as written. */
  tracks: FileTrackRecord[];
  rooms: FileRoom[];
  sessions: FileSession[];
  persons: Map<string, FilePerson>;
}

/**
 * Reads the file's schedule through its schema (schedule-file.ts): the checks that refuse it, and the mending that
 * is said, in the file's order, so that the notes come in the order their kinds first occur.
 */
export function readSchedule(text: string, name: string, notes: ImportNotes, zoneOption?: string): FileSchedule {
  const { conference, base_url } = cleanText(parseSchedule(text, name, notes), notes).schedule;
  const title = conference.title ?? conference.acronym;
  if (!title) throw new ImportError(`${name}: the conference has no title`);
  noteExtraFields("conference", conference, schemaFields.conference, notes);
  // Rooms: the file's list where it has one (sessions must then be in it), or else the rooms its days name.
  const rooms = readRooms(conference.rooms, name, notes);
  const persons = new Map<string, FilePerson>();
  const sessions = readDays(conference, rooms, {
    name,
    base: absoluteUrl(base_url, undefined),
    acronym: conference.acronym,
    listedRooms: rooms.length > 0 ? rooms.map((room) => room.name) : undefined,
    persons,
    notes,
  });
  if (sessions.length === 0) throw new ImportError(`${name}: the schedule has no sessions`);
  const distinct = distinctSessions(sessions, notes);
  const zone = decideZone(conference.time_zone_name, zoneOption, distinct, name, notes);
  const timeslot = durationMinutes(conference.timeslot_duration);
  return {
    title,
    acronym: conference.acronym,
    description: conference.description,
    zone,
    timeslot: timeslot && timeslot > 0 ? timeslot : undefined,
    tracks: conference.tracks.filter((track) => track !== null),
    rooms,
    sessions: distinct,
    persons,
  };
}

/**
 * The sessions with a GUID each. A merged export may hold one session twice (the same in two schedules it merges):
 * the copy goes. Two different sessions with one GUID (an exporter's mistake) both stay, the later given a UUID v5
 * of that GUID and its own id, so that a re-import gives it the same one. Both said.
 */
function distinctSessions(sessions: FileSession[], notes: ImportNotes): FileSession[] {
  const byFileGuid = new Map<string, FileSession[]>();
  const given = new Set<string>();
  const distinct: FileSession[] = [];
  for (const session of sessions) {
    const same = byFileGuid.get(session.guid) ?? [];
    if (same.some((other) => JSON.stringify(other) === JSON.stringify(session))) {
      notes.add(
        "session-copy",
        (items) => `Sessions the file holds twice, the same in every field, were kept once: ${some(items)}`,
        session.label,
      );
      continue;
    }
    byFileGuid.set(session.guid, [...same, session]);
    let { guid } = session;
    for (let n = 1; given.has(guid); n++)
      guid = uuidV5(n === 1 ? session.id : `${session.id}/${String(n)}`, session.guid);
    if (guid !== session.guid) {
      notes.add(
        "session-guid-shared",
        (items) =>
          `Sessions that share a guid with an earlier, different session were given a new one (UUID v5): ${some(items)}`,
        `${session.label} (shared ${session.guid} with ${same[0]?.label ?? "another"}, now ${guid})`,
      );
    }
    given.add(guid);
    distinct.push({ ...session, guid });
  }
  return distinct;
}

/**
 * The file read through the schema, or the one line that says it is no schedule. Its format is told by its content,
 * not its name (a URL may have none): a schedule.json is an object, a schedule.xml an element, which
 * schedule-xml.ts reads into the object the JSON would be, so that both meet the one schema and the one reader.
 */
function parseSchedule(text: string, name: string, notes: ImportNotes) {
  // A byte order mark, which some editors write, is part of neither format; nor are blank lines before it begins,
  // which XML would refuse before its declaration.
  const content = text.replace(/^\uFEFF/, "").trimStart();
  const first = content.charAt(0);
  let file: unknown;
  if (first === "<") file = scheduleXmlAsJson(content, name, notes);
  else if (first === "{") {
    try {
      file = JSON.parse(content);
    } catch {
      throw new ImportError(`${name} is not a schedule: it is not JSON`);
    }
  } else throw new ImportError(`${name} is not a schedule: it is neither JSON nor XML`);
  const parsed = scheduleFileSchema.safeParse(file);
  if (!parsed.success) throw new ImportError(`${name} is not a schedule: it has no schedule.conference.days`);
  return parsed.data;
}

/** Names the fields of a record that the schema does not know: ignored, and said. */
function noteExtraFields(record: string, value: object, known: string[], notes: ImportNotes): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      notes.add(
        "extra",
        (items) => `Fields outside the schedule.json schema were ignored: ${some(items, 6)}`,
        `${record}.${key}`,
      );
    }
  }
}

/** The rooms conference.rooms lists, each with a name and a GUID of its own (or none). */
function readRooms(records: (FileRoomRecord | null)[], name: string, notes: ImportNotes): FileRoom[] {
  const guids = new Map<string, string>();
  return records
    .filter((room) => room !== null)
    .map((room, i) => {
      // A description per language (description_en) is the room's description, read.
      const written = Object.keys(room).filter((key) => !key.startsWith(roomDescriptionPrefix));
      noteExtraFields("rooms", Object.fromEntries(written.map((key) => [key, true])), schemaFields.room, notes);
      if (!room.name) throw new ImportError(`${name}: conference.rooms #${String(i + 1)} has no name`);
      return {
        name: room.name,
        guid: roomGuid(room.name, room.guid, guids, notes),
        description: plainText(room.description, `room "${room.name}"`, notes),
      };
    });
}

/**
 * A room's GUID: the file's where it is a UUID not taken by an earlier room. A room sharing an earlier room's GUID
 * (DemoCon's two rooms have one) gets a UUID v5 of that GUID and its name, so a re-import of the same file gives
 * the same one.
 */
function roomGuid(
  roomName: string,
  written: string | undefined,
  taken: Map<string, string>,
  notes: ImportNotes,
): string | undefined {
  let guid = written?.toLowerCase();
  if (guid && !isUuid(guid)) {
    notes.add(
      "room-guid-invalid",
      (items) => `Room guids that are not UUIDs were left out (the export derives one): ${some(items)}`,
      `"${roomName}"`,
    );
    return undefined;
  }
  const sharer = guid ? taken.get(guid) : undefined;
  if (guid && sharer !== undefined) {
    const fresh = uuidV5(roomName, guid);
    notes.add(
      "room-guid-duplicate",
      (items) => `Rooms that share a guid with an earlier room were given a new one (UUID v5): ${some(items)}`,
      `"${roomName}" (shared ${guid} with "${sharer}", now ${fresh})`,
    );
    guid = fresh;
  }
  if (guid) taken.set(guid, roomName);
  return guid;
}

/**
 * Every session of every day, in the file's order. Where the file lists no rooms, the rooms its days name are
 * added to `rooms` as they come.
 */
function readDays(
  conference: FileConference,
  rooms: FileRoom[],
  context: Omit<SessionContext, "roomName" | "dayIndex" | "index">,
): FileSession[] {
  const { name, notes, listedRooms } = context;
  const sessions: FileSession[] = [];
  for (const [dayIndex, day] of conference.days.entries()) {
    if (!day) throw new ImportError(`${name}: day #${String(dayIndex + 1)} has no rooms`);
    noteExtraFields("days", day, schemaFields.day, notes);
    for (const [roomName, events] of Object.entries(day.rooms)) {
      for (const [index, event] of events.entries()) {
        if (!event) {
          throw new ImportError(
            `${name}: day ${String(dayIndex + 1)}, room "${roomName}", session #${String(index + 1)} is not an object`,
          );
        }
        sessions.push(readSession(event, { ...context, roomName, dayIndex, index }));
        noteExtraFields("sessions", event, schemaFields.session, notes);
        if (!listedRooms && !rooms.some((room) => room.name === roomName)) {
          rooms.push({ name: roomName, guid: undefined, description: undefined });
        }
      }
    }
  }
  return sessions;
}
