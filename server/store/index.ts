import { openPostgresStore } from "./postgres";
import { openSqliteStore } from "./sqlite";
import type { VoteStore } from "./vote-store";

export type { CastResult, SeedDemo, Vote, VoteStore } from "./vote-store";

/** PostgreSQL when a database URL is given (several servers can share it), otherwise the SQLite file. */
export function openStore({
  databaseUrl,
  databasePath,
}: {
  databaseUrl?: string;
  databasePath: string;
}): Promise<VoteStore> {
  return databaseUrl ? openPostgresStore(databaseUrl) : openSqliteStore(databasePath);
}
