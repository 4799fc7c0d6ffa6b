import * as content from "../../content";
import { graphicMotion, OverlayFrame } from "../components/overlay-frame";
import * as m from "../i18n/messages";
import { rich } from "../i18n/rich";
import { demoPresenters, presenterFor, presenterLookup, type DemoPresenter } from "../lib/ranking";
import { speakerById } from "../lib/lookups";
import { overlayLeaveMs, overlayPaths, overlayTopDemos, type OverlayOptions } from "../lib/overlay";
import { pageMeta, titled } from "../lib/seo";
import { useOverlayOptions } from "../lib/use-overlay-options";
import { previewInstant } from "../lib/preview";
import { usePresence } from "../lib/use-presence";
import { useHydrated } from "../lib/use-hydrated";
import { useTopDemos, useVotingOpen } from "../lib/use-top-demos";
import type { PageHandle } from "../root";
import type { Route } from "./+types/overlay-leaderboard";

export const handle: PageHandle = { bare: true, transparent: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.overlayLeaderboardTitle),
    description: m.overlayLeaderboardDescription({ event: content.event.name }),
    path: overlayPaths.leaderboard,
    noindex: true,
  });

/** Runs at build time only: the demos' presenters, whom the graphic names, rather than every speaker. */
export function loader() {
  return { presenters: demoPresenters(content.demos, speakerById) };
}

/** Where the audience votes, as the graphic writes it: the site's host and the page, without the scheme. */
const votingPage = (() => {
  const url = new URL("/demo-voting", content.event.siteUrl);
  return `${url.host}${url.pathname}`;
})();

/**
 * The top demos while voting is open, their counts following the votes live, and nothing while voting is closed.
 */
export default function LeaderboardOverlay({ loaderData }: Route.ComponentProps) {
  const options = useOverlayOptions();
  // The vote's counts are the live day's: a preview of another moment (?now=) shows none (the server's stream would
  // refuse it outside its real window).
  const preview = useHydrated() && previewInstant(window.location.search) !== null;
  const open = useVotingOpen(options !== null) && !preview;
  const { shown, leaving } = usePresence(open ? "open" : "", open, options?.motion ? overlayLeaveMs : 0);

  return (
    <OverlayFrame title={m.overlayLeaderboardHeading}>
      {shown && options ? <TopDemos options={options} leaving={leaving} presenters={loaderData.presenters} /> : null}
    </OverlayFrame>
  );
}

/** The graphic: the top demos as the votes stand, until the server's window ends. */
function TopDemos({
  options,
  leaving,
  presenters,
}: {
  options: OverlayOptions;
  leaving: boolean;
  presenters: DemoPresenter[];
}) {
  const top = useTopDemos(overlayTopDemos);
  const presenter = presenterLookup(presenters);
  if (top.length === 0) return null;

  return (
    <section
      data-graphic
      aria-labelledby="overlay-leaderboard-title"
      className={`absolute top-[96px] right-[96px] w-[640px] bg-ink ${graphicMotion(options.motion, leaving)}`}
    >
      <div aria-hidden="true" className="h-[12px] bg-linear-to-r from-electric to-magenta" />
      <div className="px-[40px] pt-[28px] pb-[36px]">
        <h2 id="overlay-leaderboard-title" className="text-[26px] font-semibold tracking-[0.2em] text-orchid uppercase">
          {m.overlayLeaderboardTop({ count: top.length })}
        </h2>
        <ol className="mt-[20px] flex flex-col gap-[16px]">
          {top.map((demo) => (
            <li key={demo.id} data-id={demo.id} className="flex items-center gap-[24px]">
              <span className="w-[56px] shrink-0 font-display text-[44px] leading-none font-bold text-sky tabular-nums">
                #{demo.rank}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-display text-[32px] leading-tight font-bold">{demo.title}</span>
                <span className="block truncate text-[24px] text-muted">
                  {presenterFor(demo.presenterId, presenter).name}
                </span>
              </span>
              <span className="shrink-0 text-right font-display text-[36px] font-bold tabular-nums">
                {demo.votes}
                <span className="sr-only"> {m.overlayLeaderboardVotes}</span>
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-[24px] text-[24px] text-muted">
          {rich(
            m.overlayLeaderboardVoteAtRich({ page: <span className="font-semibold text-white">{votingPage}</span> }),
          )}
        </p>
      </div>
    </section>
  );
}
