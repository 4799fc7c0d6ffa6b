import { lazy, Suspense, useSyncExternalStore } from "react";
import { subscribeToToasts, toastsSnapshot } from "../lib/toast-store";
import { useClock } from "../lib/clock";
import { useHydrated } from "../lib/use-hydrated";
import { useCastVote, useLeaderboard, useVotingWindow } from "../lib/use-leaderboard";
import { votingPhase } from "../lib/voting";
import { LeaderboardView } from "./leaderboard-view";

/**
 * Radix's toasts load only when a toast may be needed: once voting is open, or when one is raised. While voting
 * is over (as in this edition) no vote can be cast and nothing is toasted, so the page never downloads them.
 */
const Toaster = lazy(() => import("./ui/toaster").then((module) => ({ default: module.Toaster })));
const hasToasts = () => toastsSnapshot().length > 0;
const noToasts = () => false;

/** The leaderboard live from the API, with voting and toasts for votes. */
export function DemoLeaderboard() {
  const hydrated = useHydrated();
  const window = useVotingWindow();
  const phase = useClock((now) => votingPhase(now, window));
  const { demos, voted, loading, failed } = useLeaderboard();
  const castVote = useCastVote();
  const toasting = useSyncExternalStore(subscribeToToasts, hasToasts, noToasts);

  return (
    <LeaderboardView
      window={window}
      demos={demos}
      status={hydrated && loading ? "Loading demos..." : null}
      failed={failed}
      voted={voted}
      votingId={castVote.isPending ? castVote.variables.id : undefined}
      onVote={(demo) => {
        castVote.mutate({ id: demo.id, title: demo.title });
      }}
    >
      {hydrated && (phase === "open" || toasting) ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </LeaderboardView>
  );
}
