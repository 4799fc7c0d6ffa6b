import { useDeferredValue, useEffect, useMemo, useState } from "react";
import * as content from "../../content";
import type { Demo } from "../../content";
import { demoList, voteStatus, votingWindow, voteUrl, type CastVote, type VoteStatus } from "./demo-api";
import { leaderboardFromCatalogue, leaderboardFromServer, type LeaderboardDemo } from "./leaderboard";
import { ApiError, apiRequest, askLive, liveState, refreshLive, setLive, useLive, useLiveVersion } from "./live-data";
import { presenterLookup, type DemoPresenter } from "./ranking";
import { previewInstant } from "./preview";
import { toast, type ToastContent } from "./toast-store";
import { useHydrated } from "./use-hydrated";
import { rememberVote } from "./voted-demos";
import { votingWindowOf, type VotingWindow } from "../../common/voting-window";

/**
 * The voting window: the edition's, which the page was built with, until the server says which one it enforces
 * (an organiser may have moved it). If the server cannot say, the edition's stands.
 */
export function useVotingWindow(): VotingWindow {
  const { data } = useLive(votingWindow);
  const { opens, closes } = data ?? content.event.voting;
  return useMemo(() => votingWindowOf({ opens, closes }), [opens, closes]);
}

/** The edition's demos and their presenters, as the voting page's loader sends them (see demoPresenters). */
export interface DemoCatalogue {
  demos: Demo[];
  presenters: DemoPresenter[];
}

/**
 * Spec §7's leaderboard loading: the list first, then every demo's vote status in parallel. A failed list logs
 * spec §8's line and shows the local catalogue instead; the page is prerendered from that same catalogue. While
 * voting is `open` the counts follow the server's stream (decision 031), and the list is polled while the stream is
 * away. A page previewing another moment (`?now=`) shows the counts it loaded: the server's stream would refuse it.
 */
export function useLeaderboard(open: boolean, catalogue: DemoCatalogue) {
  const previewing = useHydrated() && previewInstant(window.location.search) !== null;
  const list = useLive(demoList, open && !previewing);
  useEffect(() => {
    // eslint-disable-next-line no-console -- spec §8: a failed demo list is logged as well as shown
    if (list.error) console.error(`Failed to fetch demos: ${list.error.message}`);
  }, [list.error]);

  const demos: LeaderboardDemo[] = useMemo(() => {
    const presenter = presenterLookup(catalogue.presenters);
    return list.data
      ? leaderboardFromServer(list.data, catalogue.demos, presenter)
      : leaderboardFromCatalogue(catalogue.demos, presenter);
  }, [list.data, catalogue]);
  // The statuses start in a render of their own, after the list has been shown: the list's answer re-renders the
  // leaderboard synchronously (a store update), and setting up a request per demo in that same task made it the
  // page's longest on a slow phone.
  const listSettled = useDeferredValue(list.status !== "pending");
  // Which demos, not in which order: a change of rank asks for nothing again.
  const ids = JSON.stringify(demos.map((demo) => demo.id).sort());
  useEffect(() => {
    if (!listSettled) return;
    const releases = (JSON.parse(ids) as string[]).map((id) => askLive(voteStatus(id), false));
    return () => {
      for (const release of releases) release();
    };
  }, [listSettled, ids]);
  // The statuses are read as they are now: any change to a resource renders the leaderboard again.
  useLiveVersion();
  const voted = new Set(demos.filter((demo) => liveState(voteStatus(demo.id)).data?.hasVoted).map((demo) => demo.id));

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
export function useCastVote() {
  const [voting, setVoting] = useState<{ id: string } | null>(null);
  const cast = (demo: Pick<LeaderboardDemo, "id" | "title">) => {
    const attempt = { id: demo.id };
    setVoting(attempt);
    void castVote(demo).finally(() => {
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
async function castVote(demo: Pick<LeaderboardDemo, "id" | "title">): Promise<void> {
  const words = loadVoteToasts();
  const markVoted = (status: VoteStatus) => {
    setLive(voteStatus(demo.id), () => status);
    rememberVote(demo.id);
  };
  let result: CastVote;
  try {
    result = await apiRequest<CastVote>("POST", voteUrl(demo.id));
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    const refused = apiError?.status ?? 0;
    if (refused === 409) markVoted({ hasVoted: true, canVoteAgainIn: null, votedAt: null });
    // Refused for the window: the server's window may differ from the page's, so ask again.
    if (refused === 403) refreshLive(votingWindow);
    const reason = apiError?.reason ?? null;
    toastWith(words, ({ refusal }) => refusal(refused, reason));
    return;
  }
  if (liveState(demoList).data) {
    setLive(demoList, (list) => list?.map((item) => (item.id === demo.id ? { ...item, votes: result.votes } : item)));
  } else {
    // The page is on its fallback data: the vote got through, so the live list may now load.
    refreshLive(demoList);
  }
  markVoted({ hasVoted: true, canVoteAgainIn: null, votedAt: result.votedAt });
  toastWith(words, ({ recorded }) => recorded(demo.title));
}
