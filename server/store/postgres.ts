import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { errorCode, isPostgresUnavailable, reportingUnavailable } from "./errors";
import { KyselyVoteStore, type PendingVote } from "./kysely-vote-store";
import { migrateToLatest } from "./migrations";
import { ChangesChannel, countsChannel } from "./postgres-counts-channel";
import { KyselyShowStore } from "./kysely-show-store";
import { PostgresQuestionStore } from "./postgres-question-store";
import type { Database } from "./schema";
import { defaultStoreTimeoutMs, type CastResult, type VoteKey, type VoteOrigin, type VoteStore } from "./vote-store";
import { StoreSchemaDialect } from "./store-schema-dialect";
import { WriteBatches } from "./write-batches";

export interface PostgresStoreOptions {
  /** Keep the tables in this schema (it must exist) instead of the connection's default: tests use one each. */
  schema?: string;
  /** How long a connection or a query may go without an answer (DATABASE_TIMEOUT_SECONDS). */
  timeoutMs?: number;
}

/** What the batch statement says of each distinct vote, by its place in the batch. */
interface BatchRow {
  index: number;
  known: boolean;
  counted: boolean;
  votes: number | null;
  earlier: string | null;
}

/** PostgreSQL's deadlock_detected: two servers' batches took the same counts in opposite orders; one is undone. */
const deadlock = "40P01";
const deadlockRetries = 3;
const keyOf = (vote: PendingVote) => JSON.stringify([vote.demoId, vote.voterId]);

/**
 * The PostgreSQL store casts votes in batches, one statement each: the votes that arrive while the batches in
 * flight are busy go together in the next. A vote through Kysely's transaction was four round trips (BEGIN, insert,
 * update, COMMIT) and a commit of its own, with the demo's count row locked from the update to the commit, so
 * votes for one demo queued behind each other's commits (decision 028).
 */
class PostgresVoteStore extends KyselyVoteStore {
  /** A voter's repeat for the same demo waits for the first vote's batch rather than race it. */
  private readonly batches = new WriteBatches<PendingVote>(keyOf, (votes) => this.write(votes));
  private channel: ChangesChannel | undefined;
  readonly questions: PostgresQuestionStore;
  readonly show: KyselyShowStore;

  constructor(
    private readonly kysely: Kysely<Database>,
    edition: string,
  ) {
    super(kysely, "postgres", edition);
    this.show = new KyselyShowStore(kysely, edition, () => {
      this.channel?.announceShow();
    });
    this.questions = new PostgresQuestionStore(
      kysely,
      edition,
      (changes) => {
        this.channel?.announceQuestions(changes);
      },
      () => {
        this.show.changed();
      },
    );
  }

  /**
   * Hears the other servers' votes, questions and show on `channel` (one connection for all), and tells them of this
   * one's.
   */
  async listen(config: pg.ClientConfig, pool: pg.Pool, channel: string, heartbeatMs: number) {
    this.channel = new ChangesChannel(config, pool, channel, this.edition, heartbeatMs, {
      counts: () => {
        this.countsChanged();
      },
      questions: (changes) => {
        this.questions.heard(changes);
      },
      show: () => {
        this.show.heard();
      },
      missed: () => {
        this.countsChanged();
        this.questions.missed().catch(() => undefined);
        this.show.heard();
      },
    });
    await this.channel.listen();
  }

