import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { openPostgresStore } from "../store/postgres";
import { StoreSchemaDialect } from "../store/store-schema-dialect";
import type { Database } from "../store/schema";
import { openSqliteStore } from "../store/sqlite";
import type { VoteStore } from "../store/vote-store";

/** The PostgreSQL the tests use: CI's and the development machines' local server unless TEST_DATABASE_URL says otherwise. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The edition the contract tests' stores keep votes for, unless a test names another. */
export const testEdition = "edition-a";

/**
 * One empty database for a test: `open` may be called again to reopen the same data, as a restart would, or for
 * another edition's votes in the same database.
 */
export interface TestDatabase {
  open(edition?: string): Promise<VoteStore>;
  /** The database without the store, the tables from before editions included: to prove a migration. */
  kysely(): Promise<Kysely<LegacyTables & Database>>;
  /** Arguments of open-store-once.ts (after the edition) that open this database from another process. */
  processArgs: string[];
  /** Closes every store opened here and deletes the data. */
  dispose(): Promise<void>;
}

export interface Engine {
  name: "SQLite" | "PostgreSQL";
  /** Why the engine cannot be tested here, or null when it can. */
  unavailable: string | null;
  create(): Promise<TestDatabase>;
}

/** The tables of migration 001, before votes belonged to editions. */
export interface LegacyTables {
  vote_counts: { demo_id: string; votes: number };
  votes: { demo_id: string; voter_id: string; voted_at: string };
}

function tracking(
  open: (edition: string) => Promise<VoteStore>,
  kysely: () => Kysely<LegacyTables & Database>,
  drop: () => Promise<void>,
  processArgs: string[],
): TestDatabase {
  const opened: VoteStore[] = [];
  return {
    processArgs,
    kysely: () => Promise.resolve(kysely()),
    async open(edition = testEdition) {
      const store = await open(edition);
      opened.push(store);
      return store;
    },
    async dispose() {
      // A store the test closed itself rejects nothing on a second close; Kysely's destroy is idempotent.
      await Promise.all(opened.map((store) => store.close()));
      await drop();
    },
  };
}

const sqlite: Engine = {
  name: "SQLite",
  unavailable: null,
  async create() {
    const dir = await mkdtemp(path.join(tmpdir(), "glosaic-votes-"));
    const file = path.join(dir, "votes.sqlite");
    return tracking(
      (edition) => openSqliteStore(file, edition),
      () => new Kysely({ dialect: new SqliteDialect({ database: new SQLite(file) }) }),
      () => rm(dir, { recursive: true, force: true }),
      ["sqlite", file],
    );
  },
};

async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Each test database is a schema of its own, so runs and parallel test files never see each other's rows. */
const postgres = async (): Promise<Engine> => ({
  name: "PostgreSQL",
  unavailable: await postgresProblem(),
  async create() {
    const schema = `glosaic_test_${randomBytes(6).toString("hex")}`;
    await withClient((client) => client.query(`create schema ${schema}`));
    return tracking(
      (edition) => openPostgresStore(testDatabaseUrl, edition, { schema }),
      () =>
        new Kysely({
          dialect: new StoreSchemaDialect({
            pool: new pg.Pool({ connectionString: testDatabaseUrl, options: `-c search_path=${schema}` }),
          }),
        }),
      () => withClient((client) => client.query(`drop schema ${schema} cascade`)).then(() => undefined),
      ["postgres", testDatabaseUrl, schema],
    );
  },
});

/** Both engines; PostgreSQL says why it is unavailable when it cannot be reached. */
export async function engines(): Promise<Engine[]> {
  return [sqlite, await postgres()];
}
