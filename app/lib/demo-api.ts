import type { QueryFunctionContext } from "@tanstack/react-query";
import { getQueryFn } from "./query-client";
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

// Query keys are the URLs themselves: the default query function GETs the first element (spec §7).
export const demosQueryKey = ["/api/demos"] as const;
export const votingQueryKey = ["/api/voting"] as const;
export const voteStatusQueryKey = (demoId: string) => [`/api/demos/${demoId}/has-voted`] as const;
export const voteUrl = (demoId: string) => `/api/demos/${demoId}/vote`;

const fetchJson = getQueryFn<VoteStatus>({ on401: "throw" });

/**
 * The vote status query of one demo. When the check fails it logs spec §8's line and answers from the list of
 * demos this browser voted for (spec §7), so a card still shows "you voted" with the API away.
 */
export function voteStatusQuery(demoId: string) {
  return {
    queryKey: voteStatusQueryKey(demoId),
    queryFn: async (context: QueryFunctionContext): Promise<VoteStatus> => {
      try {
        return await fetchJson(context);
      } catch (error) {
        if (context.signal.aborted) throw error;
        // eslint-disable-next-line no-console -- spec §8: a failed vote status check is logged, and only logged
        console.error(`Error checking vote status: ${error instanceof Error ? error.message : String(error)}`);
        return { hasVoted: readVotedDemos().includes(demoId), canVoteAgainIn: null, votedAt: null };
      }
    },
  };
}
