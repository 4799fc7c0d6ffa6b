import type { ServerDemo } from "./leaderboard";
import { getJson, liveResources, liveStream, type LiveResource, type Loader } from "./live-data";
import { demoEventsPath, demosUrl, votingUrl } from "../../common/api-contract";
import type { VotingWindowRecord } from "../../common/voting-window";
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

/** The vote status of each demo: spec §7's check, with its fallback. */
export const voteStatus = liveResources<VoteStatus>((demoId) => ({
  url: voteStatusUrl(demoId),
  load: loadVoteStatus(demoId),
}));

/** How often the list of demos is read again while its stream is away (refused, or being opened again). */
export const demoListPollMs = 5000;

type Counts = Record<string, number>;

/** The list with the stream's counts (every demo's in a snapshot, the changed ones after). */
function withCounts(list: ServerDemo[] | undefined, counts: Counts): ServerDemo[] | undefined {
  return list?.map((demo) => {
    const votes = counts[demo.id];
    return votes === undefined || votes === demo.votes ? demo : { ...demo, votes };
  });
}

/** The vote's stream (decision 031): over once it says `closed`, when the window has ended. */
const demoCounts = liveStream<ServerDemo[], { snapshot: Counts; counts: Counts; closed: unknown }>({
  url: demoEventsPath,
  on: { snapshot: withCounts, counts: withCounts },
  final: "closed",
});

/** The leaderboard's list: spec §9's rules (read once, a failure stays), live while voting is open. */
export const demoList: LiveResource<ServerDemo[]> = { url: demosUrl, stream: demoCounts, pollMs: demoListPollMs };
/** The leaderboard's voting window, by spec §9's rules too. */
export const votingWindow: LiveResource<VotingWindowRecord> = { url: votingUrl };

// The stage and the stream's overlays run unattended for hours, and must never give up: a failed read is read again.
export const demoListRetried: LiveResource<ServerDemo[]> = { ...demoList, retry: true };
export const votingWindowRetried: LiveResource<VotingWindowRecord> = { ...votingWindow, retry: true };
