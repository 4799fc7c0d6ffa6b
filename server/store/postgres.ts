import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { isPostgresUnavailable, reportingUnavailable } from "./errors";
import { KyselyVoteStore } from "./kysely-vote-store";
import { migrateToLatest } from "./migrations";
import type { Database } from "./schema";
import type { VoteStore } from "./vote-store";

export interface PostgresStoreOptions {
  /** Keep the tables in this schema (it must exist) instead of the connection's default: tests use one each. */
  schema?: string;
}

/** Connects to PostgreSQL at `connectionString` and migrates the vote store there. */
export async function openPostgresStore(
  connectionString: string,
  edition: string,
  { schema }: PostgresStoreOptions = {},
): Promise<VoteStore> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    // Fail a request quickly while the database is away rather than hold it open.
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection that the database drops (a restart, a failover, a network cut) is an event, not a crash: the
  // pool discards it and the next query opens a new one. pg-pool listens for errors on idle clients only (it
  // re-emits them here); a client checked out between two statements of a transaction that loses its socket
  // emits "error" on itself, which with no listener would be an uncaught exception and end the process. The
  // query in progress, if any, still fails and is answered 503 (see errors.ts).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db, edition);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return reportingUnavailable(new KyselyVoteStore(db, "postgres", edition), isPostgresUnavailable);
}
