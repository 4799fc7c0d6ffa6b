import { useEffect, useSyncExternalStore } from "react";
import { nextTask } from "./next-task";

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

/** How the cache fetches a URL's answer; `signal` aborts when nobody waits for it any more. */
export type Loader<T> = (url: string, signal: AbortSignal) => Promise<T>;

/**
 * Spec §7's default fetch: GET the URL (the query key's first element) with credentials, and read the answer as
 * JSON. A non-OK answer, a 401 included, throws an ApiError.
 */
export async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  // The leaderboard asks in bursts (the list, then a vote status per demo at once), from React's work right after
  // hydration; each request's set-up is small, but together they made that one task block the page for ~200 ms on
  // a throttled phone (docs/decisions/013). Each request starts in a task of its own instead.
  await nextTask();
  signal.throwIfAborted();
  const response = await fetch(url, { credentials: "include", signal });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** What the cache holds for a URL: nothing yet (`pending`), its data, or the failure of its last fetch. */
export interface Cached<T> {
  readonly status: "pending" | "success" | "error";
  /** The last data, kept when a later fetch fails. */
  readonly data: T | undefined;
  readonly error: Error | null;
}

const pending: Cached<never> = { status: "pending", data: undefined, error: null };

interface Entry {
  readonly url: string;
  state: Cached<unknown>;
  load: Loader<unknown>;
  askers: number;
  /** The fetch on its way, if any. */
  fetching: AbortController | null;
}

/**
 * The answers of the API for one page visit, by URL: spec §9's rules. What it has fetched is never stale, nothing is
 * retried, and nothing refetches on its own (no window-focus refetch, no polling): a URL is fetched once, when it is
 * first asked for, and changes after that only when told (`setData` for a vote or the live stream, `refetch`, and
 * `poll` for the one exception, the list of demos while voting is open and its stream is refused). React reads it
 * through `useSyncExternalStore` (`subscribe` and `version`, or `useCached`).
 */
export class ApiCache {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  #version = 0;

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** A number that changes whenever anything in the cache does: a snapshot for `useSyncExternalStore`. */
  readonly version = () => this.#version;

  get<T>(url: string): Cached<T> {
    return (this.#entries.get(url)?.state ?? pending) as Cached<T>;
  }

  /**
   * Asks for `url`: fetched with `load` unless this visit already has it (or is fetching it). Returns the release;
   * a first fetch whose askers have all let go is cancelled and forgotten, so the next asker starts it again.
   */
  ask(url: string, load: Loader<unknown> = getJson): () => void {
    let entry = this.#entries.get(url);
    if (entry) {
      entry.load = load;
    } else {
      entry = { url, state: pending, load, askers: 0, fetching: null };
      this.#entries.set(url, entry);
      this.#fetch(entry);
    }
    const asked = entry;
    asked.askers += 1;
    return () => {
      asked.askers -= 1;
      const first = asked.fetching;
      if (asked.askers > 0 || !first || asked.state !== pending) return;
      asked.fetching = null;
      first.abort();
      this.#entries.delete(url);
    };
  }

  /** Fetches `url` again now, if it has been asked for and no fetch is on its way; data stays shown meanwhile. */
  refetch(url: string): void {
    const entry = this.#entries.get(url);
    if (entry && !entry.fetching) this.#fetch(entry);
  }

  /** Refetches `url` every `intervalMs` while the page is visible, until the returned stop is called. */
  poll(url: string, intervalMs: number): () => void {
    const timer = setInterval(() => {
      if (typeof document === "undefined" || document.visibilityState !== "hidden") this.refetch(url);
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }

  /**
   * Replaces `url`'s data with what `update` makes of it (undefined when there is none); an update that answers
   * undefined changes nothing. An answer still on its way then arrives too late and is dropped: it is older.
   */
  setData<T>(url: string, update: (current: T | undefined) => T | undefined): void {
    let entry = this.#entries.get(url);
    const data = update(entry?.state.data as T | undefined);
    if (data === undefined) return;
    if (!entry) {
      entry = { url, state: pending, load: getJson, askers: 0, fetching: null };
      this.#entries.set(url, entry);
    }
    this.#settle(entry, { status: "success", data, error: null });
  }

  #fetch(entry: Entry): void {
    // A failure shows until the next answer; with no data to show meanwhile, the URL is pending again.
    if (entry.state.status === "error" && entry.state.data === undefined) this.#settle(entry, pending);
    const controller = new AbortController();
    entry.fetching = controller;
    const settle = (state: Cached<unknown>) => {
      if (entry.fetching === controller) this.#settle(entry, state);
    };
    entry.load(entry.url, controller.signal).then(
      (data) => {
        settle({ status: "success", data, error: null });
      },
      (error: unknown) => {
        settle({
          status: "error",
          data: entry.state.data,
          error: error instanceof Error ? error : new Error(String(error)),
        });
      },
    );
  }

  /**
   * A new state for the entry, which ends the fetch on its way (if any: its answer would be older). The same state
   * again (equal data: a poll, a stream's snapshot) keeps the data as it was and tells nobody.
   */
  #settle(entry: Entry, state: Cached<unknown>): void {
    entry.fetching = null;
    const before = entry.state;
    if (
      state.status === before.status &&
      state.error === before.error &&
      JSON.stringify(state.data) === JSON.stringify(before.data)
    )
      return;
    entry.state = state;
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }
}

/**
 * `url`'s entry in `cache`, fetched by spec §7's default (`getJson`) and asked for while the component is on screen;
 * the component renders again when it changes. The prerender and the hydration see it pending.
 */
export function useCached<T>(cache: ApiCache, url: string): Cached<T> {
  const read = () => cache.get<T>(url);
  const state = useSyncExternalStore(cache.subscribe, read, read);
  useEffect(() => cache.ask(url), [cache, url]);
  return state;
}
