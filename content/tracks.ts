import type { AgendaSlot, Edition, Track } from "./schema.ts";

/**
 * The one place where a session's track is found: a slot names its track by `name` (as schedule.json does), and the
 * edition's tracks (tracks.json) give each its slug, for its page and the agenda's filter, and its colour. Made once
 * per edition and asked per slot, so a whole programme is looked up in one pass.
 *
 * Undefined for a slot without a track, and for every slot of an edition without tracks.json, whose slots may name
 * a track as free text (shown as written, with no page to link to).
 */
export function trackFinder(tracks: readonly Track[]): (slot: Pick<AgendaSlot, "track">) => Track | undefined {
  const byName = new Map(tracks.map((track) => [track.name, track]));
  return (slot) => (slot.track === undefined ? undefined : byName.get(slot.track));
}

/**
 * The tracks that get a page (and a place in the agenda's filter): those with at least one session, in the edition's
 * order. A track that tracks.json lists but no session names would be an empty page.
 */
export function tracksWithSessions(edition: Pick<Edition, "tracks" | "agenda">): Track[] {
  const named = new Set(edition.agenda.map((slot) => slot.track));
  return edition.tracks.filter((track) => named.has(track.name));
}
