import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from "kysely";
import { errorCode, isSqliteUnavailable, reportingUnavailable, StoreOpenError } from "./errors";
import { distinctVotes, KyselyVoteStore, type PendingVote } from "./kysely-vote-store";
import { migrateToLatest } from "./migrations";
import { SqliteQuestionStore } from "./sqlite-question-store";
import type { Database } from "./schema";
import type { CastResult, VoteKey, VoteOrigin, VoteStore } from "./vote-store";

/**
 * Kysely's SQLite dialect begins transactions DEFERRED and migrates without a transaction or a lock: two servers
 * starting on one file could both apply a migration. Here every transaction begins IMMEDIATE (it takes the write
 * lock first, so a second process waits its turn under busy_timeout rather than failing on a stale snapshot),
 * and migrations run in one such transaction, so exactly one process applies each of them.
 */
class LockingSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver() {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection) {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
      }
    })(this.config);
  }

  override createAdapter() {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl() {
        return true;
      }
    })();
  }
}

/**
 * The SQLite store casts votes with prepared statements, many to a transaction: the votes that arrive while the
 * event loop is busy are written together at its next turn. Through Kysely each vote was four statements
 * compiled and awaited one by one plus a commit of its own, which capped SQLite well below what it can take (see
 * docs/performance.md). Each vote keeps its own savepoint, so a vote that fails (a demo never seeded) fails
 * alone; reads, seeding and migrations stay on Kysely.
 */
class SqliteVoteStore extends KyselyVoteStore {
  private queue: PendingVote[] = [];
  private readonly writeBatch: (votes: PendingVote[]) => void;
  private readonly voidAll: SQLite.Transaction<(votes: readonly VoteKey[], reason: string, at: string) => number>;
  readonly questions: SqliteQuestionStore;

  constructor(db: Kysely<Database>, database: SQLite.Database, edition: string) {
    super(db, "sqlite", edition);
    this.questions = new SqliteQuestionStore(db, database, edition);
    const insert = database.prepare<[string, string, string, string, string | null, string | null]>(
      "insert into votes_by_edition (edition, demo_id, voter_id, voted_at, address_hash, agent_hash) values (?, ?, ?, ?, ?, ?) on conflict (edition, demo_id, voter_id) do nothing",
    );
    const increment = database.prepare<[string, string], { votes: number }>(
      "update vote_counts_by_edition set votes = votes + 1 where edition = ? and demo_id = ? returning votes",
    );
    const earlier = database.prepare<[string, string, string], { voted_at: string; votes: number }>(
      "select v.voted_at, c.votes from votes_by_edition v join vote_counts_by_edition c using (edition, demo_id) where v.edition = ? and v.demo_id = ? and v.voter_id = ?",
    );
    const castOne = database.transaction((vote: PendingVote): CastResult => {
      const { origin } = vote;
      if (
        insert.run(
          edition,
          vote.demoId,
          vote.voterId,
          vote.votedAt,
          origin?.addressHash ?? null,
          origin?.agentHash ?? null,
        ).changes === 1
      ) {
        const counted = increment.get(edition, vote.demoId);
        if (!counted) throw new Error(`No demo ${vote.demoId} in the store`);
        return { counted: true, votes: counted.votes, votedAt: vote.votedAt };
      }
      const row = earlier.get(edition, vote.demoId, vote.voterId);
      if (!row) throw new Error(`No demo ${vote.demoId} in the store`);
      return { counted: false, votes: row.votes, votedAt: row.voted_at };
    });
    const settled: (() => void)[] = [];
    // Writes the votes; answers whether any was counted.
    const batch = database.transaction((votes: PendingVote[]): boolean => {
      let counted = false;
      for (const vote of votes) {
        // Nested in the batch, castOne runs in a savepoint: its failure rolls back that vote only.
        try {
          const result = castOne(vote);
          counted ||= result.counted;
          settled.push(() => {
            vote.resolve(result);
          });
        } catch (error) {
          settled.push(() => {
            vote.reject(error);
          });
        }
      }
      return counted;
    });
    this.writeBatch = (votes) => {
      settled.length = 0;
      let counted: boolean;
      try {
        // IMMEDIATE, as in the dialect above: take the write lock first, waiting under busy_timeout.
        counted = batch.immediate(votes);
      } catch (error) {
        // The batch itself failed (the database is locked for longer than busy_timeout): nothing was written.
        for (const vote of votes) vote.reject(error);
        return;
      }
      // Answer only once the batch is committed.
      for (const settle of settled) settle();
      if (counted) this.countsChanged();
    };

    // Voiding runs here too, synchronously, rather than through Kysely: a Kysely transaction spans several turns
    // of the event loop on the one connection, and a batch of votes written in between would join it.
    const voidOne = database.prepare<[string, string, string, string, string]>(
      "update votes_by_edition set voided_at = ?, void_reason = ? where edition = ? and demo_id = ? and voter_id = ? and voided_at is null",
    );
    const decrement = database.prepare<[string, string]>(
      "update vote_counts_by_edition set votes = votes - 1 where edition = ? and demo_id = ?",
    );
    this.voidAll = database.transaction((votes: readonly VoteKey[], reason: string, at: string): number => {
      let voided = 0;
      for (const { demoId, voterId } of distinctVotes(votes)) {
        if (voidOne.run(at, reason, edition, demoId, voterId).changes === 1) {
          decrement.run(edition, demoId);
          voided++;
        }
      }
      return voided;
    });
  }

