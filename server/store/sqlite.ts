import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
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
import { isSqliteUnavailable, reportingUnavailable, StoreOpenError } from "./errors";
import { KyselyVoteStore } from "./kysely-vote-store";
import { migrateToLatest } from "./migrations";
import type { Database } from "./schema";
import type { VoteStore } from "./vote-store";

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
 * Opens (creating it and its folder if need be) and migrates the SQLite vote store at `file`; ":memory:" for tests.
 * A file the server cannot write, or that is not a sound SQLite database, is a StoreOpenError saying which.
 */
export async function openSqliteStore(file: string): Promise<VoteStore> {
  const database = file === ":memory:" ? new SQLite(file) : openFile(file);
  // WAL lets reads go on while a vote commits; NORMAL syncs at checkpoints rather than at every commit, which in
  // WAL mode can lose the last moments' votes on a power cut but never corrupts the file. A killed process loses
  // nothing: a commit is in the WAL file (the operating system's cache) before the vote is answered.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  // A second process on the same file (a migration run, a backup) waits for the lock instead of failing.
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new LockingSqliteDialect({ database }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return reportingUnavailable(new KyselyVoteStore(db, "sqlite"), isSqliteUnavailable);
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
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "unknown error";
}
