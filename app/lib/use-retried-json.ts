import { useEffect, useState } from "react";
import { retryDelay } from "./event-stream";

/**
 * A GET of our own API for a page that must never give up (the stream's overlays): the answer once it comes, and
 * until then (or when `url` is null) undefined. A failed read, the server away or answering an error, is read again
 * after `retryDelay`, longer after each failure in a row; nothing is shown or logged meanwhile.
 */
// The answer is our own API's, typed by what the server and the app share: the caller names that type.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function useRetriedJson<T>(url: string | null): T | undefined {
  const [answer, setAnswer] = useState<{ url: string; data: T } | null>(null);
  useEffect(() => {
    if (url === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const read = async (failures: number) => {
      try {
        const response = await fetch(url, { credentials: "include", signal: controller.signal });
        if (!response.ok) throw new Error(String(response.status));
        setAnswer({ url, data: (await response.json()) as T });
      } catch {
        if (controller.signal.aborted) return;
        timer = setTimeout(() => void read(failures + 1), retryDelay(failures + 1));
      }
    };
    void read(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [url]);
  return answer?.url === url ? answer.data : undefined;
}
