import { NoResultError } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isPostgresUnavailable, isSqliteUnavailable, reportingUnavailable, StoreUnavailableError } from "./errors";
import { QuestionStateError } from "./question-store";
import type { VoteStore } from "./vote-store";

/** An error as PostgreSQL sends it, with its SQLSTATE. */
function serverError(code: string) {
  const error = new pg.DatabaseError(`SQLSTATE ${code}`, 0, "error");
  error.code = code;
  return error;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("Which store errors mean the database is away (503) rather than a failed query (500)", () => {
  it("PostgreSQL: network errors, broken or timed-out connections, and shutdown or overload from the server", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      withCode("write EPIPE", "EPIPE"),
      withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"), // no answer within query_timeout
      serverError("57014"), // query_canceled, by statement_timeout
      serverError("57P01"), // admin_shutdown
      serverError("57P03"), // cannot_connect_now (starting up, or in recovery)
      serverError("08006"), // connection_failure
      serverError("53300"), // too_many_connections
    ]) {
      expect(isPostgresUnavailable(error), error.message).toBe(true);
    }
  });

  it("PostgreSQL: constraint, syntax and programming errors are real failures", () => {
    for (const error of [
      serverError("23503"), // foreign_key_violation: a vote for a demo never seeded
      serverError("23505"), // unique_violation
      serverError("42P01"), // undefined_table
      new NoResultError({} as never), // executeTakeFirstOrThrow found nothing
      new TypeError("Cannot read properties of undefined"),
      "a string",
      null,
    ]) {
      expect(isPostgresUnavailable(error), String(error)).toBe(false);
    }
  });

  it("SQLite: a lock held past the busy timeout, a full disk, an I/O error, a file damaged or moved; not constraints", () => {
    for (const code of [
      "SQLITE_BUSY",
      "SQLITE_BUSY_SNAPSHOT",
      "SQLITE_LOCKED",
      "SQLITE_FULL",
      "SQLITE_IOERR_WRITE",
      "SQLITE_CORRUPT",
      "SQLITE_NOTADB",
      "SQLITE_CANTOPEN",
      "SQLITE_READONLY_DBMOVED",
    ]) {
      expect(isSqliteUnavailable(withCode("sqlite", code)), code).toBe(true);
    }
    for (const code of ["SQLITE_CONSTRAINT_FOREIGNKEY", "SQLITE_ERROR", "SQLITE_MISMATCH"]) {
      expect(isSqliteUnavailable(withCode("sqlite", code)), code).toBe(false);
    }
    expect(isSqliteUnavailable(new Error("no code"))).toBe(false);
  });

  it("wraps only the unavailable errors of a store's calls, its questions' and show's included, keeping the cause", async () => {
    const away = withCode("connect ECONNREFUSED", "ECONNREFUSED");
    const bug = serverError("23503");
    const failing = (error: Error) => () => Promise.reject(error);
    const store: VoteStore = {
      engine: "postgres",
      edition: "edition-a",
      seed: failing(away),
      counts: failing(away),
      voteOf: failing(away),
      castVote: failing(bug),
      votes: failing(away),
      voidVotes: failing(away),
      cookieSecret: () => Promise.resolve("key"),
      originHashKey: () => Promise.resolve("origin-key"),
      onCountsChanged: () => () => undefined,
      check: failing(away),
      questions: {
        ask: failing(away),
        question: failing(away),
        questions: failing(away),
        upvotedBy: failing(away),
        upvote: failing(away),
        withdrawUpvote: failing(away),
        moderate: failing(new QuestionStateError("A hidden question cannot be pinned")),
        onQuestionsChanged: () => () => undefined,
      },
      show: {
        show: failing(away),
        changeStage: failing(away),
        announce: failing(away),
        reportViewers: failing(away),
        viewers: failing(away),
        onShowChanged: () => () => undefined,
      },
      close: () => Promise.resolve(),
    };
    const reporting = reportingUnavailable(store, isPostgresUnavailable);
    for (const call of [
      () => reporting.check(),
      () => reporting.counts(),
      () => reporting.voteOf("demo-1", "v"),
      () => reporting.seed([]),
      () => reporting.votes(),
      () => reporting.voidVotes([{ demoId: "demo-1", voterId: "v" }], "test", new Date()),
      () =>
        reporting.questions.ask({
          sessionId: "s-1",
          askerId: "v",
          text: "Why?",
          name: null,
          askedAt: new Date(),
          status: "pending",
        }),
      () => reporting.questions.question("q"),
      () => reporting.questions.questions("s-1"),
      () => reporting.questions.upvotedBy("v", "s-1"),
      () => reporting.questions.upvote("q", "v", new Date()),
      () => reporting.questions.withdrawUpvote("q", "v"),
      () => reporting.show.show(),
      () => reporting.show.changeStage("main", { stream: "slate" }),
      () => reporting.show.announce(null),
      () => reporting.show.reportViewers(new Map([["main", 1]]), new Date()),
      () => reporting.show.viewers(new Date()),
    ]) {
      const error: unknown = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).cause).toBe(away);
    }
    await expect(reporting.castVote("demo-9", "v", new Date())).rejects.toBe(bug);
    // A refusal of the question's state is the API's 409, not the database away.
    await expect(reporting.questions.moderate("q", "pin", new Date())).rejects.toBeInstanceOf(QuestionStateError);
    expect(await reporting.cookieSecret()).toBe("key");
    expect(await reporting.originHashKey()).toBe("origin-key");
    expect(reporting.engine).toBe("postgres");
  });
});
