import type { EditionInput } from "../../content/schema";
import { kebab, uniqueId } from "./kebab";
import type { FileRoom } from "./read-schedule";

type Room = NonNullable<EditionInput["rooms"]>[number];
type Slot = EditionInput["agenda"][number];

/**
 * The edition's rooms: the file's, matched to the edition's by GUID, then by name, so that their ids stay; rooms
 * added by hand (no GUID), and imported rooms a hand-made session still uses, stay too.
 */
export function mergeRooms(
  fileRooms: FileRoom[],
  oldRooms: Room[],
  handSlots: Slot[],
): { rooms: Room[]; roomIdByName: Map<string, string> } {
  const roomIds = new Set<string>();
  const rooms: Room[] = [];
  const roomIdByName = new Map<string, string>();
  for (const room of fileRooms) {
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
    if (!rooms.some((r) => r.id === room.id) && (!room.guid || handRoomsUsed.has(room.id))) rooms.push(room);
  }
  return { rooms, roomIdByName };
}
