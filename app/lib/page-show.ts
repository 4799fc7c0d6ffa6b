import type { ShowState } from "../../common/show-contract";
import { askLive, liveState, setLive, subscribeLive } from "./live-data";
import { pageShowResource, subscribeViewing } from "./show";

/**
 * The page's show outside React (lib/show.ts keeps its resources): kept apart from show.ts, which many pages load
 * first, as only the control room and the offline island need these.
 */

/**
 * The show as a write answered it (POST /api/admin/show answers the new state): shown at once by every part of the
 * page, before the stream repeats it, so that a second quick action starts from the first's result.
 */
export function showAnswered(state: ShowState): void {
  setLive(pageShowResource(), () => state);
}

/**
 * Tells `listener` the page's show (as `usePageShow` reads it, through a stage page's stream) whenever anything live
 * changes: the offline island loads the announcement's banner only once there is an announcement (decision 093). It
 * holds the show's stream open as a reader of it does, the one the page's other parts share.
 */
export function followPageShow(listener: (show: ShowState | undefined) => void): void {
  let followed: ReturnType<typeof pageShowResource> | undefined;
  let release: () => void = () => undefined;
  const follow = () => {
    const resource = pageShowResource();
    if (resource !== followed) {
      release();
      followed = resource;
      release = askLive(resource, true);
    }
    listener(liveState(resource).data);
  };
  subscribeViewing(follow);
  subscribeLive(follow);
  follow();
}
