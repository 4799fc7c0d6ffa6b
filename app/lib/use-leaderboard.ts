import { useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import * as content from "../../content";
import { ApiCache, ApiError, apiRequest, useCached } from "./api-cache";
import {
  demosUrl,
  loadVoteStatus,
  voteStatusUrl,
  votingUrl,
  voteUrl,
  type CastVote,
  type ServerDemo,
  type VoteStatus,
} from "./demo-api";
import { leaderboardFromCatalogue, leaderboardFromServer, type LeaderboardDemo } from "./leaderboard";
import { speakerById } from "./lookups";
import { toast, type ToastContent } from "./toast-store";
import { useLiveCounts } from "./use-live-counts";
import { rememberVote } from "./voted-demos";
import { votingWindowOf, type VotingWindow, type VotingWindowRecord } from "../../shared/voting-window";

/**
 * The voting window: the edition's, which the page was built with, until the server says which one it enforces
 * (an organiser may have moved it). If the server cannot say, the edition's stands.
 */
export function useVotingWindow(cache: ApiCache): VotingWindow {
  const { data } = useCached<VotingWindowRecord>(cache, votingUrl);
  const { opens, closes } = data ?? content.event.voting;
  return useMemo(() => votingWindowOf({ opens, closes }), [opens, closes]);
}

/**
 * Spec §7's leaderboard loading: the list first, then every demo's vote status in parallel. A failed list logs
 * spec §8's line and shows the local catalogue instead; the page is prerendered from that same catalogue. While
 * voting is `open` the counts follow the server's stream, or the list is polled where the stream is refused.
 */
export function useLeaderboard(cache: ApiCache, open: boolean) {
  useLiveCounts(cache, open);
  const list = useCached<ServerDemo[]>(cache, demosUrl);
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
  const listSettled = useDeferredValue(list.status !== "pending");
  // Which demos, not in which order: a change of rank asks for nothing again.
  const ids = JSON.stringify(demos.map((demo) => demo.id).sort());
  useEffect(() => {
    if (!listSettled) return;
    const releases = (JSON.parse(ids) as string[]).map((id) => cache.ask(voteStatusUrl(id), loadVoteStatus(id)));
    return () => {
      for (const release of releases) release();
    };
  }, [cache, listSettled, ids]);
  // The statuses are read from the cache as it is now: any change to it renders the leaderboard again.
  useSyncExternalStore(cache.subscribe, cache.version, cache.version);
  const voted = new Set(
    demos.filter((demo) => cache.get<VoteStatus>(voteStatusUrl(demo.id)).data?.hasVoted).map((demo) => demo.id),
  );

  return {
    demos,
    voted,
    loading: list.status === "pending",
    failed: list.status === "error",
    live: open && list.status === "success",
  };
}

/**
 * Casting a vote: on success the count and the card update at once and a toast confirms; a refusal says why.
 * `votingId` is the demo whose vote is on its way (the latest one cast).
 */
export function useCastVote(cache: ApiCache) {
  const [voting, setVoting] = useState<{ id: string } | null>(null);
  const cast = (demo: Pick<LeaderboardDemo, "id" | "title">) => {
    const attempt = { id: demo.id };
    setVoting(attempt);
    void castVote(cache, demo).finally(() => {
      setVoting((latest) => (latest === attempt ? null : latest));
    });
  };
  return { votingId: voting?.id, cast };
}

/**
 * The toasts' words, loaded when a vote is cast (alongside the toaster and the vote's request) rather than with the
 * page: the page's first load has no room for ten sentences that only a vote shows (decision 052).
 */
const loadVoteToasts = () => import("./vote-toasts");

/** Shows a vote's toast once its words have loaded; if they cannot load, the card has already said what happened. */
function toastWith(words: ReturnType<typeof loadVoteToasts>, make: (module: Awaited<typeof words>) => ToastContent) {
  words.then((module) => toast(make(module))).catch(() => undefined);
}

/** One vote, never retried (spec §9), and what the page makes of its answer. */
async function castVote(cache: ApiCache, demo: Pick<LeaderboardDemo, "id" | "title">): Promise<void> {
  const words = loadVoteToasts();
  const markVoted = (status: VoteStatus) => {
    cache.setData(voteStatusUrl(demo.id), () => status);
    rememberVote(demo.id);
  };
  let result: CastVote;
  try {
    result = (await (await apiRequest("POST", voteUrl(demo.id))).json()) as CastVote;
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    const refused = apiError?.status ?? 0;
    if (refused === 409) markVoted({ hasVoted: true, canVoteAgainIn: null, votedAt: null });
    // Refused for the window: the server's window may differ from the page's, so ask again.
    if (refused === 403) cache.refetch(votingUrl);
    const reason = apiError?.reason ?? null;
    toastWith(words, ({ refusal }) => refusal(refused, reason));
    return;
  }
  if (cache.get(demosUrl).data) {
    cache.setData<ServerDemo[]>(demosUrl, (list) =>
      list?.map((item) => (item.id === demo.id ? { ...item, votes: result.votes } : item)),
    );
  } else {
    // The page is on its fallback data: the vote got through, so the live list may now load.
    cache.refetch(demosUrl);
  }
  markVoted({ hasVoted: true, canVoteAgainIn: null, votedAt: result.votedAt });
  toastWith(words, ({ recorded }) => recorded(demo.title));
}
