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
  /** Values the servers sharing this store must agree on, such as the cookie-signing key. */
  settings: { key: string; value: string };
}
