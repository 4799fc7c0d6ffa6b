import { randomBytes } from "node:crypto";
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
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
import {
  errorCode,
  isSqliteDamage,
  isSqliteUnavailable,
  reportingUnavailable,
  StoreOpenError,
  StoreUnavailableError,
} from "./errors";
import { distinctVotes, KyselyVoteStore, type PendingVote } from "./kysely-vote-store";
import { migrateToLatest } from "./migrations";
import { KyselyShowStore } from "./kysely-show-store";
import { SqliteQuestionStore } from "./sqlite-question-store";
import type { Database } from "./schema";
import { defaultStoreTimeoutMs, type CastResult, type VoteKey, type VoteOrigin, type VoteStore } from "./vote-store";

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
  readonly show: KyselyShowStore;
  /** What SQLite said when it found the file damaged: damage does not mend while the server runs. */
  private damage: StoreUnavailableError | undefined;

  constructor(
    db: Kysely<Database>,
    database: SQLite.Database,
    edition: string,
    /** The file and the one it was when opened; none for a store in memory. */
    private readonly opened: OpenedFile | undefined,
  ) {
    super(db, "sqlite", edition);
    this.show = new KyselyShowStore(db, edition);
    this.questions = new SqliteQuestionStore(db, database, edition, () => {
      this.show.changed();
    });
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

  /** Hears every error that made a call unavailable: SQLite's word that the file is damaged is kept. */
  noteUnavailable(error: unknown) {
    if (this.damage || !isSqliteDamage(error)) return;
    const reason = `the store file is damaged (${errorCode(error) ?? ""})`;
    this.damage = new StoreUnavailableError(
      `${reason} (${this.opened?.path ?? ":memory:"}): restore it, then restart the server`,
      reason,
      { cause: error },
    );
  }

  /**
   * SQLite's page cache can keep answering from a file overwritten, truncated or replaced underneath it, until a
   * read misses the cache or a checkpoint writes into it: the file itself is checked too, cheaply (a stat and its
   * first 16 bytes), so health says so before a vote fails. Damage a query met stays reported until a restart.
   */
  override async check() {
    if (this.damage) throw this.damage;
    if (this.opened) checkFile(this.opened);
    await super.check();
  }

  override async close() {
    // Votes and questions waiting for the next batch are written, not dropped.
    this.flush();
    this.questions.flush();
    await super.close();
  }
}

/** The store's file, as it was when opened: the same path naming another file means it was replaced. */
interface OpenedFile {
  path: string;
  device: number;
  inode: number;
}

function openedFile(path: string): OpenedFile {
  const { dev, ino } = statSync(path);
  return { path, device: dev, inode: ino };
}

/** Every SQLite database file begins with these 16 bytes. */
const sqliteHeader = Buffer.from("SQLite format 3\0", "latin1");

/** Throws StoreUnavailableError when the path no longer names the file opened, or that file is no database now. */
function checkFile(opened: OpenedFile) {
  const unavailable = (reason: string, then: string) =>
    new StoreUnavailableError(`${reason} (${opened.path}): ${then}`, reason);
  const start = Buffer.alloc(sqliteHeader.length);
  let now;
  try {
    now = statSync(opened.path);
    const fd = openSync(opened.path, "r");
    try {
      readSync(fd, start, 0, start.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = errorCode(error) ?? "unknown error";
    throw code === "ENOENT"
      ? unavailable("the store file was removed", "restore it, then restart the server")
      : unavailable(`the store file cannot be read (${code})`, "check the disk, then restart the server");
  }
  if (now.dev !== opened.device || now.ino !== opened.inode) {
    throw unavailable("the store file was replaced", "restart the server to use the file now there");
  }
  if (!start.equals(sqliteHeader)) {
    throw unavailable("the store file is not a SQLite database", "restore it, then restart the server");
  }
}

export interface SqliteStoreOptions {
  /** How long a query waits for another process's lock (DATABASE_TIMEOUT_SECONDS). */
  timeoutMs?: number;
}

/**
 * Opens (creating it and its folder if need be) and migrates the SQLite vote store at `file` (":memory:" for
 * tests), for one edition's votes. A file the server cannot write, that is empty, or that is not a sound SQLite
 * database, is a StoreOpenError saying which.
 */
export async function openSqliteStore(
  file: string,
  edition: string,
  { timeoutMs = defaultStoreTimeoutMs }: SqliteStoreOptions = {},
): Promise<VoteStore> {
  const inMemory = file === ":memory:";
  const database = inMemory ? new SQLite(file) : openFile(file);
  // WAL lets reads go on while a vote commits; NORMAL syncs at checkpoints rather than at every commit, which in
  // WAL mode can lose the last moments' votes on a power cut but never corrupts the file. A killed process loses
  // nothing: a commit is in the WAL file (the operating system's cache) before the vote is answered.
  await useWriteAheadLog(database);
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  // A second process on the same file (a migration run, a backup) waits for the lock instead of failing.
  database.pragma(`busy_timeout = ${String(Math.round(timeoutMs))}`);
  const db = new Kysely<Database>({ dialect: new LockingSqliteDialect({ database }) });
  try {
    await migrateToLatest(db, edition);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const store = new SqliteVoteStore(db, database, edition, inMemory ? undefined : openedFile(file));
  return reportingUnavailable(store, isSqliteUnavailable, (error) => {
    store.noteUnavailable(error);
  });
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
  if (existsSync(file)) {
    if (!writable(file)) fail(`the file is not writable by this user (uid ${process.getuid?.() ?? "?"})`);
    // SQLite takes an empty file for a new database and would start counting from the seeds, over a store that
    // was lost (a copy cut short, a disk full when it was written). A new store is never empty: see createWhole.
    if (statSync(file).size === 0) {
      fail("the file is empty (0 bytes): restore the store from its backup, or delete the file to start a new store");
    }
  } else {
    try {
      createWhole(file);
    } catch (error) {
      fail(`cannot create the file (${codeOf(error)})`);
    }
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

/**
 * Makes a new store file with its first page written (WAL mode, which writes it), beside the path, then links it
 * into place: a server starting beside another on the same new file finds it either absent or whole, never empty.
 * The server that links second takes the first one's file.
 */
function createWhole(file: string) {
  const made = `${file}.${String(process.pid)}-${randomBytes(4).toString("hex")}.new`;
  try {
    const database = new SQLite(made);
    try {
      database.pragma("journal_mode = WAL");
    } finally {
      database.close();
    }
    try {
      linkSync(made, file);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
  } finally {
    rmSync(made, { force: true });
  }
}

function codeOf(error: unknown) {
  return errorCode(error) ?? "unknown error";
}
