import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useMemo } from "react";
import * as content from "../../content";
import {
  demosQueryKey,
  voteStatusQuery,
  voteStatusQueryKey,
  votingQueryKey,
  voteUrl,
  type CastVote,
  type ServerDemo,
  type VoteStatus,
} from "./demo-api";
import { leaderboardFromCatalogue, leaderboardFromServer, type LeaderboardDemo } from "./leaderboard";
import { speakerById } from "./lookups";
import { ApiError, apiRequest } from "./query-client";
import { toast } from "./toast-store";
import { useLiveCounts } from "./use-live-counts";
import { rememberVote } from "./voted-demos";
import { votingWindowOf, type VotingWindow, type VotingWindowRecord } from "./server-contract";

/**
 * The voting window: the edition's, which the page was built with, until the server says which one it enforces
 * (an organiser may have moved it). If the server cannot say, the edition's stands.
 */
export function useVotingWindow(): VotingWindow {
  const { data } = useQuery<VotingWindowRecord>({ queryKey: votingQueryKey });
  const { opens, closes } = data ?? content.event.voting;
  return useMemo(() => votingWindowOf({ opens, closes }), [opens, closes]);
}

/**
 * Spec §7's leaderboard loading: the list first, then every demo's vote status in parallel. A failed list logs
 * spec §8's line and shows the local catalogue instead; the page is prerendered from that same catalogue. While
 * voting is `open` the counts follow the server's stream, or the list is polled where the stream is refused.
 */
export function useLeaderboard(open: boolean) {
  const refetchInterval = useLiveCounts(open);
  const list = useQuery<ServerDemo[]>({ queryKey: demosQueryKey, refetchInterval });
  useEffect(() => {
    // eslint-disable-next-line no-console -- spec §8: a failed demo list is logged as well as shown
    if (list.error) console.error(`Failed to fetch demos: ${list.error.message}`);
  }, [list.error]);

  const demos: LeaderboardDemo[] = useMemo(
    () =>
      list.data
        ? leaderboardFromServer(list.data, content.demos, speakerById)
        : leaderboardFromCatalogue(content.demos, speakerById),
    [list.data],
  );
  // The statuses start in a render of their own, after the list has been shown: the list's answer re-renders the
  // leaderboard synchronously (a store update), and setting up a request per demo in that same task made it the
  // page's longest on a slow phone.
  const listSettled = useDeferredValue(!list.isPending);
  const statuses = useQueries({
    queries: demos.map((demo) => ({ ...voteStatusQuery(demo.id), enabled: listSettled })),
  });
  const voted = new Set(demos.filter((_, index) => statuses[index]?.data?.hasVoted).map((demo) => demo.id));

  return { demos, voted, loading: list.isPending, failed: list.isError, live: open && list.isSuccess };
}

function refusal(error: Error): { title: string; description: string } {
  const reason = error instanceof ApiError ? error.reason : null;
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 409) return { title: "Already voted", description: reason ?? "You have already voted for this demo." };
  if (status === 429) {
    return {
      title: "Too many votes",
      description: "Too many votes from your network right now. Please try again in a minute.",
    };
  }
  if (status === 403) return { title: "Vote not accepted", description: reason ?? "Voting is not open." };
  return {
    title: "Your vote was not counted",
    description: reason ?? "It could not reach the server. Check your connection and try again.",
  };
}

/** Casting a vote: on success the count and the card update at once and a toast confirms; a refusal says why. */
export function useCastVote() {
  const queryClient = useQueryClient();

  const markVoted = (demoId: string, status: VoteStatus) => {
    queryClient.setQueryData<VoteStatus>(voteStatusQueryKey(demoId), status);
    rememberVote(demoId);
  };

  return useMutation<CastVote, Error, Pick<LeaderboardDemo, "id" | "title">>({
    mutationFn: async (demo) => (await apiRequest("POST", voteUrl(demo.id))).json() as Promise<CastVote>,
    onSuccess: (result, demo) => {
      const list = queryClient.getQueryData<ServerDemo[]>(demosQueryKey);
      if (list) {
        queryClient.setQueryData<ServerDemo[]>(
          demosQueryKey,
          list.map((item) => (item.id === demo.id ? { ...item, votes: result.votes } : item)),
        );
      } else {
        // The page is on its fallback data: the vote got through, so the live list may now load.
        void queryClient.invalidateQueries({ queryKey: demosQueryKey });
      }
      markVoted(demo.id, { hasVoted: true, canVoteAgainIn: null, votedAt: result.votedAt });
      toast({ title: "Vote recorded", description: `Thank you for voting for ${demo.title}!` });
    },
    onError: (error, demo) => {
      if (error instanceof ApiError && error.status === 409) {
        markVoted(demo.id, { hasVoted: true, canVoteAgainIn: null, votedAt: null });
      }
      // Refused for the window: the server's window may differ from the page's, so ask again.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: votingQueryKey });
      toast({ tone: "error", ...refusal(error) });
    },
  });
}
