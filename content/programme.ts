import type { AgendaSlot, Edition } from "./schema.ts";
import { searchKey } from "../common/search-text.ts";

/**
 * Where the build writes the programme. Named here, beside its shape, rather than among the site's paths
 * (common/site-paths.ts): the page's module that fetches it (app/lib/programme.ts) rides in the live parts' chunk
 * (vite.config.ts), which takes in the modules it imports, and those paths' module would bring the table of fixed
 * pages along to every page that has a live part.
 */
export const programmePath = "/programme.json";

/**
 * Where the build writes what the agenda's search reads beyond the programme: each session's abstract and
 * description, folded (`programmeSearch`). Fetched only once a visitor searches (decision 084).
 */
export const programmeSearchPath = "/programme-search.json";

/**
 * The programme as the browser reads it (app/lib/programme.ts): the build writes it once as a file
 * (scripts/build/postbuild.ts), so that the parts of a page that show the whole programme or a large part of it (the
 * agenda, the line-up, a stage, the live strip, the visitor's schedule, the overlays, the moderation queue, the
 * rooms' overview) fetch it once, and no page carries it in its script (decision 077). Compact: what those parts
 * show of a session and nothing else (no abstract, no biography, no GUID), its people by name (and title) rather than
 * by id, so nothing needs the speakers' section to read it; its track by slug and its language, which the agenda
 * shows and filters by (decision 084).
 */
export interface Programme {
  /** The rooms, in the edition's order; none for an edition with one stream. */
  rooms: ProgrammeRoom[];
  /** The tracks, in the edition's order (tracks.json); none for an edition without. */
  tracks: ProgrammeTrack[];
  /** Every agenda slot, in the agenda's (time) order. */
  sessions: ProgrammeSession[];
  /** The talks' pages in the catalogue's order, the line-up's. */
  talks: string[];
}

export interface ProgrammeRoom {
  id: string;
  name: string;
}

/** A track as the agenda shows it: its page's slug, its name and its colour (#rrggbb). */
export interface ProgrammeTrack {
  slug: string;
  name: string;
  color: string;
}

/** What every compact form of a session holds (the programme's, the agenda's, a stage's): when, where, what. */
export interface SessionCore {
  id: string;
  title: string;
  start: string;
  end: string;
  type: string;
  /** Its room's id; absent in an edition with one stream. */
  room?: string;
}

/** An agenda slot's core, its room only where it has one: absent, it costs a page nothing. */
export function sessionCore({ id, title, start, end, type, room }: AgendaSlot): SessionCore {
  return { id, title, start, end, type, ...(room === undefined ? {} : { room }) };
}

export interface ProgrammeSession extends SessionCore {
  /** Its talk's page; absent for a slot without one (a break). */
  path?: string;
  /** Its speakers, what a lower third shows of each. */
  speakers: ProgrammePerson[];
  /** Its moderator's name. */
  host?: string;
  /** Its recording's page, which the agenda and the stage offer once the edition is over. */
  recording?: string;
  /** Its track's slug, where the edition has tracks and the session one of them. */
  track?: string;
  /** Its language (BCP 47), where the edition gives one. */
  lang?: string;
}

export interface ProgrammePerson {
  name: string;
  /** Job title and organisation, when the edition gives one. */
  title?: string;
}

/** What the programme is made of: the namespace of content/index.ts, or one loaded edition. */
export type ProgrammeSections = Pick<Edition, "agenda" | "rooms" | "speakers" | "talks" | "tracks">;

/** Each agenda slot of the sections, compact. */
function compacting({ speakers, talks, tracks }: ProgrammeSections): (slot: AgendaSlot) => ProgrammeSession {
  const people = new Map(
    speakers.map(({ id, name, title }): [string, ProgrammePerson] => [id, title ? { name, title } : { name }]),
  );
  const paths = new Map(talks.map((talk) => [talk.id, talk.path]));
  // A slot names its track by name, as schedule.json does; the agenda links and filters by its slug.
  const trackSlugs = new Map(tracks.map((track) => [track.name, track.slug]));
  return (slot) => {
    const path = slot.talkId === undefined ? undefined : paths.get(slot.talkId);
    const track = slot.track === undefined ? undefined : trackSlugs.get(slot.track);
    const host = slot.hostId === undefined ? undefined : people.get(slot.hostId)?.name;
    // Each optional part only where the session has it: absent, it costs the file nothing.
    return {
      ...sessionCore(slot),
      ...(path === undefined ? {} : { path }),
      speakers: slot.speakerIds.flatMap((speaker) => people.get(speaker) ?? []),
      ...(host === undefined ? {} : { host }),
      ...(slot.recording === undefined ? {} : { recording: slot.recording }),
      ...(track === undefined ? {} : { track }),
      ...(slot.language === undefined ? {} : { lang: slot.language }),
    };
  };
}

/** The whole programme, compact. */
export function compactProgramme(sections: ProgrammeSections): Programme {
  return {
    rooms: sections.rooms.map(({ id, name }) => ({ id, name })),
    tracks: sections.tracks.map(({ slug, name, color }) => ({ slug, name, color })),
    sessions: sections.agenda.map(compacting(sections)),
    talks: sections.talks.map((talk) => talk.path),
  };
}

/**
 * What the agenda's search reads beyond the programme: for each session with a page, the words of its abstract and
 * description, folded as a visitor's query is (common/search-text.ts), each word once. The title and the people are
 * in the programme already. Its own file, fetched only once a visitor searches: most visits never do, and at
 * 1,100 sessions it is larger than the programme (decision 084).
 */
export function programmeSearch({ agenda, talks }: Pick<Edition, "agenda" | "talks">): Record<string, string> {
  const texts = new Map(talks.map((talk) => [talk.id, `${talk.abstract ?? ""} ${talk.description}`]));
  const search: Record<string, string> = {};
  for (const slot of agenda) {
    const text = slot.talkId === undefined ? undefined : texts.get(slot.talkId);
    if (text !== undefined) search[slot.id] = [...new Set(searchKey(text).split(" "))].join(" ");
  }
  return search;
}
