import type { QuestionStore } from "./question-store";
import type { ShowStore } from "./show-store";

/**
 * How long a query may go without an answer before the store gives up on it (DATABASE_TIMEOUT_SECONDS): about what
 * a PostgreSQL restart or failover takes, as Retry-After is (decision 080).
 */
export const defaultStoreTimeoutMs = 5000;

/** A demo as the store first learns of it: its id and the count it starts from. */
export interface SeedDemo {
  id: string;
  votes: number;
}

/** One voter's vote for one demo. */
export interface Vote {
  /** When it was cast, as an ISO 8601 instant in UTC. */
  votedAt: string;
}

import type { VoteOrigin } from "./origin";

export type { VoteOrigin };

/** A vote as the store keeps it, for review: voided votes included. */
export interface StoredVote {
  demoId: string;
  voterId: string;
  votedAt: string;
  /** Null for votes cast before origins were kept. */
  addressHash: string | null;
  agentHash: string | null;
  /** When an organiser voided it, or null. */
  voidedAt: string | null;
  voidReason: string | null;
}

/** One vote to void: the voter's vote for the demo. */
export interface VoteKey {
  demoId: string;
  voterId: string;
}

/**
 * What casting a vote did. `counted: false` means the voter had already voted for the demo: nothing changed, and
 * `votedAt` is when they did.
 */
export interface CastResult {
  counted: boolean;
  /** The demo's count after the call. */
  votes: number;
  votedAt: string;
}

/**
 * Where votes live. Every engine keeps one vote per (edition, demo, voter), enforced by a unique key so that no race can
 * count a vote twice, and a running count per demo updated in the same transaction as the vote, so reading the
 * counts never aggregates the votes.
 */
export interface VoteStore {
  readonly engine: "sqlite" | "postgres";
  /**
   * The edition whose votes this store reads and writes. One database holds several editions side by side: each
   * starts from its own seed counts, and a voter of one edition is a new voter in another.
   */
  readonly edition: string;
  /**
   * Gives every demo the store does not know yet its starting count. Demos it knows keep their count: seeding
   * runs at every start and must never undo real votes.
   */
  seed(demos: readonly SeedDemo[]): Promise<void>;
  /** Every known demo's current count, by demo id. */
  counts(): Promise<Map<string, number>>;
  /** The voter's vote for the demo, or null if they have not voted for it. */
  voteOf(demoId: string, voterId: string): Promise<Vote | null>;
  /**
   * Casts the voter's vote for a seeded demo, keeping where it came from if given; a second vote changes nothing.
   * Rejects for a demo never seeded.
   */
  castVote(demoId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<CastResult>;
  /** Every vote of this edition, voided ones included, oldest first. */
  votes(): Promise<StoredVote[]>;
  /**
   * Voids the given votes that are not voided yet: each keeps its row (so its voter still cannot vote again for the
   * demo) with `at` and `reason`, and its demo's count drops by one, in one transaction. Votes already voided, or
   * never cast, change nothing. Answers how many were newly voided.
   */
  voidVotes(votes: readonly VoteKey[], reason: string, at: Date): Promise<number>;
  /**
   * The key that signs voter cookies: made once and kept in the store, so every server sharing the store (and
   * every restart) accepts the cookies the others issued.
   */
  cookieSecret(): Promise<string>;
  /**
   * The key of the vote origins' hashes when the environment gives none: made once and kept in the store like the
   * cookie key, so every server sharing the store hashes one client alike.
   */
  originHashKey(): Promise<string>;
  /**
   * Calls `listener` after this edition's counts may have changed: a vote counted or voided by this store, and on an engine
   * that several servers share, by any of them. Calls are coalesced (several votes, one call); the listener reads
   * `counts()` for what changed. Returns the function that stops the calls.
   */
  onCountsChanged(listener: () => void): () => void;
  /**
   * Resolves when the store can be read now, by a read as small as it can be and bounded by the store's timeout;
   * rejects when it cannot (StoreUnavailableError once reported): what /api/health answers.
   */
  check(): Promise<void>;
  /** The audience's questions of this edition, in the same database (decision 039). */
  readonly questions: QuestionStore;
  /** The show of this edition (issue 44), in the same database. */
  readonly show: ShowStore;
  close(): Promise<void>;
}
