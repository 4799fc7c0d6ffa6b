import { useId, useRef, useState, type ReactNode } from "react";
import { useClock } from "../lib/clock";
import { useVisitorZoneAt } from "../lib/visitor-zone";
import { searchDemos, type LeaderboardDemo } from "../lib/leaderboard";
import { useRankMoves } from "../lib/rank-changes";
import { useHydrated } from "../lib/use-hydrated";
import { type VotingWindow } from "../../common/voting-window";
import { formatLongDate } from "../lib/time-in-edition-language";
import { votingPhase } from "../../common/voting-window";
import { DemoCard } from "./demo-card";
import { VotingCountdown } from "./voting-countdown";
import * as m from "../i18n/messages";

export interface LeaderboardViewProps {
  window: VotingWindow;
  demos: LeaderboardDemo[];
  /** "Loading demos..." while the live list loads; nothing otherwise. */
  status?: string | null;
  failed?: boolean;
  voted?: ReadonlySet<string>;
  /** The demo whose vote is on its way. */
  votingId?: string;
  onVote?: (demo: LeaderboardDemo) => void;
  children?: ReactNode;
}

const nobody: ReadonlySet<string> = new Set();

/** The voting countdown, the search box and the ranked demo cards: what the leaderboard looks like, whatever feeds it. */
export function LeaderboardView({
  window,
  demos,
  status = null,
  failed = false,
  voted = nobody,
  votingId,
  onVote,
  children,
}: LeaderboardViewProps) {
  const searchId = useId();
  // The page hydrates after its first paint, and the leaderboard in a boundary of its own after the rest: hydration
  // starts from the server's empty search box and would wipe what a visitor typed into it by then. That text is read from the box while
  // hydration renders, and searched for in the render right after it.
  const hydrated = useHydrated();
  const [typedEarly] = useState(() =>
    typeof document === "undefined"
      ? ""
      : ((document.getElementById(searchId) as HTMLInputElement | null)?.value ?? ""),
  );
  const [typed, setQuery] = useState<string | null>(null);
  const query = typed ?? (hydrated ? typedEarly : "");
  const phase = useClock((now) => votingPhase(now, window));
  // The cards name the opening date only before voting opens. In the other phases (the page's life after the day)
  // no date is formatted: the first Intl formatter the page made was its hydration's longest task on a slow phone.
  const opening = phase === "upcoming" ? window.opens.toISOString() : null;
  const zone = useVisitorZoneAt(opening);
  const opensOn = opening && zone ? formatLongDate(opening, zone.timeZone) : null;
  const shown = searchDemos(demos, query);
  const list = useRef<HTMLOListElement>(null);
  useRankMoves(list, shown.map((demo) => demo.id).join(" "));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-12">
      <VotingCountdown window={window} />

      <section aria-labelledby="leaderboard-title" className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="leaderboard-title" className="font-display text-3xl font-bold">
              {m.leaderboardTitle}
            </h2>
            {/* Room is kept for the status line so nothing moves when it appears. */}
            <p role="status" className="mt-1 min-h-6 text-muted">
              {status}
            </p>
          </div>
          {/* Filtering needs JavaScript: without it the box would take typing and do nothing, so it is not shown. */}
          <div className="flex w-full flex-col gap-2 noscript:hidden sm:max-w-sm">
            <label htmlFor={searchId} className="text-sm font-semibold text-muted">
              {m.leaderboardSearchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
              }}
              placeholder={m.leaderboardSearchPlaceholder}
              autoComplete="off"
              className="min-h-12 w-full rounded-full border border-white/30 bg-ink px-5 py-3 text-white placeholder:text-white/60 focus:border-sky"
            />
          </div>
        </div>

        {failed ? (
          <div role="alert" className="rounded-2xl border border-orchid/60 bg-magenta/10 px-5 py-4 font-semibold">
            {m.leaderboardFailed}
          </div>
        ) : null}

        {shown.length === 0 ? (
          <p className="rounded-2xl border border-line bg-panel px-5 py-8 text-center text-lg">
            {m.leaderboardNoMatch}
          </p>
        ) : (
          <ol ref={list} aria-label={m.leaderboardListLabel} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((demo) => (
              <li key={demo.id} data-id={demo.id}>
                <DemoCard
                  demo={demo}
                  phase={phase}
                  opensOn={opensOn}
                  hasVoted={voted.has(demo.id)}
                  voting={votingId === demo.id}
                  onVote={() => onVote?.(demo)}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      {children}
    </div>
  );
}
