import * as content from "../../content";

// For the routes' loaders, at build time (decision 073): the agenda's sessions name their talks' pages.
const pathsById = new Map(content.talkLinks.map((talk) => [talk.id, talk.path]));

/** The page of the talk an agenda slot presents, if it has one. */
export function talkPathOf(talkId: string | undefined): string | undefined {
  return talkId === undefined ? undefined : pathsById.get(talkId);
}
