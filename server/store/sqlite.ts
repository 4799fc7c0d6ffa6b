import { mkdirSync } from "node:fs";
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

/** Opens (creating it and its folder if need be) and migrates the SQLite vote store at `file`; ":memory:" for tests. */
export async function openSqliteStore(file: string): Promise<VoteStore> {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  // WAL lets reads go on while a vote commits; NORMAL syncs at checkpoints rather than at every commit, which in
  // WAL mode can lose the last moments' votes on a power cut but never corrupts the file.
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
  return new KyselyVoteStore(db, "sqlite");
}
