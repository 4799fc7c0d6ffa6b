import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";
import type { CastResult, SeedDemo, Vote, VoteStore } from "./vote-store";

const cookieSecretKey = "voter-cookie-secret";

/** The vote store over Kysely: the same queries for SQLite and PostgreSQL, each scoped to the store's edition. */
export class KyselyVoteStore implements VoteStore {
  private readonly countListeners = new Set<() => void>();
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

  async castVote(demoId: string, voterId: string, at: Date): Promise<CastResult> {
    const result = await this.castOnce(demoId, voterId, at);
    if (result.counted) this.countsChanged();
    return result;
  }

  private castOnce(demoId: string, voterId: string, at: Date): Promise<CastResult> {
    return this.db.transaction().execute(async (trx) => {
      // The primary key decides: of two racing votes by one voter, one inserts and the other finds the row taken
      // (PostgreSQL makes the second wait for the first to commit), so the count moves once.
      const inserted = await trx
        .insertInto("votes_by_edition")
        .values({ edition: this.edition, demo_id: demoId, voter_id: voterId, voted_at: at.toISOString() })
        .onConflict((conflict) => conflict.columns(["edition", "demo_id", "voter_id"]).doNothing())
        .returning("voted_at")
        .executeTakeFirst();
      if (inserted) {
        const { votes } = await trx
          .updateTable("vote_counts_by_edition")
          .set((eb) => ({ votes: eb("votes", "+", 1) }))
          .where("edition", "=", this.edition)
          .where("demo_id", "=", demoId)
          .returning("votes")
          .executeTakeFirstOrThrow();
        return { counted: true, votes, votedAt: inserted.voted_at };
      }
      const earlier = await trx
        .selectFrom("votes_by_edition")
        .select("voted_at")
        .where("edition", "=", this.edition)
        .where("demo_id", "=", demoId)
        .where("voter_id", "=", voterId)
        .executeTakeFirstOrThrow();
      const { votes } = await trx
        .selectFrom("vote_counts_by_edition")
        .select("votes")
        .where("edition", "=", this.edition)
        .where("demo_id", "=", demoId)
        .executeTakeFirstOrThrow();
      return { counted: false, votes, votedAt: earlier.voted_at };
    });
  }

  async cookieSecret() {
    // Servers starting together may both try to create the key: the first insert wins, and all read the same one.
    await this.db
      .insertInto("settings")
      .values({ key: cookieSecretKey, value: randomBytes(32).toString("base64url") })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", cookieSecretKey)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  async close() {
    await this.db.destroy();
  }
}