  override voidVotes(votes: readonly VoteKey[], reason: string, at: Date): Promise<number> {
    // Votes waiting for their batch are written first, so a vote cast just before it can be voided.
    this.flush();
    // In a promise's executor, a failure (the database locked past busy_timeout) is a rejection, as elsewhere.
    return new Promise((resolve) => {
      const voided = this.voidAll.immediate(votes, reason, at.toISOString());
      if (voided > 0) this.countsChanged();
      resolve(voided);
    });
  }

  private flush() {
    const votes = this.queue;
    this.queue = [];
    if (votes.length > 0) this.writeBatch(votes);
  }

  override castVote(demoId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<CastResult> {
    return new Promise((resolve, reject) => {
      if (this.queue.push({ demoId, voterId, votedAt: at.toISOString(), origin, resolve, reject }) === 1) {
        setImmediate(() => {
          this.flush();
        });
      }
    });
  }

  override async close() {
    // Votes and questions waiting for the next batch are written, not dropped.
    this.flush();
    this.questions.flush();
    await super.close();
  }
}

/**
 * Opens (creating it and its folder if need be) and migrates the SQLite vote store at `file` (":memory:" for
 * tests), for one edition's votes. A file the server cannot write, or that is not a sound SQLite database, is a
 * StoreOpenError saying which.
 */
export async function openSqliteStore(file: string, edition: string): Promise<VoteStore> {
  const database = file === ":memory:" ? new SQLite(file) : openFile(file);
  // WAL lets reads go on while a vote commits; NORMAL syncs at checkpoints rather than at every commit, which in
  // WAL mode can lose the last moments' votes on a power cut but never corrupts the file. A killed process loses
  // nothing: a commit is in the WAL file (the operating system's cache) before the vote is answered.
  await useWriteAheadLog(database);
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  // A second process on the same file (a migration run, a backup) waits for the lock instead of failing.
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new LockingSqliteDialect({ database }) });
  try {
    await migrateToLatest(db, edition);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return reportingUnavailable(new SqliteVoteStore(db, database, edition), isSqliteUnavailable);
}

/** How long a server starting beside another on one new file waits for the other to switch it to WAL. */
const walSwitchMs = 5000;

/**
 * Switches the file to WAL, which the file then keeps. Two servers starting on one new file at once both ask for it:
 * SQLite answers the second SQLITE_BUSY at once, without waiting out busy_timeout (the switch needs the lock the
 * first holds, and waiting for it could deadlock), so the second asks again until the first has switched it.
 */
async function useWriteAheadLog(database: SQLite.Database): Promise<void> {
  const giveUpAt = Date.now() + walSwitchMs;
  for (;;) {
    try {
      database.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if (errorCode(error) !== "SQLITE_BUSY" || Date.now() > giveUpAt) throw error;
      await delay(25);
    }
  }
}

/**
 * Opens the database file, checking first what SQLite would only find out later or say obscurely. SQLite opens a
 * file it may not write read-only without a word, and the first vote would fail; so write access to the file (and
 * to its folder, where the WAL and shared-memory files go) is checked up front. A file of garbage opens fine too:
 * "file is not a database" comes with the first read, and damage inside a valid file only from reading it, which
 * quick_check does (in a time proportional to the file, small for a vote store).
 */
function openFile(file: string): SQLite.Database {
  const fail = (reason: string): never => {
    throw new StoreOpenError(`Cannot open the vote store at ${file}: ${reason}`);
  };
  const folder = path.dirname(path.resolve(file));
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    fail(`cannot create its folder ${folder} (${codeOf(error)})`);
  }
  const writable = (target: string) => {
    try {
      accessSync(target, constants.W_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (!writable(folder)) fail(`its folder ${folder} is not writable by this user (uid ${process.getuid?.() ?? "?"})`);
  if (existsSync(file) && !writable(file)) {
    fail(`the file is not writable by this user (uid ${process.getuid?.() ?? "?"})`);
  }

  let database: SQLite.Database | undefined;
  try {
    database = new SQLite(file);
    const [check] = database.pragma("quick_check(1)") as { quick_check: string }[];
    if (check?.quick_check !== "ok") {
      fail(`the database is damaged (quick_check: ${check?.quick_check.replace(/\s+/g, " ") ?? "no answer"})`);
    }
    return database;
  } catch (error) {
    database?.close();
    if (error instanceof StoreOpenError) throw error;
    const code = codeOf(error);
    if (code === "SQLITE_NOTADB" || code.startsWith("SQLITE_CORRUPT")) {
      return fail(`the file is not a SQLite database, or it is damaged (${code})`);
    }
    return fail(`${error instanceof Error ? error.message : String(error)} (${code})`);
  }
}

function codeOf(error: unknown) {
  return errorCode(error) ?? "unknown error";
}
