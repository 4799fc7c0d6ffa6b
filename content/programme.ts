import type { AgendaSlot, Edition } from "./schema.ts";

/**
 * Where the build writes the programme. Named here, beside its shape, rather than among the site's paths
 * (common/site-paths.ts): the page's module that fetches it (app/lib/programme.ts) rides in the live parts' chunk
 * (vite.config.ts), which takes in the modules it imports, and those paths' module would bring the table of fixed
 * pages along to every page that has a live part.
 */
export const programmePath = "/programme.json";

/**
 * The programme as the browser reads it (app/lib/programme.ts): the build writes it once as a file
 * (scripts/build/postbuild.ts), so that the parts of a page that show the whole programme or a large part of it (the
 * agenda, the line-up, a stage, the live strip, the visitor's schedule, the overlays, the moderation queue, the
 * rooms' overview) fetch it once, and no page carries it in its script (decision 077). Compact: what those parts
 * show of a session and nothing else (no abstract, no biography, no GUID, no language or track), its people by name
 * (and title) rather than by id, so nothing needs the speakers' section to read it.
 */
export interface Programme {
  /** The rooms, in the edition's order; none for an edition with one stream. */
  rooms: ProgrammeRoom[];
  /** Every agenda slot, in the agenda's (time) order. */
  sessions: ProgrammeSession[];
  /** The talks' pages in the catalogue's order, the line-up's. */
  talks: string[];
}

export interface ProgrammeRoom {
  id: string;
  name: string;
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
}

export interface ProgrammePerson {
  name: string;
  /** Job title and organisation, when the edition gives one. */
  title?: string;
}

/** What the programme is made of: the namespace of content/index.ts, or one loaded edition. */
export type ProgrammeSections = Pick<Edition, "agenda" | "rooms" | "speakers" | "talks">;

/** Each agenda slot of the sections, compact. */
function compacting({ speakers, talks }: ProgrammeSections): (slot: AgendaSlot) => ProgrammeSession {
  const people = new Map(
    speakers.map(({ id, name, title }): [string, ProgrammePerson] => [id, title ? { name, title } : { name }]),
  );
  const paths = new Map(talks.map((talk) => [talk.id, talk.path]));
  return (slot) => {
    const path = slot.talkId === undefined ? undefined : paths.get(slot.talkId);
    const host = slot.hostId === undefined ? undefined : people.get(slot.hostId)?.name;
    // Each optional part only where the session has it: absent, it costs the file nothing.
    return {
      ...sessionCore(slot),
      ...(path === undefined ? {} : { path }),
      speakers: slot.speakerIds.flatMap((speaker) => people.get(speaker) ?? []),
      ...(host === undefined ? {} : { host }),
      ...(slot.recording === undefined ? {} : { recording: slot.recording }),
    };
  };
}

/** The whole programme, compact. */
export function compactProgramme(sections: ProgrammeSections): Programme {
  return {
    rooms: sections.rooms.map(({ id, name }) => ({ id, name })),
    sessions: sections.agenda.map(compacting(sections)),
    talks: sections.talks.map((talk) => talk.path),
  };
}
