import * as content from "../../content";
import type { Speaker } from "../../content";

// The built edition's speakers by id, for the routes' loaders: they run at build time, and the browser's code never
// holds the programme (decision 073). Talks: talk-lookups.ts; briefings: briefing.ts.
const speakersById = new Map(content.speakers.map((speaker) => [speaker.id, speaker]));

export function speakerById(id: string): Speaker | undefined {
  return speakersById.get(id);
}

/** Speakers by id, for references the content validation has already proved to resolve. */
export function speakersByIds(ids: string[]): Speaker[] {
  return ids.flatMap((id) => speakersById.get(id) ?? []);
}

/** Paths as the router reports them may end with a slash; content paths never do. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
