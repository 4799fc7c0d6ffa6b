import { notifyManager, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { inNextTask, nextTask } from "./next-task";

// TanStack Query delivers its batched notifications in a later task; by default through a timer each time.
notifyManager.setScheduler(inNextTask);

/**
 * A non-OK answer from the API. The message is spec §7's: the status code, a colon, and the body text (or the
 * status text when the body is empty), e.g. "409: {"error":"You have already voted for Notewell."}".
 */
export class ApiError extends Error {
  override name = "ApiError";

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's own explanation, from its `{ "error": "..." }` body, when it sent one. */
  get reason(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      const error = typeof parsed === "object" && parsed !== null ? (parsed as { error?: unknown }).error : null;
      return typeof error === "string" && error !== "" ? error : null;
    } catch {
      return null;
    }
  }
}

/** Throws an ApiError for any non-OK response. */
export async function throwIfNotOk(response: Response) {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
}

/** A call to our own API: same-origin, with the voter cookie. */
export async function apiRequest(method: "GET" | "POST", url: string): Promise<Response> {
  const response = await fetch(url, { method, credentials: "include", headers: { accept: "application/json" } });
  await throwIfNotOk(response);
  return response;
}

/**
 * Spec §7's default query function: GET the first element of the query key, credentials included, and read the
 * answer as JSON. A 401 throws like any error, or, with `on401: "returnNull"`, resolves to null.
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: "returnNull" | "throw" }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    // The leaderboard starts its queries in bursts (the list, then a vote status per demo at once), from inside
    // React's work right after hydration; each request's set-up is small, but together they made that one
    // task block the page for ~200 ms on a throttled phone. Each request starts in a task of its own instead.
    await nextTask();
    signal.throwIfAborted();
    const response = await fetch(String(queryKey[0]), { credentials: "include", signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/**
 * The query client of spec §9: what it has fetched is never stale, nothing is retried, and nothing refetches on
 * its own (no window-focus refetch, no polling). A page visit fetches once; a vote, or the live leaderboard's
 * stream, updates the cache directly. (The one exception is the list of demos while voting is open and its stream
 * is refused: it is polled, see use-live-counts.ts.)
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        // A client lives for one page visit and holds a handful of queries: nothing to collect, so no timer per
        // query to collect it.
        gcTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
