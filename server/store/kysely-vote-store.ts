import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { QuestionStore } from "./question-store";
import type { ShowStore } from "./show-store";
import type { Database } from "./schema";
import type { CastResult, SeedDemo, StoredVote, Vote, VoteKey, VoteOrigin, VoteStore } from "./vote-store";

const cookieSecretKey = "voter-cookie-secret";
const originHashKeyName = "vote-origin-hash-key";

/** The pairs once each: a pair named twice in one call is voided (and counted) once. */
export function distinctVotes(votes: readonly VoteKey[]): VoteKey[] {
  const seen = new Map(votes.map((vote) => [JSON.stringify([vote.demoId, vote.voterId]), vote]));
  return [...seen.values()];
}

/** A vote waiting for its engine's next batch (sqlite.ts, postgres.ts), and how to answer its caller. */
export interface PendingVote {
  demoId: string;
  voterId: string;
  votedAt: string;
  origin: VoteOrigin | undefined;
  resolve: (result: CastResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The vote store over Kysely: the same queries for SQLite and PostgreSQL, each scoped to the store's edition, but for
 * casting votes, which each engine does in its own way.
 */
export abstract class KyselyVoteStore implements VoteStore {
  private readonly countListeners = new Set<() => void>();
  /** Each engine's own (sqlite-question-store.ts, postgres-question-store.ts), on the same database. */
  abstract readonly questions: QuestionStore;
  abstract readonly show: ShowStore;
  private changeScheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    readonly engine: VoteStore["engine"],
    readonly edition: string,
  ) {}

  async seed(demos: readonly SeedDemo[]) {
    if (demos.length === 0) return;
    await this.db
      .insertInto("vote_counts_by_edition")
      .values(demos.map((demo) => ({ edition: this.edition, demo_id: demo.id, votes: demo.votes })))
      .onConflict((conflict) => conflict.columns(["edition", "demo_id"]).doNothing())
      .execute();
  }

  /** One count row read: what the smallest vote needs of the database, and no more. */
  async check() {
    await this.db
      .selectFrom("vote_counts_by_edition")
      .select("votes")
      .where("edition", "=", this.edition)
      .limit(1)
      .execute();
  }

  async counts() {
    const rows = await this.db
      .selectFrom("vote_counts_by_edition")
      .select(["demo_id", "votes"])
      .where("edition", "=", this.edition)
      .execute();
    return new Map(rows.map((row) => [row.demo_id, row.votes]));
  }

  async voteOf(demoId: string, voterId: string): Promise<Vote | null> {
    const row = await this.db
      .selectFrom("votes_by_edition")
      .select("voted_at")
      .where("edition", "=", this.edition)
      .where("demo_id", "=", demoId)
      .where("voter_id", "=", voterId)
      .executeTakeFirst();
    return row ? { votedAt: row.voted_at } : null;
  }

  onCountsChanged(listener: () => void) {
    this.countListeners.add(listener);
    return () => {
      this.countListeners.delete(listener);
    };
  }

  /**
   * Tells the listeners that counts changed, once for all the changes of one turn of the event loop: a burst of
   * votes costs the listeners one read of the counts, not one per vote.
   */
  protected countsChanged() {
    if (this.changeScheduled || this.countListeners.size === 0) return;
    this.changeScheduled = true;
    setImmediate(() => {
      this.changeScheduled = false;
      for (const listener of this.countListeners) listener();
    });
  }

  /**
   * Each engine casts votes its own way, in batches of the votes that arrive together (sqlite.ts, postgres.ts), and
   * calls countsChanged() after a batch that counted one.
   */
  abstract castVote(demoId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<CastResult>;

  async votes(): Promise<StoredVote[]> {
    const rows = await this.db
      .selectFrom("votes_by_edition")
      .select(["demo_id", "voter_id", "voted_at", "address_hash", "agent_hash", "voided_at", "void_reason"])
      .where("edition", "=", this.edition)
      .orderBy("voted_at")
      .orderBy("demo_id")
      .orderBy("voter_id")
      .execute();
    return rows.map((row) => ({
      demoId: row.demo_id,
      voterId: row.voter_id,
      votedAt: row.voted_at,
      addressHash: row.address_hash,
      agentHash: row.agent_hash,
      voidedAt: row.voided_at,
      voidReason: row.void_reason,
    }));
  }

  async voidVotes(votes: readonly VoteKey[], reason: string, at: Date): Promise<number> {
    const voided = await this.db.transaction().execute(async (trx) => {
      const dropped = new Map<string, number>();
      // One vote at a time: an organiser voids a handful, and "not voided yet" in each update is what makes a
      // second void (or one racing on another server, which waits for this row's lock) change nothing.
      for (const { demoId, voterId } of distinctVotes(votes)) {
        const row = await trx
          .updateTable("votes_by_edition")
          .set({ voided_at: at.toISOString(), void_reason: reason })
          .where("edition", "=", this.edition)
          .where("demo_id", "=", demoId)
          .where("voter_id", "=", voterId)
          .where("voided_at", "is", null)
          .returning("demo_id")
          .executeTakeFirst();
        if (row) dropped.set(demoId, (dropped.get(demoId) ?? 0) + 1);
      }
      for (const [demoId, count] of dropped) {
        await trx
          .updateTable("vote_counts_by_edition")
          .set((eb) => ({ votes: eb("votes", "-", count) }))
          .where("edition", "=", this.edition)
          .where("demo_id", "=", demoId)
          .execute();
      }
      return [...dropped.values()].reduce((sum, count) => sum + count, 0);
    });
    if (voided > 0) this.countsChanged();
    return voided;
  }

  cookieSecret() {
    return this.setting(cookieSecretKey);
  }

  originHashKey() {
    return this.setting(originHashKeyName);
  }

  /** A random key kept in the settings, made by whichever server asks first. */
  private async setting(key: string) {
    // Servers starting together may both try to create the key: the first insert wins, and all read the same one.
    await this.db
      .insertInto("settings")
      .values({ key, value: randomBytes(32).toString("base64url") })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    const row = await this.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
    return row.value;
  }

  async close() {
    await this.db.destroy();
  }
}
