import { useEffect, useMemo, useState } from "react";
import * as content from "../../content";
import { useClock } from "./clock";
import { followEvents } from "./event-stream";
import type { ServerDemo } from "./leaderboard";
import { ranked } from "./ranking";
import { demoEventsPath, demosUrl, votingUrl } from "../../shared/api-contract";
import { votingPhase, votingWindowOf, type VotingWindowRecord } from "../../shared/voting-window";
import { useRetriedJson } from "./use-retried-json";

/**
 * Whether the demo vote is open now, by the server's window (GET /api/voting: an organiser may have moved it) and
 * the edition's until the server answers. `wanted` false asks nothing (an edition without demos).
 */
export function useVotingOpen(wanted: boolean): boolean {
  const served = useRetriedJson<VotingWindowRecord>(wanted ? votingUrl : null);
  const window = useMemo(() => votingWindowOf(served ?? content.event.voting), [served]);
  return useClock((now) => wanted && votingPhase(now, window) === "open");
}

/**
 * The demos with the most votes, at most `limit`, ranked: the list (GET /api/demos), then every count as the demo
 * stream says it. The stream's counts are kept apart from the list, so that a snapshot that arrives before the list,
 * or a list read before the last vote, shows the latest. Empty once the stream says `closed` (the server's window
 * ended), and until the list arrives. The stage's leaderboard and the stream's overlay both read it.
 */
export function useTopDemos(limit: number): (ServerDemo & { rank: number })[] {
  const [closed, setClosed] = useState(false);
  const list = useRetriedJson<ServerDemo[]>(closed ? null : demosUrl);
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(
    () =>
      followEvents<{ snapshot: Record<string, number>; counts: Record<string, number>; closed: unknown }>(
        demoEventsPath,
        {
          snapshot: setCounts,
          counts: (changed) => {
            setCounts((current) => ({ ...current, ...changed }));
          },
          closed: () => {
            setClosed(true);
          },
        },
        "closed",
      ),
    [],
  );
  return useMemo(
    () =>
      list && !closed
        ? ranked(list.map((demo) => ({ ...demo, votes: counts[demo.id] ?? demo.votes }))).slice(0, limit)
        : [],
    [list, counts, closed, limit],
  );
}
