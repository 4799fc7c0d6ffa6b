import { lazy, Suspense, useSyncExternalStore } from "react";
import { useClock } from "../lib/clock";
import { useRankAnnouncement } from "../lib/rank-changes";
import { subscribeToToasts, toastsSnapshot } from "../lib/toast-store";
import { useHydrated } from "../lib/use-hydrated";
import { useCastVote, useLeaderboard, useVotingWindow, type DemoCatalogue } from "../lib/use-leaderboard";
import { votingPhase } from "../../common/voting-window";
import { LeaderboardView } from "./leaderboard-view";
import * as m from "../i18n/messages";

/**
 * Radix's toasts (a 38 KB chunk, 12 KB gzip) load when the first toast is raised, not as soon as voting is open: a
 * visit that casts no vote never downloads, evaluates or mounts them. A click on a vote button starts the download,
 * so it travels alongside the vote's request rather than after its answer.
 */
const loadToaster = () => import("./ui/toaster");
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));
const hasToasts = () => toastsSnapshot().length > 0;
const noToasts = () => false;

/** The leaderboard live from the API (live-data.ts), with voting, toasts for votes, and the ranks' changes said aloud. */
export function DemoLeaderboard({ catalogue }: { catalogue: DemoCatalogue }) {
  const hydrated = useHydrated();
  const window = useVotingWindow();
  const open = useClock((now) => votingPhase(now, window) === "open");
  const { demos, voted, loading, failed, live } = useLeaderboard(open, catalogue);
  const announcement = useRankAnnouncement(demos, live);
  const { votingId, cast } = useCastVote();
  const toasting = useSyncExternalStore(subscribeToToasts, hasToasts, noToasts);

  return (
    <LeaderboardView
      window={window}
      demos={demos}
      status={hydrated && loading ? m.leaderboardLoading : null}
      failed={failed}
      voted={voted}
      votingId={votingId}
      onVote={(demo) => {
        void loadToaster();
        cast(demo);
      }}
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {toasting ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </LeaderboardView>
  );
}
