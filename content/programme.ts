import type { AgendaSlot, Edition } from "./schema.ts";

/**
 * Where the build writes the programme. Named here, beside its shape, rather than among the site's paths
 * (common/site-paths.ts): the page's module that fetches it (app/lib/programme.ts) rides in the live parts' chunk
 * (vite.config.ts), which takes in the modules it imports, and those paths' module would bring the table of fixed
 * pages along to every page that has a live part.
 */
export const programmePath = "/programme.json";

/**
 * The programme as the browser reads it after load (app/lib/programme.ts): the build writes it once as a file
 * (scripts/build/postbuild.ts), so that the parts of a page that need the whole programme while it runs (the live
 * strip, the visitor's schedule, the overlays, the moderation queue, the rooms' overview) fetch it once, and no page
 * carries it in its script. Compact: what those parts show of a session and nothing else (no abstract, no biography,
 * no GUID, no language or track), its speakers by name and title rather than by id, so nothing needs the speakers'
 * section to read it.
 */
export interface Programme {
  /** The rooms, in the edition's order; none for an edition with one stream. */
  rooms: ProgrammeRoom[];
  /** Every agenda slot, in the agenda's (time) order. */
  sessions: ProgrammeSession[];
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
}

export interface ProgrammePerson {
  name: string;
  /** Job title and organisation, when the edition gives one. */
  title?: string;
}

/** What the programme is made of: the namespace of content/index.ts, or one loaded edition. */
export type ProgrammeSections = Pick<Edition, "agenda" | "rooms" | "speakers" | "talks">;

/** Each agenda slot of the sections, compact, with a function that makes any one of them so (for a page's loader). */
function compacting({ speakers, talks }: ProgrammeSections): (slot: AgendaSlot) => ProgrammeSession {
  const people = new Map(
    speakers.map(({ id, name, title }): [string, ProgrammePerson] => [id, title ? { name, title } : { name }]),
  );
  const paths = new Map(talks.map((talk) => [talk.id, talk.path]));
  return (slot) => {
    const path = slot.talkId === undefined ? undefined : paths.get(slot.talkId);
    return {
      ...sessionCore(slot),
      ...(path === undefined ? {} : { path }),
      speakers: slot.speakerIds.flatMap((speaker) => people.get(speaker) ?? []),
    };
  };
}

/** The whole programme, compact. */
export function compactProgramme(sections: ProgrammeSections): Programme {
  return {
    rooms: sections.rooms.map(({ id, name }) => ({ id, name })),
    sessions: sections.agenda.map(compacting(sections)),
  };
}

/**
 * A stage's session: what the programme holds of it, its speakers by name alone (a stage shows no more of them), and
 * its recording, which the stage lists once the edition is over.
 */
export type StageSession = Omit<ProgrammeSession, "speakers"> & {
  speakers: Pick<ProgrammePerson, "name">[];
  recording?: string;
};

/**
 * The sessions of one stage (a room's, or all of them for an edition with one stream) as its page's loader gives
 * them: a stage's page shows its own programme, before and after the edition, in its prerendered HTML.
 */
export function stageSessions(sections: ProgrammeSections, room: string | undefined): StageSession[] {
  const compact = compacting(sections);
  return sections.agenda
    .filter((slot) => room === undefined || slot.room === room)
    .map((slot) => {
      const session = compact(slot);
      return {
        ...session,
        speakers: session.speakers.map(({ name }) => ({ name })),
        ...(slot.recording === undefined ? {} : { recording: slot.recording }),
      };
    });
}
