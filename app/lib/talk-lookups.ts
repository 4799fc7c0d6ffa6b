import * as content from "../../content";
import type { AgendaSlot, Talk } from "../../content";

export function talkByPath(path: string): Talk | undefined {
  return content.talks.find((talk) => talk.path === path);
}

/** The agenda slot that presents a talk: the one source of its date and time. */
export function slotOfTalk(talkId: string): AgendaSlot | undefined {
  return content.agenda.find((slot) => slot.talkId === talkId);
}
