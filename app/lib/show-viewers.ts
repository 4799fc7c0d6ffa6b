import { useEffect } from "react";
import { adminShowViewersUrl, type ShowViewers } from "../../common/show-contract";
import { getJson, liveResources, refreshLive, useLive, type LiveState } from "./live-data";
import { bearer } from "./moderator-stream";

/** How often the control room reads the viewers again: the count is a glance, the graph a point a minute. */
export const viewersReadMs = 10_000;

/** The viewers (GET /api/admin/show/viewers), read with the moderator's token: one resource per token. */
const viewersOf = liveResources<ShowViewers>((token) => ({
  url: adminShowViewersUrl,
  load: (url, signal) => getJson<ShowViewers>(url, signal, bearer(token)),
  retry: true,
}));

/** The viewers per stage, read now and again every `viewersReadMs` while the control room shows them. */
export function useShowViewers(token: string): LiveState<ShowViewers> {
  const resource = viewersOf(token);
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