  override castVote(demoId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<CastResult> {
    return new Promise((resolve, reject) => {
      this.batches.add({ demoId, voterId, votedAt: at.toISOString(), origin, resolve, reject });
    });
  }

  /** Writes the votes and settles each; never rejects. */
  private write(votes: PendingVote[]) {
    return this.writeOnce(votes).catch((error: unknown) => {
      // The second query for raced votes failed (the database went away mid-batch): every vote not yet answered
      // is refused (settling an answered one again changes nothing).
      for (const vote of votes) vote.reject(error);
    });
  }

  private async writeOnce(votes: PendingVote[]) {
    // One row per voter and demo: a voter's repeats in one batch get the first one's answer, as not counted.
    const groups = new Map<string, PendingVote[]>();
    for (const vote of votes) {
      const key = keyOf(vote);
      const group = groups.get(key);
      if (group) group.push(vote);
      else groups.set(key, [vote]);
    }
    const distinct = [...groups.values()].map(([first]) => first as PendingVote);
    let rows: BatchRow[];
    try {
      rows = await this.castBatch(distinct);
    } catch (error) {
      for (const vote of votes) vote.reject(error);
      return;
    }
    const byIndex = new Map(rows.map((row) => [row.index, row]));
    const raced: number[] = [];
    for (const index of distinct.keys()) {
      const row = byIndex.get(index);
      if (row?.known && !row.counted && row.earlier === null) raced.push(index);
    }
    // A vote the statement did not insert because a vote of another server's committed after the statement's
    // snapshot: the snapshot cannot show it, a second statement can. Only a voter racing themself gets here.
    const earlier =
      raced.length > 0 ? await this.earlierVotes(raced.map((index) => distinct[index] as PendingVote)) : [];
    let counted = false;
    for (const [index, group] of [...groups.values()].entries()) {
      const row = byIndex.get(index);
      const [first, ...repeats] = group as [PendingVote, ...PendingVote[]];
      let result: CastResult | undefined;
      if (row?.known && row.votes !== null) {
        const votedAt = row.counted ? first.votedAt : (row.earlier ?? earlier[raced.indexOf(index)]?.voted_at);
        const votes = row.counted ? row.votes : Math.max(row.votes, earlier[raced.indexOf(index)]?.votes ?? 0);
        if (votedAt !== undefined) result = { counted: row.counted, votes, votedAt };
      }
      if (!result) {
        const error = new Error(row?.known === false ? `No demo ${first.demoId} in the store` : "Vote not written");
        for (const vote of group) vote.reject(error);
        continue;
      }
      counted ||= result.counted;
      first.resolve(result);
      for (const repeat of repeats) repeat.resolve({ ...result, counted: false });
    }
    if (counted) {
      this.countsChanged();
      this.channel?.announce();
    }
  }

  /**
   * One statement for the whole batch: insert the votes for known demos (skipping the voters' earlier ones), add
   * what was inserted to each demo's count, and answer for each vote whether it counted, the count after, and the
   * earlier vote's time. Votes for unknown demos are left out, so they fail alone.
   */
  private async castBatch(votes: PendingVote[]): Promise<BatchRow[]> {
    const edition = this.edition;
    const query = sql<BatchRow>`
      with input as (
        select demo_id, voter_id, voted_at, address_hash, agent_hash, (n - 1)::int as index
        from unnest(${votes.map((vote) => vote.demoId)}::text[], ${votes.map((vote) => vote.voterId)}::text[],
          ${votes.map((vote) => vote.votedAt)}::text[],
          ${votes.map((vote) => vote.origin?.addressHash ?? null)}::text[],
          ${votes.map((vote) => vote.origin?.agentHash ?? null)}::text[])
          with ordinality as t(demo_id, voter_id, voted_at, address_hash, agent_hash, n)
      ),
      inserted as (
        insert into votes_by_edition (edition, demo_id, voter_id, voted_at, address_hash, agent_hash)
        select ${edition}::text, input.demo_id, input.voter_id, input.voted_at, input.address_hash, input.agent_hash
        from input join vote_counts_by_edition known on known.edition = ${edition} and known.demo_id = input.demo_id
        -- Rows in one order on every server: two batches never wait for each other's votes in a cycle.
        order by input.demo_id, input.voter_id
        on conflict (edition, demo_id, voter_id) do nothing
        returning demo_id, voter_id
      ),
      added as (select demo_id, count(*)::int as n from inserted group by demo_id),
      -- The count rows in one order for every batch: batches in flight together never wait for each other in a cycle.
      locked as (
        select counts.demo_id from vote_counts_by_edition counts
        where counts.edition = ${edition} and counts.demo_id in (select demo_id from added)
        order by counts.demo_id
        for update
      ),
      updated as (
        update vote_counts_by_edition counts set votes = counts.votes + added.n
        from added join locked on locked.demo_id = added.demo_id
        where counts.edition = ${edition} and counts.demo_id = added.demo_id
        returning counts.demo_id, counts.votes
      )
      select input.index, known.demo_id is not null as known, inserted.voter_id is not null as counted,
        coalesce(updated.votes, known.votes) as votes,
        -- A lookup by key for each vote not inserted: joined, the votes table was scanned whole, a statement as slow
        -- as the table was large (5 ms for 50 votes at 15,000 stored, 12 ms at 45,000; 2 ms this way at any size).
        case when inserted.voter_id is null then (
          select earlier.voted_at from votes_by_edition earlier
          where earlier.edition = ${edition} and earlier.demo_id = input.demo_id and earlier.voter_id = input.voter_id
        ) end as earlier
      from input
      left join vote_counts_by_edition known on known.edition = ${edition} and known.demo_id = input.demo_id
      left join inserted on inserted.demo_id = input.demo_id and inserted.voter_id = input.voter_id
      left join updated on updated.demo_id = input.demo_id`;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await query.execute(this.kysely)).rows;
      } catch (error) {
        // The statement was undone whole: nothing of it counted, so running it again counts each vote once.
        if (errorCode(error) !== deadlock || attempt > deadlockRetries) throw error;
      }
    }
  }

  /** Voids as every store does, and tells the other servers, whose pages show the counts drop too. */
  override async voidVotes(votes: readonly VoteKey[], reason: string, at: Date): Promise<number> {
    const voided = await super.voidVotes(votes, reason, at);
    if (voided > 0) this.channel?.announce();
    return voided;
  }

  private async earlierVotes(votes: PendingVote[]) {
    const found = await this.kysely
      .selectFrom("votes_by_edition as vote")
      .innerJoin("vote_counts_by_edition as counts", (join) =>
        join.onRef("counts.edition", "=", "vote.edition").onRef("counts.demo_id", "=", "vote.demo_id"),
      )
      .select(["vote.demo_id", "vote.voter_id", "vote.voted_at", "counts.votes"])
      .where("vote.edition", "=", this.edition)
      .where((eb) =>
        eb.or(
          votes.map((vote) => eb.and([eb("vote.demo_id", "=", vote.demoId), eb("vote.voter_id", "=", vote.voterId)])),
        ),
      )
      .execute();
    return votes.map((vote) => found.find((row) => row.demo_id === vote.demoId && row.voter_id === vote.voterId));
  }

  override async close() {
    // Votes waiting for the next batch are written, not dropped.
    await this.batches.settle();
    await this.questions.settle();
    await this.channel?.close();
    await super.close();
  }
}

