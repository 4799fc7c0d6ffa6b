import type { Demo, Speaker } from "../../content";
import { placeholderPortrait } from "../../content/placeholder-portrait";

/** The server demo record of spec §3, as GET /api/demos sends it. */
export interface ServerDemo {
  id: string;
  title: string;
  description: string;
  presenterId: string;
  votes: number;
  tags: string[];
}

export interface Presenter {
  name: string;
  title: string;
  portrait: string;
}

/** A demo as the leaderboard shows it. */
export interface LeaderboardDemo {
  id: string;
  /** 1 for the most votes. */
  rank: number;
  title: string;
  description: string;
  votes: number;
  tags: string[];
  presenter: Presenter;
  /** From the local catalogue; null for a demo the catalogue does not know. */
  projectUrl: string | null;
}

/**
 * A known presenter, or (spec §3) the id as name, the title "Presenter" and the placeholder portrait; a known
 * presenter without a title (an imported speaker) is a "Presenter" too.
 */
export function presenterFor(id: string, speakerById: (id: string) => Speaker | undefined): Presenter {
  const speaker = speakerById(id);
  return speaker
    ? { name: speaker.name, title: speaker.title ?? "Presenter", portrait: speaker.portrait }
    : { name: id, title: "Presenter", portrait: placeholderPortrait };
}

/**
 * Most votes first; equal counts keep the order they came in (the catalogue's), so ranks never shuffle between
 * renders. The one ranking: the leaderboard's, and the organisers' results (server/api/admin.ts).
 */
export function ranked<Demo extends { votes: number }>(demos: readonly Demo[]): (Demo & { rank: number })[] {
  return [...demos].sort((a, b) => b.votes - a.votes).map((demo, index) => ({ ...demo, rank: index + 1 }));
}

/** The leaderboard from the server's records, with presenters resolved and project links from the catalogue. */
export function leaderboardFromServer(
  records: readonly ServerDemo[],
  catalogue: readonly Demo[],
  speakerById: (id: string) => Speaker | undefined,
): LeaderboardDemo[] {
  const projectUrls = new Map(catalogue.map((demo) => [demo.id, demo.projectUrl]));
  return ranked(
    records.map((record) => ({
      id: record.id,
      title: record.title,
      description: record.description,
      votes: record.votes,
      tags: record.tags,
      presenter: presenterFor(record.presenterId, speakerById),
      projectUrl: projectUrls.get(record.id) ?? null,
    })),
  );
}

/** The leaderboard from the local catalogue alone (spec §7's fallback, and the prerendered page). */
export function leaderboardFromCatalogue(
  catalogue: readonly Demo[],
  speakerById: (id: string) => Speaker | undefined,
): LeaderboardDemo[] {
  return leaderboardFromServer(catalogue, catalogue, speakerById);
}

/** Spec §5: a case-insensitive substring of the title, the presenter's name, the description or any tag. */
export function searchDemos(demos: readonly LeaderboardDemo[], query: string): LeaderboardDemo[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === "") return [...demos];
  return demos.filter((demo) =>
    [demo.title, demo.presenter.name, demo.description, ...demo.tags].some((field) =>
      field.toLocaleLowerCase().includes(needle),
    ),
  );
}
