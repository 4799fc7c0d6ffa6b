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
  /**
   * The show of each stage someone touched (005): a stage without a row is idle. `stream` main | backup | slate;
   * `question_session` the session whose pinned question is on air on the stage.
   */
  show_stages_by_edition: {
    edition: string;
    stage: string;
    delay_minutes: Generated<number>;
    delay_from: string | null;
    on_stage: string | null;
    stream: Generated<string>;
    question_session: string | null;
  };
  /** The edition's one announcement (005); no row when there is none. `until` an ISO instant, or null. */
  show_announcements_by_edition: {
    edition: string;
    id: string;
    text: string;
    link: string | null;
    level: string;
    until: string | null;
  };
  /** Each server's latest count of open stage pages per stage (005), and when it said so. */
  show_viewers_by_edition: {
    edition: string;
    server_id: string;
    stage: string;
    viewers: number;
    reported_at: string;
  };
  /** The most stage pages each server saw open per stage in each minute (005): the viewers' history. */
  show_viewer_minutes_by_edition: {
    edition: string;
    /** The minute's start, an ISO instant in UTC. */
    minute: string;
    stage: string;
    server_id: string;
    viewers: number;
  };
  /** Values the servers sharing this store must agree on, such as the cookie-signing key. */
  settings: { key: string; value: string };
}
