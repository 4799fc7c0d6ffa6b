import { getJson, type Loader } from "./api-cache";
import { readVotedDemos } from "./voted-demos";

export type { ServerDemo } from "./leaderboard";

/** Spec §3's vote status. `canVoteAgainIn` is in seconds: 0 now, null never (already voted, or voting is over). */
export interface VoteStatus {
  hasVoted: boolean;
  canVoteAgainIn: number | null;
  votedAt: string | null;
}

/** A counted vote: the caller's new status and the demo's new count. */
export interface CastVote extends VoteStatus {
  votes: number;
}

// Defined beside the voting window, so that a page can name them without the cache's code (the stream's
// leaderboard overlay).
export { demosUrl, votingUrl } from "../../shared/api-contract";
export const voteStatusUrl = (demoId: string) => `/api/demos/${demoId}/has-voted`;
export const voteUrl = (demoId: string) => `/api/demos/${demoId}/vote`;

/**
 * How one demo's vote status is fetched. When the check fails it logs spec §8's line and answers from the list of
 * demos this browser voted for (spec §7), so a card still shows "you voted" with the API away.
 */
export function loadVoteStatus(demoId: string): Loader<VoteStatus> {
  return async (url, signal) => {
    try {
      return await getJson<VoteStatus>(url, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      // eslint-disable-next-line no-console -- spec §8: a failed vote status check is logged, and only logged
      console.error(`Error checking vote status: ${error instanceof Error ? error.message : String(error)}`);
      return { hasVoted: readVotedDemos().includes(demoId), canVoteAgainIn: null, votedAt: null };
    }
  };
}
