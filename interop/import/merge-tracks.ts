import type { Track } from "../../content/schema";
import { paletteColour } from "./accessible-palette";
import { some, type ImportNotes } from "./import-notes";
import { kebab, uniqueId } from "./kebab";
import type { FileTrackRecord } from "./schedule-file";

const colourPattern = /^#[0-9a-fA-F]{6}$/;

/**
 * The edition's tracks (tracks.json): those conference.tracks lists (C3VOC's newer exports), with the slug and the
 * colour it gives them, then those the sessions name that it does not list (all of them, in a file that lists
 * none), coloured from the accessible palette. A track the edition has already keeps its slug and its colour (an
 * organiser may have chosen another), and a track added by hand stays. Decision 069.
 */
export function mergeTracks(
  fileTracks: FileTrackRecord[],
  sessionTracks: (string | undefined)[],
  oldTracks: Track[],
  notes: ImportNotes,
): Track[] {
  const slugs = new Set<string>();
  const tracks: Track[] = [];
  const coloured: { track: Track; slugFrom: string }[] = [];
  const add = (name: string, slug: string | undefined, color: string | undefined) => {
    if (tracks.some((track) => track.name === name)) return;
    const old = oldTracks.find((t) => t.slug === slug) ?? oldTracks.find((t) => t.name === name);
    const wanted = old?.slug ?? trackSlug(slug, name, notes);
    const track = { slug: uniqueId(wanted, slugs), name, color: old?.color ?? color ?? "" };
    if (!old && !color) coloured.push({ track, slugFrom: wanted });
    tracks.push(track);
  };
  for (const [i, record] of fileTracks.entries()) {
    if (!record.name) {
      notes.add(
        "track-unnamed",
        (items) => `Tracks without a name in conference.tracks were left out: ${some(items)}`,
        `#${String(i + 1)}`,
      );
      continue;
    }
    const valid = record.color && colourPattern.test(record.color) ? record.color : undefined;
    if (!valid && !oldTracks.some((t) => t.slug === record.slug || t.name === record.name)) {
      notes.add(
        "track-colour",
        (items) => `Tracks without a #rrggbb colour were given one of the accessible palette: ${some(items)}`,
        record.color ? `"${record.name}" ("${record.color}")` : `"${record.name}"`,
      );
    }
    add(record.name, record.slug, valid);
  }
  const listed = tracks.length;
  for (const name of sessionTracks) if (name) add(name, undefined, undefined);
  const unlisted = tracks.slice(listed).filter((track) => coloured.some((c) => c.track === track));
  if (unlisted.length > 0) {
    notes.add(
      "track-unlisted",
      () =>
        `Tracks the sessions name that conference.tracks does not list were added with a colour of the accessible palette: ${some(unlisted.map((track) => `"${track.name}"`))}`,
    );
  }
  // Colours last, so that a palette colour goes to no track where the file or the organiser chose it already.
  const taken = new Set(tracks.map((track) => track.color.toUpperCase()));
  for (const { track, slugFrom } of coloured) {
    track.color = paletteColour(slugFrom, taken);
    taken.add(track.color);
  }
  const byHand = oldTracks.filter((old) => !tracks.some((t) => t.slug === old.slug || t.name === old.name));
  for (const old of byHand) tracks.push({ ...old, slug: uniqueId(old.slug, slugs) });
  return tracks;
}

/** A track's slug: as the file writes it where it is one, or its name's (or the written one's) in kebab-case. */
function trackSlug(written: string | undefined, name: string, notes: ImportNotes): string {
  const slug = kebab(written ?? name) || "track";
  if (written && slug !== written) {
    notes.add(
      "track-slug",
      (items) => `Track slugs were normalised to lowercase kebab-case: ${some(items)}`,
      `"${written}" → "${slug}"`,
    );
  }
  return slug;
}
