import { edition, type AgendaSlot, type Briefing, type Speaker, type Talk } from "../../content";

const speakersById = new Map(edition.speakers.map((speaker) => [speaker.id, speaker]));

export function speakerById(id: string): Speaker | undefined {
  return speakersById.get(id);
}

/** Speakers by id, for references the content validation has already proved to resolve. */
export function speakersByIds(ids: string[]): Speaker[] {
  return ids.flatMap((id) => speakersById.get(id) ?? []);
}

const talksById = new Map(edition.talks.map((talk) => [talk.id, talk]));

/** The page of the talk an agenda slot presents, if it has one. */
export function talkPathOf(talkId: string | undefined): string | undefined {
  return talkId === undefined ? undefined : talksById.get(talkId)?.path;
}

export function talkByPath(path: string): Talk | undefined {
  return edition.talks.find((talk) => talk.path === path);
}

/** The agenda slot that presents a talk: the one source of its date and time. */
export function slotOfTalk(talkId: string): AgendaSlot | undefined {
  return edition.agenda.find((slot) => slot.talkId === talkId);
}

export function briefingByPath(path: string): Briefing | undefined {
  return edition.briefings.find((briefing) => briefing.path === path);
}

/** Paths as the router reports them may end with a slash; content paths never do. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