/** Connects to PostgreSQL at `connectionString` and migrates the vote store there. */
export async function openPostgresStore(
  connectionString: string,
  edition: string,
  { schema, timeoutMs = defaultStoreTimeoutMs }: PostgresStoreOptions = {},
): Promise<VoteStore> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const connecting: pg.ClientConfig = {
    connectionString,
    // Fail a request quickly while the database is away rather than hold it open.
    connectionTimeoutMillis: timeoutMs,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  // A database that stops answering (its process frozen, a network path that drops every packet) closes nothing:
  // without these a query waits for the whole outage, and every request with it (decision 080).
  const config: pg.ClientConfig = {
    ...connecting,
    // The client gives up on a query without an answer, and the request is answered 503.
    query_timeout: timeoutMs,
    // The server gives up on it too, so a statement the client abandoned does not hold its locks on.
    statement_timeout: timeoutMs,
    // A transaction left open that long has lost its client (ours never pause between statements): its locks go.
    idle_in_transaction_session_timeout: timeoutMs,
    // An idle connection whose peer vanished is found by the operating system's probes and closed.
    keepAlive: true,
    keepAliveInitialDelayMillis: timeoutMs,
  };
  // Migrations may wait for another server's and may take their time on a large store: only connecting is bounded.
  const migrating = new Kysely<Database>({ dialect: new StoreSchemaDialect({ pool: new pg.Pool(connecting) }) });
  let tablesSchema: string;
  try {
    await migrateToLatest(migrating, edition);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(migrating);
    tablesSchema = rows[0]?.schema ?? "public";
  } finally {
    await migrating.destroy();
  }

  const pool = new pg.Pool(config);
  // A connection that the database drops (a restart, a failover, a network cut) is an event, not a crash: the
  // pool discards it and the next query opens a new one. pg-pool listens for errors on idle clients only (it
  // re-emits them here); a client checked out between two statements of a transaction that loses its socket
  // emits "error" on itself, which with no listener would be an uncaught exception and end the process. The
  // query in progress, if any, still fails and is answered 503 (see errors.ts).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingUnavailable(pool) }) });
  let store: PostgresVoteStore;
  try {
    store = new PostgresVoteStore(db, edition);
    // The listening connection is asked a tiny query as often as the timeout, so a database that stopped
    // answering is noticed on it too, and it is listened on again once the database answers.
    await store.listen(config, pool, countsChannel(tablesSchema), timeoutMs);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return reportingUnavailable(store, isPostgresUnavailable);
}

/**
 * The pool as Kysely takes it, but a client whose query found the database away (no answer within query_timeout,
 * a broken connection) is destroyed rather than returned: its query may still be waiting on the wire, and the next
 * query given that client would wait behind it, so one outage would leave the pool's clients wedged. Its later
 * queries (a transaction's rollback) fail at once with the same error rather than wait out the timeout again.
 */
function discardingUnavailable(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let away: Error | undefined;
      const query = async (text: string, parameters: readonly unknown[] = []) => {
        if (away) throw away;
        try {
          return await client.query(text, [...parameters]);
        } catch (error) {
          if (error instanceof Error && isPostgresUnavailable(error)) away = error;
          throw error;
        }
      };
      // pg-pool ends a client released with an error. Kysely asks for the cursor form of query only when given a
      // cursor class, which this dialect is not.
      return {
        query,
        release: () => {
          client.release(away);
        },
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
