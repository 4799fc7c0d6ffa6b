/** The vote store's tables, as Kysely sees them. */
export interface Database {
  /** One row per demo: its running count, which starts at the demo's seed count. */
  vote_counts: { demo_id: string; votes: number };
  /** One row per (demo, voter): the primary key is what makes a second vote impossible. */
  votes: { demo_id: string; voter_id: string; voted_at: string };
  /** Values the servers sharing this store must agree on, such as the cookie-signing key. */
  settings: { key: string; value: string };
}
