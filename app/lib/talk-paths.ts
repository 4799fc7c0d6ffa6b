import * as content from "../../content";

// Apart from talk-lookups.ts: the agenda and the live strip need talks' pages only, not the talks themselves.
const pathsById = new Map(content.talkLinks.map((talk) => [talk.id, talk.path]));

/** The page of the talk an agenda slot presents, if it has one. */
export function talkPathOf(talkId: string | undefined): string | undefined {
  return talkId === undefined ? undefined : pathsById.get(talkId);
}
