import type { EditionInput } from "../../content/schema";
import { some, type ImportNotes } from "./import-notes";
import { uniqueId } from "./kebab";
import type { PreviousImport } from "./previous-import";
import type { FileSession } from "./read-session";
import type { TimedSession } from "./timed-sessions";

type Slot = EditionInput["agenda"][number];
type Talk = EditionInput["talks"][number];
type Room = NonNullable<EditionInput["rooms"]>[number];

/** How the file's sessions meet the edition: its rooms and speakers, already matched. */
interface Context {
  previous: PreviousImport;
  rooms: Room[];
  roomIdByName: Map<string, string>;
  speakerIdByKey: Map<string, string>;
  notes: ImportNotes;
}

/**
 * The edition's agenda and talks: the file's sessions, matched to the edition's by GUID so that their ids, pages and
 * what was added by hand (a host, highlights) stay, beside the sessions added by hand. In time order, then by room.
 */
export function mergeSessions(timed: TimedSession[], context: Context): { slots: Slot[]; talks: Talk[] } {
  const { previous, notes } = context;
  const { byGuid, droppedSlots, droppedTalkIds } = previous;
  const slotIds = new Set(
    [
      ...(previous.edition?.agenda ?? []).filter((slot) => !droppedSlots.includes(slot)),
      ...(previous.edition?.backstage ?? []),
    ].map((s) => s.id),
  );
  const oldTalks = previous.edition?.talks ?? [];
  const talkIds = new Set(oldTalks.filter((talk) => !droppedTalkIds.has(talk.id)).map((talk) => talk.id));
  const slots: Slot[] = [...previous.handSlots];
  // The talks no imported session of the file presents stay as they are; the others are written anew below.
  const talks: Talk[] = oldTalks.filter(
    (talk) =>
      !droppedTalkIds.has(talk.id) && !timed.some(({ session }) => byGuid.get(session.guid)?.talkId === talk.id),
  );
  for (const { session, start, end } of timed) {
    const old = byGuid.get(session.guid);
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
    const oldTalk = old?.talkId ? previous.talks.get(old.talkId) : undefined;
    const talk = sessionTalk(session, talkId, oldTalk, notes);
    slots.push(sessionSlot(session, old, { id: slotId, start, end, talkId }, context));
    talks.push(talk);
  }
  noteDoubleBookings(slots, notes);
  noteOverlaps(slots, notes);
  const roomOrder = new Map(context.rooms.map((room, i) => [room.id, i]));
  slots.sort(
    (a, b) =>
      Date.parse(a.start) - Date.parse(b.start) ||
      (roomOrder.get(a.room ?? "") ?? 0) - (roomOrder.get(b.room ?? "") ?? 0) ||
      a.id.localeCompare(b.id),
  );
  return { slots, talks };
}

/** A session's slot: what the file says over what the slot had, where the file says it. */
function sessionSlot(
  session: FileSession,
  old: Slot | undefined,
  { id, start, end, talkId }: Pick<Slot, "id" | "start" | "end" | "talkId">,
  { roomIdByName, speakerIdByKey }: Context,
): Slot {
  const track = session.track ?? old?.track;
  const language = session.language ?? old?.language;
  // A recording added by hand stays until the file has one of its own.
  const recording = session.recording ?? old?.recording;
  return {
    ...old,
    id,
    start,
    end,
    type: session.type,
    title: session.title,
    room: roomIdByName.get(session.roomName),
    ...(track ? { track } : {}),
    ...(language ? { language } : {}),
    guid: session.guid,
    speakerIds: session.personKeys.flatMap((key) => speakerIdByKey.get(key) ?? []),
    talkId,
    ...(recording ? { recording } : {}),
    // Whether it may be recorded is the speakers' to say, through the file: a re-import that no longer says so lifts
    // it (undefined is not written).
    doNotRecord: session.doNotRecord ? true : undefined,
  };
}

/** A session's talk page: the file's words, or what the organiser wrote by hand where the file has none. */
function sessionTalk(session: FileSession, talkId: string, oldTalk: Talk | undefined, notes: ImportNotes): Talk {
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
  const originUrl = session.originUrl ?? oldTalk?.originUrl;
  const shownAbstract = abstract ?? oldTalk?.abstract;
  return {
    ...oldTalk,
    id: talkId,
    path: oldTalk?.path ?? `/talks/${talkId}`,
    title: session.title,
    description,
    ...(shownAbstract ? { abstract: shownAbstract } : {}),
    tags: session.track ? [session.track] : (oldTalk?.tags ?? []),
    links: session.links.length > 0 ? session.links : (oldTalk?.links ?? []),
    ...(originUrl ? { originUrl } : {}),
  };
}

/**
 * Sessions of one room that overlap (an open-ended lounge under a DJ set, a cleanup shift): kept as the file says, the
 * agenda showing them side by side and the stage the one that started last (decision 069), and said, so that an
 * organiser who did not mean it can see where.
 */
function noteOverlaps(slots: Slot[], notes: ImportNotes): void {
  const byRoom = new Map<string, Slot[]>();
  for (const slot of slots) {
    if (slot.room === undefined) continue;
    const inRoom = byRoom.get(slot.room) ?? [];
    inRoom.push(slot);
    byRoom.set(slot.room, inRoom);
  }
  for (const [room, inRoom] of byRoom) {
    let latest: Slot | undefined;
    for (const slot of inRoom.sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
      if (latest && Date.parse(slot.start) < Date.parse(latest.end)) {
        notes.add(
          "room-overlap",
          (items) => `Sessions that overlap in a room were kept as the file says (shown side by side): ${some(items)}`,
          `"${latest.id}" and "${slot.id}" in "${room}"`,
        );
      }
      if (!latest || Date.parse(slot.end) > Date.parse(latest.end)) latest = slot;
    }
  }
}

/** The file may put a person in two sessions at once (pretalx only warns): kept as the file says, and said. */
function noteDoubleBookings(slots: Slot[], notes: ImportNotes): void {
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
}
