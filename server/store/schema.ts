/** The vote store's tables, as Kysely sees them. */
export interface Database {
  /** One row per edition and demo: its running count, which starts at the demo's seed count. */
  vote_counts_by_edition: { edition: string; demo_id: string; votes: number };
  /** One row per (edition, demo, voter): the primary key is what makes a second vote impossible. */
  votes_by_edition: { edition: string; demo_id: string; voter_id: string; voted_at: string };
  /** Values the servers sharing this store must agree on, such as the cookie-signing key. */
  settings: { key: string; value: string };
}
