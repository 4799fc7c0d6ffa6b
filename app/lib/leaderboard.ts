import type { Demo } from "../../content";
import { presenterFor, ranked, type Presenter, type PresenterRecord } from "./ranking";

/** The server demo record of spec §3, as GET /api/demos sends it. */
export interface ServerDemo {
  id: string;
  title: string;
  description: string;
  presenterId: string;
  votes: number;
  tags: string[];
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

/** The leaderboard from the server's records, with presenters resolved and project links from the catalogue. */
export function leaderboardFromServer(
  records: readonly ServerDemo[],
  catalogue: readonly Demo[],
  speakerById: (id: string) => PresenterRecord | undefined,
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
  speakerById: (id: string) => PresenterRecord | undefined,
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
