import { useEffect, useState } from "react";
import type { ApiCache } from "./api-cache";
import { demosUrl, type ServerDemo } from "./demo-api";
import { previewInstant } from "./preview";
import { demoEventsPath } from "../../shared/api-contract";

/** How often the leaderboard asks for the counts when it cannot follow the stream. */
export const pollingIntervalMs = 5000;

/**
 * While voting is open, the leaderboard's counts follow the server's stream (GET /api/demos/events): its snapshot
 * and each change go into the list the page already shows. Where the stream is refused (the server holds as many
 * as it can, or answers something else) or the browser has no EventSource, the list is polled instead, every
 * `pollingIntervalMs` while voting is open. A dropped connection is the browser's to retry (the server advises
 * when); the stream's `closed` (the window ended) stops it for good. A page previewing another moment (`?now=`)
 * shows the counts it loaded.
 */
export function useLiveCounts(cache: ApiCache, open: boolean): void {
  const [polling, setPolling] = useState(false);
  useEffect(() => {
    // A preview of another moment (?now=) is not the live day: the server's stream would refuse it.
    if (!open || previewInstant(window.location.search)) return;
    if (typeof EventSource === "undefined") {
      setPolling(true);
      return;
    }
    const source = new EventSource(demoEventsPath);
    const apply = (event: MessageEvent<string>) => {
      const counts = JSON.parse(event.data) as Record<string, number>;
      cache.setData<ServerDemo[]>(demosUrl, (list) =>
        list?.map((demo) => {
          const votes = counts[demo.id];
          return votes === undefined || votes === demo.votes ? demo : { ...demo, votes };
        }),
      );
    };
    source.addEventListener("snapshot", apply);
    source.addEventListener("counts", apply);
    source.addEventListener("closed", () => {
      source.close();
    });
    source.addEventListener("error", () => {
      // CLOSED: refused, not dropped (a drop reconnects by itself, CONNECTING).
      if (source.readyState === EventSource.CLOSED) setPolling(true);
    });
    return () => {
      source.close();
    };
  }, [open, cache]);
  useEffect(() => (open && polling ? cache.poll(demosUrl, pollingIntervalMs) : undefined), [open, polling, cache]);
}
