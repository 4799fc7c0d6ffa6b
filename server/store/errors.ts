import pg from "pg";
import type { VoteStore } from "./vote-store";

/**
 * The store cannot be reached or cannot take the request right now (PostgreSQL is down or unreachable, SQLite is
 * locked or out of disk). The request was fine and may succeed later: the API answers 503 with Retry-After, not
 * 500. Errors that would fail again on retry (a constraint, a bad query) are not this and stay as they are.
 */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/** The store cannot be opened at start-up: one line for the operator, naming what is wrong with which file. */
export class StoreOpenError extends Error {
  override name = "StoreOpenError";
}

/** An error's `code` (Node's, pg's or SQLite's), when it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Codes of PostgreSQL errors that say the database is away, not that the query was wrong (SQLSTATE classes). */
const postgresAway = /^(08|53|57P)/;

/** What pg and pg-pool say, without a code, when a connection breaks, times out, or was left broken. */
const pgConnectionMessages =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether a PostgreSQL error means the database is away: a network error (ECONNREFUSED, ECONNRESET, a connection
 * timeout, "Connection terminated unexpectedly", a client left unusable by one) or a server saying it is shutting
 * down, overloaded or refusing connections. Any other error the server sent is a real failure of the query.
 */
export function isPostgresUnavailable(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return postgresAway.test(error.code ?? "");
  if (!(error instanceof Error)) return false;
  // Node's network errors: ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH, ENOTFOUND...
  if (/^E[A-Z]+$/.test(errorCode(error) ?? "")) return true;
  return pgConnectionMessages.test(error.message);
}

/** SQLite result codes that pass: another process holds the lock past busy_timeout, the disk is full or failing. */
const sqliteAway = /^SQLITE_(BUSY|LOCKED|FULL|IOERR)/;

export function isSqliteUnavailable(error: unknown): boolean {
  return sqliteAway.test(errorCode(error) ?? "");
}

/** The store with each call's "database away" errors turned into StoreUnavailableError, so the API can say 503. */
export function reportingUnavailable(store: VoteStore, isUnavailable: (error: unknown) => boolean): VoteStore {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      throw new StoreUnavailableError(
        `The vote store is unavailable: ${error instanceof Error ? error.message || error.name : String(error)}`,
        { cause: error },
      );
    }
  };
  const questions = store.questions;
  return {
    engine: store.engine,
    edition: store.edition,
    seed: (demos) => guard(() => store.seed(demos)),
    counts: () => guard(() => store.counts()),
    voteOf: (demoId, voterId) => guard(() => store.voteOf(demoId, voterId)),
    castVote: (demoId, voterId, at, origin) => guard(() => store.castVote(demoId, voterId, at, origin)),
    votes: () => guard(() => store.votes()),
    voidVotes: (votes, reason, at) => guard(() => store.voidVotes(votes, reason, at)),
    cookieSecret: () => guard(() => store.cookieSecret()),
    originHashKey: () => guard(() => store.originHashKey()),
    onCountsChanged: (listener) => store.onCountsChanged(listener),
    questions: {
      ask: (question) => guard(() => questions.ask(question)),
      question: (id) => guard(() => questions.question(id)),
      questions: (sessionId) => guard(() => questions.questions(sessionId)),
      upvotedBy: (voterId, sessionId) => guard(() => questions.upvotedBy(voterId, sessionId)),
      upvote: (questionId, voterId, at, origin) => guard(() => questions.upvote(questionId, voterId, at, origin)),
      withdrawUpvote: (questionId, voterId) => guard(() => questions.withdrawUpvote(questionId, voterId)),
      moderate: (questionId, action, at, reason) => guard(() => questions.moderate(questionId, action, at, reason)),
      onQuestionsChanged: (listener) => questions.onQuestionsChanged(listener),
    },
    close: () => store.close(),
  };
}
