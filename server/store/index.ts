import { openPostgresStore } from "./postgres";
import { openSqliteStore } from "./sqlite";
import type { VoteStore } from "./vote-store";

export type {
  AskResult,
  NewQuestion,
  QuestionChange,
  QuestionStore,
  SessionStage,
  StoredQuestion,
  UpvoteResult,
} from "./question-store";
export { QuestionStateError } from "./question-store";
export type { KeptShow, KeptViewers, ShowStore, StageChange } from "./show-store";
export type { CastResult, SeedDemo, StoredVote, Vote, VoteKey, VoteOrigin, VoteStore } from "./vote-store";

/**
 * PostgreSQL when a database URL is given (several servers can share it), otherwise the SQLite file; either keeps
 * the votes of `edition` beside other editions'. A query without an answer within `timeoutMs` fails as unavailable.
 */
export function openStore({
  databaseUrl,
  databasePath,
  edition,
  timeoutMs,
}: {
  databaseUrl?: string | undefined;
  databasePath: string;
  edition: string;
  timeoutMs: number;
}): Promise<VoteStore> {
  return databaseUrl
    ? openPostgresStore(databaseUrl, edition, { timeoutMs })
    : openSqliteStore(databasePath, edition, { timeoutMs });
}
