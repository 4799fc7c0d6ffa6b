import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";
import { searchDemos } from "../lib/leaderboard";
import { subscribeToToasts, toastsSnapshot } from "../lib/toast-store";
import { useClock } from "../lib/clock";
import { useHydrated } from "../lib/use-hydrated";
import { useCastVote, useLeaderboard, useVotingWindow } from "../lib/use-leaderboard";
import { votingPhase } from "../lib/voting";
import { DemoCard } from "./demo-card";
import { VotingCountdown } from "./voting-countdown";

/**
 * Radix's toasts load only when a toast may be needed: once voting is open, or when one is raised. While voting
 * is over (as in this edition) no vote can be cast and nothing is toasted, so the page never downloads them.
 */
const Toaster = lazy(() => import("./ui/toaster").then((module) => ({ default: module.Toaster })));
const hasToasts = () => toastsSnapshot().length > 0;
const noToasts = () => false;

/** The voting countdown, the search box and the ranked demo cards, live from the API; toasts for votes. */
export function DemoLeaderboard() {
  const hydrated = useHydrated();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const window = useVotingWindow();
  const phase = useClock((now) => votingPhase(now, window));
  const { demos, voted, loading, failed } = useLeaderboard();
  const castVote = useCastVote();
  const shown = searchDemos(demos, query);
  const toasting = useSyncExternalStore(subscribeToToasts, hasToasts, noToasts);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-12">
      <VotingCountdown window={window} />

      <section aria-labelledby="leaderboard-title" className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="leaderboard-title" className="font-display text-3xl font-bold">
              Leaderboard
            </h2>
            {/* Room is kept for the status line so nothing moves when it appears. */}
            <p role="status" className="mt-1 min-h-6 text-muted">
              {hydrated && loading ? "Loading demos..." : null}
            </p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:max-w-sm">
            <label htmlFor={searchId} className="text-sm font-semibold text-muted">
              Search demos
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
              }}
              placeholder="Title, presenter, topic or tag"
              autoComplete="off"
              className="min-h-12 w-full rounded-full border border-white/30 bg-ink px-5 py-3 text-white placeholder:text-white/60 focus:border-sky"
            />
          </div>
        </div>

        {failed ? (
          <div role="alert" className="rounded-2xl border border-orchid/60 bg-magenta/10 px-5 py-4 font-semibold">
            Failed to load demos. Using cached data.
          </div>
        ) : null}

        {shown.length === 0 ? (
          <p className="rounded-2xl border border-line bg-panel px-5 py-8 text-center text-lg">
            No demos found matching your search.
          </p>
        ) : (
          <ol aria-label="Demos by votes" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((demo) => (
              <li key={demo.id}>
                <DemoCard
                  demo={demo}
                  phase={phase}
                  hasVoted={voted.has(demo.id)}
                  voting={castVote.isPending && castVote.variables.id === demo.id}
                  onVote={() => {
                    castVote.mutate({ id: demo.id, title: demo.title });
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      {hydrated && (phase === "open" || toasting) ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
