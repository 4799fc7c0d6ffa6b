import type { Track } from "../../content";
import {
  compactProgramme,
  type ProgrammeRoom,
  type ProgrammeSections,
  type ProgrammeSession,
} from "../../content/programme";
import { trackFinder } from "../../content/tracks";
import { programmeDays, type ProgrammeDay } from "../../common/programme-days";

/** What a track's page shows: the track, its sessions day by day, and the rooms they are in. */
export interface TrackSchedule {
  track: Track;
  /** Its sessions, in time order, a day each as the event's zone dates them. */
  days: ProgrammeDay<ProgrammeSession>[];
  /** The rooms its sessions are in, in the edition's order: the page names each session's. */
  rooms: ProgrammeRoom[];
}

/**
 * A track's schedule, for its page's loader at build time: only that track's sessions, each in the compact form the
 * agenda reads (content/programme.ts), so a page's data is bounded by its track, not by the programme. Undefined
 * for a slug no track of the edition has.
 */
export function trackSchedule(
  sections: ProgrammeSections & { tracks: readonly Track[] },
  slug: string,
  timeZone: string,
): TrackSchedule | undefined {
  const track = sections.tracks.find((candidate) => candidate.slug === slug);
  if (!track) return undefined;
  const trackOf = trackFinder(sections.tracks);
  const agenda = sections.agenda.filter((slot) => trackOf(slot)?.slug === slug);
  const { rooms, sessions } = compactProgramme({ ...sections, agenda });
  const used = new Set(sessions.map((session) => session.room));
  return { track, days: programmeDays(sessions, timeZone), rooms: rooms.filter((room) => used.has(room.id)) };
}
