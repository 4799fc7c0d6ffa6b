import { useEffect } from "react";
import { stageViewersUrl, type ShowViewers } from "../../common/show-contract";
import { getJson, liveResources, refreshLive, useLive, type LiveState } from "./live-data";
import { bearer } from "./moderator-stream";

/**
 * How often the control room reads the viewers again: the count is a glance, as fresh as the servers' reports to
 * the store (every 5 s), and one stage's day of history is small.
 */
const viewersReadMs = 5000;

/** One stage's viewers (GET /api/admin/show/viewers?stage=), read with the moderator's token. */
const viewersOf = liveResources<ShowViewers>((key) => {
  const { token, stage } = JSON.parse(key) as { token: string; stage: string };
  return {
    url: stageViewersUrl(stage),
    load: (url, signal) => getJson<ShowViewers>(url, signal, bearer(token)),
    retry: true,
  };
});

/** A stage's viewers, read now and again every `viewersReadMs` while the control room shows them. */
export function useShowViewers(token: string, stage: string): LiveState<ShowViewers> {
  const resource = viewersOf(JSON.stringify({ token, stage }));
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") refreshLive(resource);
    }, viewersReadMs);
    return () => {
      clearInterval(timer);
    };
  }, [resource]);
  return useLive(resource);
}
