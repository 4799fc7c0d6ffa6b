import type { Generated } from "kysely";

/** The vote store's tables, as Kysely sees them. */
export interface Database {
  /** One row per edition and demo: its running count, which starts at the demo's seed count. */
  vote_counts_by_edition: { edition: string; demo_id: string; votes: number };
  /** One row per (edition, demo, voter): the primary key is what makes a second vote impossible. */
  votes_by_edition: {
    edition: string;
    demo_id: string;
    voter_id: string;
    voted_at: string;
    /** Keyed hashes of the client's address and user agent (003); null for votes cast before them. */
    address_hash: string | null;
    agent_hash: string | null;
    /** Set when an organiser voids the vote (003): the row stays, the count no longer includes it. */
    voided_at: string | null;
    void_reason: string | null;
  };
  /**
   * One row per question (004): `id` is a random UUID, `status` pending | approved | answered | hidden, `upvotes`
   * the running count of question_upvotes_by_edition's rows, `on_air` 0 or 1 (at most one per session).
   */
  questions_by_edition: {
    edition: string;
    id: string;
    session_id: string;
    asker_id: string;
    text: string;
    name: string | null;
    asked_at: string;
    status: string;
    upvotes: Generated<number>;
    on_air: Generated<number>;
    hide_reason: string | null;
    moderated_at: string | null;
    /** The asker's Idempotency-Key: unique per (edition, asker), null when none was sent. */
    idempotency_key: string | null;
    /** Keyed hashes of the client's address and user agent, never the address itself. */
    address_hash: string | null;
    agent_hash: string | null;
  };
  /** One row per (edition, question, voter): the primary key is what makes a second upvote impossible. */
  question_upvotes_by_edition: {
    edition: string;
    question_id: string;
    voter_id: string;
    upvoted_at: string;
    address_hash: string | null;
    agent_hash: string | null;
  };
  /** Values the servers sharing this store must agree on, such as the cookie-signing key. */
  settings: { key: string; value: string };
}
