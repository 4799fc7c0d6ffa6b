import { Migrator, sql, type Kysely, type Migration } from "kysely";
import type { Database } from "./schema";

/**
 * The one migration set, for SQLite and PostgreSQL alike: Kysely's schema builder writes each engine's SQL.
 * Instants are ISO 8601 text in UTC, which both engines store and sort the same way. Append new migrations;
 * never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  "001-votes": {
    async up(db) {
      await db.schema
        .createTable("vote_counts")
        .addColumn("demo_id", "text", (column) => column.primaryKey())
        .addColumn("votes", "integer", (column) => column.notNull().check(sql`votes >= 0`))
        .execute();
      await db.schema
        .createTable("votes")
        .addColumn("demo_id", "text", (column) => column.notNull().references("vote_counts.demo_id"))
        .addColumn("voter_id", "text", (column) => column.notNull())
        .addColumn("voted_at", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("votes_pkey", ["demo_id", "voter_id"])
        .execute();
      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
    },
  },
};

/** Brings the store's tables up to date; the migrator's lock keeps servers starting together from racing. */
export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`);
  }
}
