import type { Announcement, StageShow } from "../../common/show-contract";

/** A stage's show as a write changes it: the fields given, the others kept (an untouched stage's are idleStage's). */
export type StageChange = Partial<Pick<StageShow, "delayMinutes" | "delayFrom" | "onStage" | "stream">>;

/** The show as the store keeps it: the stages someone touched, by stage, and the announcement (expired or not). */
export interface KeptShow {
  stages: Map<string, StageShow>;
  announcement: Announcement | null;
}

/** The viewers as every server sharing the store reported them, by stage. */
export interface KeptViewers {
  /** Stage pages open now: the sum of each server's latest report, of the servers that reported lately. */
  now: Map<string, number>;
  /** One point a minute, oldest first, over the last 24 hours: the sum of each server's most in that minute. */
  history: Map<string, [minute: string, count: number][]>;
}

/** A server's report older than this no longer counts in `now`: that server stopped (decision 091). */
export const viewerReportMaxAgeMs = 30_000;
/** How far back the viewers' history goes. */
export const viewerHistoryMs = 24 * 60 * 60_000;

/** The minute `at` falls in, as the history names it: its start, an ISO instant in UTC. */
export const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();

/**
 * Where the show lives (issue 44, decision 091): in the vote store's database, per edition, beside the votes and
 * questions. Every write is committed before its promise resolves, and is heard by every listener of this store and,
 * on an engine that several servers share, of theirs. What a stage's pinned question sets (`questionSession`) is
 * written by the question store's moderation, in the same transaction as the pin (QuestionStore.moderate).
 */
export interface ShowStore {
  /** The edition's show as kept. */
  show(): Promise<KeptShow>;
  /** Changes one stage's show: the fields `change` gives, in one statement. */
  changeStage(stage: string, change: StageChange): Promise<void>;
  /** Puts up the announcement in place of any other, or takes it down (null). */
  announce(announcement: Announcement | null): Promise<void>;
  /**
   * This server's count of open stage pages per stage at `at` (every stage of the edition, zeros included, so the
   * history has its minutes): its latest count, and the most of the minute.
   */
  reportViewers(counts: ReadonlyMap<string, number>, at: Date): Promise<void>;
  /** The viewers as of `at`, summed over the servers sharing the store: of every stage, or of `stage` alone. */
  viewers(at: Date, stage?: string): Promise<KeptViewers>;
  /**
   * Calls `listener` after the show changed, through this store or, on an engine that several servers share, any of
   * them; calls are coalesced per turn of the event loop. Returns the function that stops the calls.
   */
  onShowChanged(listener: () => void): () => void;
}
