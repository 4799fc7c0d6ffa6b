import { Migrator, sql, type Kysely, type Migration } from "kysely";
import type { Database } from "./schema";

/**
 * The one migration set, for SQLite and PostgreSQL alike: Kysely's schema builder writes each engine's SQL.
 * Instants are ISO 8601 text in UTC, which both engines store and sort the same way. Append new migrations;
 * never edit one that has shipped. `edition` is the edition of the server that migrates: rows from before
 * editions (002) were that server's, since a store then held one edition.
 */
const migrations = (edition: string): Record<string, Migration> => ({
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
  // Votes belong to an edition: one store holds several editions side by side, each demo id and each voter
  // counted per edition (decision 016). SQLite cannot change a primary key, so both tables are rebuilt and
  // every row is copied, labelled with the migrating server's edition.
  "002-editions": {
    async up(db) {
      await db.schema
        .createTable("vote_counts_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("demo_id", "text", (column) => column.notNull())
        .addColumn("votes", "integer", (column) => column.notNull().check(sql`votes >= 0`))
        .addPrimaryKeyConstraint("vote_counts_by_edition_pkey", ["edition", "demo_id"])
        .execute();
      await db.schema
        .createTable("votes_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("demo_id", "text", (column) => column.notNull())
        .addColumn("voter_id", "text", (column) => column.notNull())
        .addColumn("voted_at", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("votes_by_edition_pkey", ["edition", "demo_id", "voter_id"])
        .addForeignKeyConstraint("votes_by_edition_count_fkey", ["edition", "demo_id"], "vote_counts_by_edition", [
          "edition",
          "demo_id",
        ])
        .execute();
      await db
        .insertInto("vote_counts_by_edition")
        .columns(["edition", "demo_id", "votes"])
        .expression(db.selectFrom("vote_counts").select([sql.lit(edition).as("edition"), "demo_id", "votes"]))
        .execute();
      await db
        .insertInto("votes_by_edition")
        .columns(["edition", "demo_id", "voter_id", "voted_at"])
        .expression(db.selectFrom("votes").select([sql.lit(edition).as("edition"), "demo_id", "voter_id", "voted_at"]))
        .execute();
      await db.schema.dropTable("votes").execute();
      await db.schema.dropTable("vote_counts").execute();
    },
  },
  // Review after the fact (decision 029): each vote keeps keyed hashes of where it came from, never the address or
  // user agent themselves, and a voided vote keeps its row with when and why. Votes from before stay null. SQLite
  // adds one column per statement.
  "003-vote-origin-and-voids": {
    async up(db) {
      for (const column of ["address_hash", "agent_hash", "voided_at", "void_reason"]) {
        await db.schema.alterTable("votes_by_edition").addColumn(column, "text").execute();
      }
    },
  },
  // The audience's questions (decision 039), beside the votes and per edition like them. The running count of
  // upvotes is kept in the question's row, updated in the upvote's transaction, as vote_counts is for votes. Two
  // rules are the database's, so that no race between servers can break them: one question per asker and
  // idempotency key (null keys never collide), and at most one question on air per session (a partial unique
  // index). on_air is 0 or 1 rather than a boolean, which SQLite does not have.
  "004-questions": {
    async up(db) {
      await db.schema
        .createTable("questions_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("id", "text", (column) => column.notNull())
        .addColumn("session_id", "text", (column) => column.notNull())
        .addColumn("asker_id", "text", (column) => column.notNull())
        .addColumn("text", "text", (column) => column.notNull())
        .addColumn("name", "text")
        .addColumn("asked_at", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) =>
          column.notNull().check(sql`status in ('pending', 'approved', 'answered', 'hidden')`),
        )
        .addColumn("upvotes", "integer", (column) =>
          column
            .notNull()
            .defaultTo(0)
            .check(sql`upvotes >= 0`),
        )
        .addColumn("on_air", "integer", (column) =>
          column
            .notNull()
            .defaultTo(0)
            .check(sql`on_air in (0, 1)`),
        )
        .addColumn("hide_reason", "text")
        .addColumn("moderated_at", "text")
        .addColumn("idempotency_key", "text")
        .addColumn("address_hash", "text")
        .addColumn("agent_hash", "text")
        .addPrimaryKeyConstraint("questions_by_edition_pkey", ["edition", "id"])
        .addUniqueConstraint("questions_by_edition_idempotency_key", ["edition", "asker_id", "idempotency_key"])
        .addCheckConstraint(
          "questions_by_edition_on_air_is_public",
          sql`on_air = 0 or status in ('approved', 'answered')`,
        )
        .execute();
      await db.schema
        .createIndex("questions_by_edition_session")
        .on("questions_by_edition")
        .columns(["edition", "session_id", "asked_at"])
        .execute();
      await db.schema
        .createIndex("questions_by_edition_one_on_air")
        .on("questions_by_edition")
        .columns(["edition", "session_id"])
        .unique()
        .where(sql.ref("on_air"), "=", 1)
        .execute();
      await db.schema
        .createTable("question_upvotes_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("question_id", "text", (column) => column.notNull())
        .addColumn("voter_id", "text", (column) => column.notNull())
        .addColumn("upvoted_at", "text", (column) => column.notNull())
        .addColumn("address_hash", "text")
        .addColumn("agent_hash", "text")
        .addPrimaryKeyConstraint("question_upvotes_by_edition_pkey", ["edition", "question_id", "voter_id"])
        .addForeignKeyConstraint(
          "question_upvotes_by_edition_question_fkey",
          ["edition", "question_id"],
          "questions_by_edition",
          ["edition", "id"],
        )
        .execute();
      // What a voter upvoted, for the marks on a session's list.
      await db.schema
        .createIndex("question_upvotes_by_edition_voter")
        .on("question_upvotes_by_edition")
        .columns(["edition", "voter_id", "question_id"])
        .execute();
    },
  },
  // The show (issue 44, decision 091), per edition: one row per stage someone touched (an untouched stage is idle),
  // the one announcement (no row: none), and the viewers' counts each server reports, now (one row per server and
  // stage, the latest) and per minute (the most it saw in that minute), which the servers sum; counts only.
  "005-show": {
    async up(db) {
      await db.schema
        .createTable("show_stages_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("stage", "text", (column) => column.notNull())
        .addColumn("delay_minutes", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("delay_from", "text")
        .addColumn("on_stage", "text")
        .addColumn("stream", "text", (column) =>
          column
            .notNull()
            .defaultTo("main")
            .check(sql`stream in ('main', 'backup', 'slate')`),
        )
        .addColumn("question_session", "text")
        .addPrimaryKeyConstraint("show_stages_by_edition_pkey", ["edition", "stage"])
        .execute();
      await db.schema
        .createTable("show_announcements_by_edition")
        .addColumn("edition", "text", (column) => column.primaryKey())
        .addColumn("id", "text", (column) => column.notNull())
        .addColumn("text", "text", (column) => column.notNull())
        .addColumn("link", "text")
        .addColumn("level", "text", (column) => column.notNull().check(sql`level in ('info', 'urgent')`))
        .addColumn("until", "text")
        .execute();
      await db.schema
        .createTable("show_viewers_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("server_id", "text", (column) => column.notNull())
        .addColumn("stage", "text", (column) => column.notNull())
        .addColumn("viewers", "integer", (column) => column.notNull().check(sql`viewers >= 0`))
        .addColumn("reported_at", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("show_viewers_by_edition_pkey", ["edition", "server_id", "stage"])
        .execute();
      await db.schema
        .createTable("show_viewer_minutes_by_edition")
        .addColumn("edition", "text", (column) => column.notNull())
        .addColumn("minute", "text", (column) => column.notNull())
        .addColumn("stage", "text", (column) => column.notNull())
        .addColumn("server_id", "text", (column) => column.notNull())
        .addColumn("viewers", "integer", (column) => column.notNull().check(sql`viewers >= 0`))
        .addPrimaryKeyConstraint("show_viewer_minutes_by_edition_pkey", ["edition", "minute", "stage", "server_id"])
        .execute();
    },
  },
});

/**
 * Brings the store's tables up to date; the migrator's lock keeps servers starting together from racing. `edition`
 * is the migrating server's (see above); it is used once, by the migration that introduced editions.
 */
export function migrateToLatest(db: Kysely<Database>, edition: string) {
  return migrate(db, edition, (migrator) => migrator.migrateToLatest());
}

/** Brings the tables to an earlier migration: for the tests that prove a migration keeps every vote. */
export function migrateTo<Tables>(db: Kysely<Tables>, edition: string, name: string) {
  return migrate(db, edition, (migrator) => migrator.migrateTo(name));
}

async function migrate<Tables>(
  db: Kysely<Tables>,
  edition: string,
  run: (migrator: Migrator) => ReturnType<Migrator["migrateToLatest"]>,
) {
  // On PostgreSQL the migrator finds its tables, and any of the store's, in the connection's own schema alone: the
  // store's Kysely reads no other (StoreSchemaDialect), so another schema's tables or its drop meanwhile change nothing.
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations(edition)) } });
  const { error, results } = await run(migrator);
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`);
  }
}
