import { useEffect, useSyncExternalStore } from "react";
import { showEventsUrl, showUrl, type ShowEvents, type ShowState } from "../../common/show-contract";
import { liveResources, liveStream, useLive } from "./live-data";

/** How often a page reads the show while its stream is away: the show reaches open pages within 2 s (issue 44). */
const showPollMs = 2000;

const whole = (_current: ShowState | undefined, state: ShowState) => state;

/**
 * The show (GET /api/show), kept live by its stream. One resource per stage (its stream's `?stage=` counts the page
 * as a viewer of that stage) and one, keyed "", for every other page. Read again after a failure: pages run
 * unattended for hours.
 */
const showOf = liveResources<ShowState>((stage) => ({
  url: showUrl,
  retry: true,
  pollMs: showPollMs,
  stream: liveStream<ShowState, ShowEvents>({
    url: showEventsUrl(stage === "" ? undefined : stage),
    on: { snapshot: whole, show: whole },
  }),
}));

/**
 * The stage the page shows, if it is a stage page: whatever else on the page follows the show (the announcement's
 * banner, in the root) reads the stage's resource, so that a page holds one stream and is counted once.
 */
let viewing: string | undefined;
const viewingListeners = new Set<() => void>();

function setViewing(stage: string | undefined) {
  viewing = stage;
  for (const listener of viewingListeners) listener();
}

export function subscribeViewing(listener: () => void) {
  viewingListeners.add(listener);
  return () => {
    viewingListeners.delete(listener);
  };
}

/**
 * The show as the server last said it, followed live; undefined until it has answered (the prerender and the
 * hydration too: what they show is the printed programme's). A stage page names its stage: it is one of its viewers.
 */
export function useShow(stage?: string): ShowState | undefined {
  useEffect(() => {
    if (stage === undefined) return undefined;
    setViewing(stage);
    return () => {
      setViewing(undefined);
    };
  }, [stage]);
  return useLive(showOf(stage ?? ""), true).data;
}

/** The show for a part of every page (the banner): through the page's stage's stream on a stage page. */
export function usePageShow(): ShowState | undefined {
  const stage = useSyncExternalStore(
    subscribeViewing,
    () => viewing,
    () => undefined,
  );
  return useLive(showOf(stage ?? ""), true).data;
}

/**
 * The resource `usePageShow` reads now (a stage page's, or the one of every other page): for what follows or sets
 * the page's show outside a component (app/lib/page-show.ts). Kept here, where the page's stage is known.
 */
export const pageShowResource = () => showOf(viewing ?? "");
