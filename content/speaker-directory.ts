import { searchKey } from "../common/search-text.ts";
import type { Edition } from "./schema.ts";

/**
 * Where the build writes the speakers' directory (scripts/build/postbuild.ts) for /speakers to render from
 * (app/lib/speaker-directory.ts), as the agenda renders from the programme's file (decision 077): at 1,200 speakers
 * the directory is too large to ride in the page's data as well as in its HTML (decision 087).
 */
export const speakerDirectoryPath = "/speaker-directory.json";

/** The directory as the page reads it: the groups in order, each speaker in order within their group. */
export interface SpeakerDirectory {
  groups: DirectoryGroup[];
}

export interface DirectoryGroup {
  /** The letter its names begin with, as the index shows it; `otherNames` for those that begin with no cased letter. */
  letter: string;
  speakers: DirectoryEntry[];
}

export interface DirectoryEntry {
  id: string;
  name: string;
  /** Job title and organisation, when the edition gives one. */
  title?: string;
  /** Their sessions on the programme, in time order. */
  sessions: DirectorySession[];
}

export interface DirectorySession {
  title: string;
  /** Its talk's page; absent for a session without one. */
  path?: string;
}

/**
 * The group of names whose first letter has no capital to file it under: Japanese, Chinese, Korean, Arabic and
 * other scripts without case, and names that begin with a digit. Those scripts' own orders (a Japanese name by its
 * reading) need more than the name as written, so they are gathered last, in the collation's order.
 */
export const otherNames = "#";

/**
 * The letter a name is filed under: its first letter or digit folded as a search folds it (`searchKey`: "Ágnes" under
 * A, "Ğülşen" under G), as a capital. Letters that are not a base letter and a mark keep their own group (Ł, Ø, Þ), and
 * Greek and Cyrillic names are filed under their own capitals (Γ, О); any other name under `otherNames`. Leading signs
 * ("'t Hooft", "@handle") are passed over.
 */
export function letterOf(name: string, locale: string): string {
  const first = /[\p{L}\p{N}]/u.exec(searchKey(name))?.[0];
  if (first === undefined) return otherNames;
  const capital = first.toLocaleUpperCase(locale);
  return capital === first.toLocaleLowerCase(locale) ? otherNames : capital;
}

/** The sections the directory is made of: the namespace of content/index.ts, or one loaded edition. */
export type DirectorySections = Pick<Edition, "agenda" | "speakers" | "talks"> & {
  event: Pick<Edition["event"], "locale">;
};

/**
 * Everyone on the programme, hosting or speaking in a session of the agenda, by letter, in the alphabetical order of
 * the edition's interface language (Intl.Collator: "Émilie" beside "Emma", not after "Zoë"; punctuation ignored;
 * "Room 2" before "Room 10"), whole names as written, since which part of a name is the family's differs by culture.
 * Someone only backstage (a rehearsal) is not on the programme, and not listed. Ordered here, at build time, so that
 * the browser shows the order the prerender wrote, whatever its own collation data.
 */
export function speakerDirectory({ agenda, speakers, talks, event }: DirectorySections): SpeakerDirectory {
  const paths = new Map(talks.map((talk) => [talk.id, talk.path]));
  const sessions = new Map<string, DirectorySession[]>();
  for (const slot of agenda) {
    const path = slot.talkId === undefined ? undefined : paths.get(slot.talkId);
    const session = path === undefined ? { title: slot.title } : { title: slot.title, path };
    for (const id of new Set([...(slot.hostId === undefined ? [] : [slot.hostId]), ...slot.speakerIds])) {
      const theirs = sessions.get(id);
      if (theirs) theirs.push(session);
      else sessions.set(id, [session]);
    }
  }
  const collator = new Intl.Collator(event.locale, { ignorePunctuation: true, numeric: true });
  const groups = new Map<string, DirectoryEntry[]>();
  const listed = speakers
    .filter((speaker) => sessions.has(speaker.id))
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  for (const { id, name, title } of listed) {
    const letter = letterOf(name, event.locale);
    const entry = { id, name, ...(title === undefined ? {} : { title }), sessions: sessions.get(id) ?? [] };
    const group = groups.get(letter);
    if (group) group.push(entry);
    else groups.set(letter, [entry]);
  }
  const letters = [...groups.keys()].sort(
    (a, b) => Number(a === otherNames) - Number(b === otherNames) || collator.compare(a, b),
  );
  return { groups: letters.map((letter) => ({ letter, speakers: groups.get(letter) ?? [] })) };
}
