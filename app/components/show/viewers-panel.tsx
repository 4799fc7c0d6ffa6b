import { useId } from "react";
import * as m from "../../i18n/messages";
import { useDisplayZone } from "../../lib/display-zone";
import { reasonOf } from "../../lib/moderator-stream";
import { viewersGraph, type ControlStage } from "../../lib/show-control";
import { useShowViewers } from "../../lib/show-viewers";
import { formatClock } from "../../lib/time-in-edition-language";

/** The graph's box in SVG units: drawn to the card's width, its line the same thickness whatever the stretch. */
const graphBox = { width: 300, height: 60 } as const;

/**
 * The viewers of the stage the control room runs: its stage pages open now and the day's count a minute at a time,
 * for the moderators only (GET /api/admin/show/viewers?stage=). The graph is a picture of the figures its caption
 * gives in words.
 */
export function ViewersPanel({ token, stage }: { token: string; stage: ControlStage }) {
  const ids = useId();
  const zone = useDisplayZone();
  const { data, error } = useShowViewers(token, stage.id);
  const viewers = data?.stages[stage.id];
  const graph = viewers ? viewersGraph(viewers.history, graphBox.width, graphBox.height) : undefined;
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-5 rounded-3xl border border-line bg-panel p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${ids}-title`} className="text-2xl font-bold">
          {m.showViewers}
        </h2>
        <p className="text-white/85">{m.showViewersLead}</p>
      </div>
      {error && !data ? (
        <p className="font-semibold text-orchid">{m.showViewersFailed({ reason: reasonOf(error) })}</p>
      ) : null}
      {viewers ? (
        <div className="flex flex-col gap-2 rounded-2xl border border-line p-4">
          <h3 className="font-bold">{stage.name ?? m.showTheStream}</h3>
          <p className="font-display text-3xl font-bold">{m.showViewersNow({ count: viewers.now })}</p>
          <figure className="flex flex-col gap-2">
            <svg
              aria-hidden="true"
              viewBox={`0 0 ${String(graphBox.width)} ${String(graphBox.height)}`}
              preserveAspectRatio="none"
              className="h-16 w-full overflow-visible border-b border-white/30 text-sky"
            >
              {graph?.points ? (
                <polyline
                  points={graph.points}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              ) : null}
            </svg>
            <figcaption className="text-sm text-white/85">
              {graph?.peak
                ? m.showViewersDay({
                    peak: graph.peak.count,
                    time: formatClock(graph.peak.minute, zone.timeZone),
                    zone: zone.label,
                    count: viewers.now,
                  })
                : m.showViewersNone}
            </figcaption>
          </figure>
        </div>
      ) : null}
    </section>
  );
}
