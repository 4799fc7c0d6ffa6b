import * as content from "../../content";
import type { AgendaSlot, Room, Talk } from "../../content";

export function talkByPath(path: string): Talk | undefined {
  return content.talks.find((talk) => talk.path === path);
}

/** The agenda slot that presents a talk: the one source of its date and time. */
export function slotOfTalk(talkId: string): AgendaSlot | undefined {
  return content.agenda.find((slot) => slot.talkId === talkId);
}

/** A room of an edition with several (content validation proves every slot's room resolves). */
export function roomById(id: string): Room | undefined {
  return content.rooms.find((room) => room.id === id);
}
