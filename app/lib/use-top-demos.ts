import { useMemo } from "react";
import * as content from "../../content";
import { useClock } from "./clock";
import { demoListRetried, votingWindowRetried } from "./demo-api";
import type { ServerDemo } from "./leaderboard";
import { useLive } from "./live-data";
import { ranked } from "./ranking";
import { votingPhase, votingWindowOf } from "../../common/voting-window";

/**
 * Whether the demo vote is open now, by the server's window (GET /api/voting: an organiser may have moved it) and
 * the edition's until the server answers. `wanted` false asks nothing (an edition without demos).
 */
export function useVotingOpen(wanted: boolean): boolean {
  const served = useLive(wanted ? votingWindowRetried : null).data;
  const window = useMemo(() => votingWindowOf(served ?? content.event.voting), [served]);
  return useClock((now) => wanted && votingPhase(now, window) === "open");
}

/**
 * The demos with the most votes, at most `limit`, ranked: the list (GET /api/demos), its counts then following the
 * demo stream. Empty until the list arrives, and once the stream says `closed` (the server's window ended). The
 * stage's leaderboard and the stream's overlay both read it.
 */
export function useTopDemos(limit: number): (ServerDemo & { rank: number })[] {
  const { data, ended } = useLive(demoListRetried, true);
  return useMemo(() => (data && !ended ? ranked(data).slice(0, limit) : []), [data, ended, limit]);
}
