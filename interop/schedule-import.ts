import path from "node:path";
import { zonedDate } from "../common/time";
import { editionsRoot } from "../content/editions";
import type { AvatarTimeouts } from "./import/download-avatar";
import { newEvent, updatedEvent } from "./import/edition-event";
import { ImportError } from "./import/import-error";
import { ImportNotes } from "./import/import-notes";
import { kebab } from "./import/kebab";
import { mergeRooms } from "./import/merge-rooms";
import { mergeSessions } from "./import/merge-sessions";
import { mergeTracks } from "./import/merge-tracks";
import { keptSpeakers, matchSpeakers } from "./import/merge-speakers";
import { previousImport } from "./import/previous-import";
import { readSchedule, type FileSchedule } from "./import/read-schedule";
import { readSource } from "./import/read-source";
import { timedSessions, type TimedSession } from "./import/timed-sessions";
import { writeEdition } from "./import/write-edition";

/**
 * The programme from the tools organisers keep it in: a schedule.json as pretalx and frab write it (C3VOC's
 * schedule.json 1.x, persons in either shape), or a schedule.xml read into the same shape (decision 068), becomes an
 * edition folder, or updates one imported before.
 * Real exports are looser than the schema; what can be mended is mended and said, one line per kind of change,
 * and what cannot is refused in one line with nothing written. docs/decisions/024-import-from-pretalx-and-frab.md
 * says why each rule is what it is; the steps are in import/, in the order below.
 */

export interface ImportOptions {
  /** A file's path, or an http(s) URL fetched with Node's fetch. */
  source: string;
  /** The edition's folder; by default the file's acronym (or title), normalised. */
  editionId?: string;
  /** The folder of editions to write into (editions/ by default). */
  root?: string;
  /** The zone to read the times in, for a file that names none and whose offsets do not say one. */
  timeZone?: string;
  /** How long the avatars may take: import/download-avatar.ts's avatarTimeouts, unless a test shortens them. */
  avatarTimeouts?: AvatarTimeouts;
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
  tracks: number;
  speakers: number;
  /** Portraits downloaded from the file's avatars, and drawn as initials. */
  portraits: { downloaded: number; initials: number };
  /** One line per kind of change the import made to the file's data, and what to fill in by hand. */
  notes: string[];
}

/** Edition ids name folders and URLs: lowercase kebab-case, short enough to read in a path. */
const editionIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const maxEditionId = 40;

/** Imports a schedule into an edition folder: new, or an earlier import of the same event updated in place. */
export async function importSchedule(options: ImportOptions): Promise<ImportResult> {
  const root = path.resolve(options.root ?? editionsRoot);
  const notes = new ImportNotes();
  const { text, name } = await readSource(options.source);
  const file = readSchedule(text, name, notes, options.timeZone);
  const id = editionIdOf(file, options.editionId, name, notes);
  const previous = previousImport(root, id, file, name, notes);
  const existing = previous.edition;
  const timed = timedSessions(file.sessions, file.zone, file.timeslot, notes);

  const { rooms, roomIdByName } = mergeRooms(file.rooms, existing?.rooms ?? [], previous.handSlots);
  const matched = matchSpeakers(file.persons, existing?.speakers ?? [], notes);
  const { slots, talks } = mergeSessions(timed, {
    previous,
    rooms,
    roomIdByName,
    speakerIdByKey: matched.idByKey,
    notes,
  });
  const days = programmeDays(slots, timed, file.zone);
  const event = existing
    ? updatedEvent(existing.event, file.zone, days.date, days.endDate, days.firstStart)
    : newEvent(file, id, days.date, days.endDate, days.firstStart, days.lastEnd);
  const { kept, dropped } = keptSpeakers(previous, matched, notes);
  const tracks = mergeTracks(
    file.tracks,
    slots.map((slot) => slot.track),
    existing?.tracks ?? [],
    notes,
  );

  const written = await writeEdition({
    root,
    id,
    update: existing !== undefined,
    // An edition whose programme names no track has no tracks.json, as an edition written by hand need not.
    sections: { event, rooms, ...(tracks.length > 0 ? { tracks } : {}), agenda: slots, talks },
    matched,
    kept,
    dropped,
    notes,
    avatarTimeouts: options.avatarTimeouts,
  });
  return {
    editionId: id,
    dir: path.join(root, id),
    created: !existing,
    sessions: slots.length,
    days: days.count,
    rooms: rooms.length,
    tracks: tracks.length,
    speakers: written.speakers,
    portraits: written.portraits,
    notes: notes.lines(),
  };
}

/** The summary line of an import: what was written or updated, and how much of it. */
export function importSummary(result: ImportResult, where: string): string {
  const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? "" : "s"}`;
  return `${where}: ${result.created ? "written" : "updated"}: ${plural(result.sessions, "session")} over ${plural(result.days, "day")} in ${plural(result.rooms, "room")}, ${plural(result.tracks, "track")}, ${plural(result.speakers, "speaker")} (${plural(result.portraits.downloaded, "avatar")} downloaded, ${String(result.portraits.initials)} drawn as initials).`;
}

/** The edition's id: the one asked for, or the file's acronym (else its title) as lowercase kebab-case. */
function editionIdOf(file: FileSchedule, asked: string | undefined, name: string, notes: ImportNotes): string {
  const fromFile = file.acronym ?? file.title;
  const id = asked ?? kebab(fromFile, maxEditionId);
  if (!editionIdPattern.test(id)) {
    throw new ImportError(
      asked
        ? `--edition ${JSON.stringify(id)} is not an edition id (lowercase kebab-case, such as example-conf-2031)`
        : `${name}: no edition id can be made of the acronym ${JSON.stringify(fromFile)}: name one with --edition`,
    );
  }
  if (!asked && id !== fromFile) {
    notes.add(
      "edition-id",
      () =>
        `The edition id "${id}" was made of the acronym "${fromFile}" (lowercase kebab-case, at most ${String(maxEditionId)} characters)`,
    );
  }
  return id;
}

/**
 * The days the programme falls on in the zone (a session may end at midnight, the first instant of the next day),
 * and the file's first start and last end.
 */
function programmeDays(slots: { start: string; end: string }[], timed: TimedSession[], zone: string) {
  const dayOf = (ms: number) => zonedDate(new Date(ms), zone);
  const allMs = slots.flatMap((slot) => [Date.parse(slot.start), Date.parse(slot.end) - 1]);
  const date = dayOf(Math.min(...allMs));
  const lastDay = dayOf(Math.max(...allMs));
  return {
    date,
    endDate: lastDay !== date ? lastDay : undefined,
    firstStart: timed.reduce((a, b) => (b.startMs < a.startMs ? b : a)).start,
    lastEnd: timed.reduce((a, b) => (b.endMs > a.endMs ? b : a)).end,
    count: new Set(slots.map((slot) => dayOf(Date.parse(slot.start)))).size,
  };
}
