import pg from "pg";
import type { VoteStore } from "./vote-store";

/**
 * The store cannot be reached or cannot take the request right now (PostgreSQL is down, unreachable or does not
 * answer in time; SQLite is locked, out of disk, or its file is damaged). The request was fine and may succeed
 * later: the API answers 503 with Retry-After, not 500. Errors that would fail again on retry (a constraint, a bad
 * query) are not this and stay as they are.
 */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";

  constructor(
    /** For the log: what the database said, addresses included. */
    detail: string,
    /** What went wrong in a few words, with no address, path or secret: /api/health shows it to anyone. */
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`The vote store is unavailable: ${detail}`, options);
  }
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

/**
 * Codes of PostgreSQL errors that say the database is away, not that the query was wrong (SQLSTATE classes):
 * connection, resources, and operator intervention, which holds shutdowns and a statement cancelled by
 * statement_timeout (57014).
 */
const postgresAway = /^(08|53|57)/;

/**
 * What pg and pg-pool say, without a code, when a connection breaks, times out, or was left broken; "Query read
 * timeout" is a query that had no answer within query_timeout (postgres.ts).
 */
const pgConnectionMessages =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;

/**
 * Whether a PostgreSQL error means the database is away: a network error (ECONNREFUSED, ECONNRESET, a connection
 * timeout, "Connection terminated unexpectedly", a client left unusable by one), a query without an answer in time,
 * or a server saying it is shutting down, overloaded, refusing connections or out of time for the statement. Any
 * other error the server sent is a real failure of the query.
 */
export function isPostgresUnavailable(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return postgresAway.test(error.code ?? "");
  if (!(error instanceof Error)) return false;
  // Node's network errors: ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH, ENOTFOUND...
  if (/^E[A-Z]+$/.test(errorCode(error) ?? "")) return true;
  return pgConnectionMessages.test(error.message);
}

/**
 * SQLite result codes of a store that cannot be used now: another process holds the lock past busy_timeout, the
 * disk is full or failing, or the file was damaged, replaced or removed under the running server. None is the
 * request's fault; the damage is the operator's to repair (sqliteDamage), and the API says 503 meanwhile.
 */
const sqliteAway = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CORRUPT|NOTADB|CANTOPEN|READONLY)/;

export function isSqliteUnavailable(error: unknown): boolean {
  return sqliteAway.test(errorCode(error) ?? "");
}

/** SQLite's codes for a file whose content is not a sound database: it does not mend while the server runs. */
export function isSqliteDamage(error: unknown): boolean {
  return /^SQLITE_(CORRUPT|NOTADB)/.test(errorCode(error) ?? "");
}

/** A store error in a few words for anyone to read: its code, else pg's own fixed message (which names no host). */
export function unavailableReason(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.message || error.name : String(error));
}

/**
 * The store with each call's "database away" errors turned into StoreUnavailableError, so the API can say 503;
 * `heard` is told of each, first.
 */
export function reportingUnavailable(
  store: VoteStore,
  isUnavailable: (error: unknown) => boolean,
  heard: (error: unknown) => void = () => undefined,
): VoteStore {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      heard(error);
      throw new StoreUnavailableError(
        error instanceof Error ? error.message || error.name : String(error),
        unavailableReason(error),
        { cause: error },
      );
    }
  };
  const { questions, show } = store;
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
    check: () => guard(() => store.check()),
    questions: {
      ask: (question) => guard(() => questions.ask(question)),
      question: (id) => guard(() => questions.question(id)),
      questions: (sessionId) => guard(() => questions.questions(sessionId)),
      upvotedBy: (voterId, sessionId) => guard(() => questions.upvotedBy(voterId, sessionId)),
      upvote: (questionId, voterId, at, origin) => guard(() => questions.upvote(questionId, voterId, at, origin)),
      withdrawUpvote: (questionId, voterId) => guard(() => questions.withdrawUpvote(questionId, voterId)),
      moderate: (questionId, action, at, reason, stageOf) =>
        guard(() => questions.moderate(questionId, action, at, reason, stageOf)),
      onQuestionsChanged: (listener) => questions.onQuestionsChanged(listener),
    },
    show: {
      show: () => guard(() => show.show()),
      changeStage: (stage, change) => guard(() => show.changeStage(stage, change)),
      announce: (announcement) => guard(() => show.announce(announcement)),
      reportViewers: (counts, at) => guard(() => show.reportViewers(counts, at)),
      viewers: (at) => guard(() => show.viewers(at)),
      onShowChanged: (listener) => show.onShowChanged(listener),
    },
    close: () => store.close(),
  };
}
