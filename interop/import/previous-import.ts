import { existsSync } from "node:fs";
import path from "node:path";
import { readEditionInput } from "../../content/editions";
import type { EditionInput } from "../../content/schema";
import { ImportError } from "./import-error";
import { some, type ImportNotes } from "./import-notes";
import type { FileSchedule } from "./read-schedule";

type Slot = EditionInput["agenda"][number];
type Talk = EditionInput["talks"][number];

/** An edition imported before, and what of its agenda the newer file keeps, replaces or drops. */
export interface PreviousImport {
  edition: EditionInput | undefined;
  /** Its imported sessions, by GUID: a session of the file with one of these keeps its id, page and hand additions. */
  byGuid: Map<string, Slot>;
  /** Sessions the organiser added by hand (no GUID): they stay. */
  handSlots: Slot[];
  /** Imported sessions the file no longer has: they go, with their talks. */
  droppedSlots: Slot[];
  droppedTalkIds: Set<string>;
  talks: Map<string, Talk>;
}

/**
 * The edition already in the folder, if any: an update is of the same event, so an edition made by hand, or one of
 * another event, is refused rather than merged into.
 */
export function previousImport(
  root: string,
  id: string,
  file: FileSchedule,
  name: string,
  notes: ImportNotes,
): PreviousImport {
  const edition = readExisting(root, id);
  const agenda = edition?.agenda ?? [];
  // What an earlier import left, and what the organiser added by hand: sessions without a guid are theirs.
  const byGuid = new Map(agenda.filter((slot) => slot.guid).map((slot) => [slot.guid ?? "", slot]));
  const newGuids = new Set(file.sessions.map((s) => s.guid));
  if (edition && byGuid.size === 0) {
    throw new ImportError(
      `editions/${id} exists and holds no imported session: import into a new edition (--edition <another id>)`,
    );
  }
  if (edition && ![...newGuids].some((guid) => byGuid.has(guid))) {
    throw new ImportError(
      `${name} shares no session (by guid) with editions/${id}: is it another event? Import it with --edition <another id>`,
    );
  }
  const droppedSlots = agenda.filter((slot) => slot.guid && !newGuids.has(slot.guid));
  if (droppedSlots.length > 0) {
    notes.add(
      "dropped",
      () => `Sessions no longer in the file were removed: ${some(droppedSlots.map((s) => `"${s.id}"`))}`,
    );
  }
  return {
    edition,
    byGuid,
    handSlots: agenda.filter((slot) => !slot.guid),
    droppedSlots,
    droppedTalkIds: new Set(droppedSlots.flatMap((slot) => (slot.talkId ? [slot.talkId] : []))),
    talks: new Map((edition?.talks ?? []).map((talk) => [talk.id, talk])),
  };
}

function readExisting(root: string, id: string): EditionInput | undefined {
  if (!existsSync(path.join(root, id))) return undefined;
  try {
    return readEditionInput(id, root);
  } catch (error) {
    throw new ImportError(error instanceof Error ? error.message : String(error));
  }
}
