import * as content from "../../content";
import { useClock } from "../lib/clock";
import { useDisplayZone } from "../lib/display-zone";
import { useHydrated } from "../lib/use-hydrated";
import { liveStatus } from "../lib/live";
import { talkPathOf } from "../lib/talk-paths";
import { formatClock } from "../lib/time";
import { ExternalLink } from "./external-link";

/**
 * "Now / next" while the stream is live, updated every second; nothing at all before or after the day.
 * It is fixed to the bottom of the window, so appearing after hydration moves nothing on the page.
 */
export function LiveStrip() {
  // Nothing in the prerendered HTML: the build's instant says nothing about when the page is read.
  const hydrated = useHydrated();
  // Outside the live day the selected value stays 0, so the page does not re-render every second for nothing.
  const now = useClock((instant) => (liveStatus(instant, content.agenda) ? instant.getTime() : 0));
  const zone = useDisplayZone();
  const status = hydrated && now ? liveStatus(new Date(now), content.agenda) : null;
  if (!status) return null;
  const { current, next } = status;

  return (
    <aside
      aria-label="Live now"
      data-live-strip
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/20 bg-ink/95 backdrop-blur-sm"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2.5 sm:gap-6 sm:px-6 sm:py-3">
        <div className="min-w-0 flex-1">
          {current ? (
            <>
              <p className="flex items-baseline gap-x-3">
                <span className="inline-flex shrink-0 items-center gap-2 text-sm font-bold tracking-widest text-orchid uppercase">
                  <span aria-hidden="true" className="size-2 rounded-full bg-magenta" />
                  Now
                </span>
                <span className="min-w-0 truncate">
                  <SessionTitle title={current.session.title} path={talkPathOf(current.session.talkId)} />
                </span>
                <span className="shrink-0 font-display font-semibold text-white tabular-nums">{current.timeLeft}</span>
              </p>
              <div
                role="progressbar"
                aria-label="Session progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.floor(current.progress)}
                className="my-1.5 h-1.5 overflow-hidden rounded-full bg-white/15"
              >
                <div className="h-full bg-electric" style={{ width: `${current.progress.toFixed(2)}%` }} />
              </div>
            </>
          ) : null}
          {next ? (
            <p className="truncate text-sm text-muted">
              <span className="font-semibold text-white">Next</span> at {formatClock(next.start, zone.timeZone)}{" "}
              {zone.label}: <SessionTitle title={next.title} path={talkPathOf(next.talkId)} />
            </p>
          ) : null}
        </div>
        <ExternalLink
          href={content.event.links.broadcast}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-full bg-electric px-4 text-sm font-semibold text-white hover:bg-electric-hover sm:px-5 sm:text-base"
        >
          Watch live
        </ExternalLink>
      </div>
    </aside>
  );
}

/** A plain link, not the router's: the strip also runs on the home page, which has no router (islands/home). */
function SessionTitle({ title, path }: { title: string; path: string | undefined }) {
  return path ? (
    <a href={path} className="font-semibold text-white underline-offset-4 hover:underline">
      {title}
    </a>
  ) : (
    <span className="font-semibold text-white">{title}</span>
  );
}
