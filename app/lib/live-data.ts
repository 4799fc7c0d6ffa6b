import { useEffect, useSyncExternalStore } from "react";
import { voterIssued } from "../../common/api-contract";
import { nextTask } from "./next-task";

/**
 * The one way the browser reads and writes our API (decision 061). A read is a `LiveResource`: a JSON answer fetched
 * over HTTP, kept live by a Server-Sent Events stream and, while that stream is away, by polling; shared by every
 * component that reads it, and forgotten once none does. A write is `apiRequest`. Both fail with an `ApiError`.
 */

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

async function failIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** A call to our own API: same-origin, with the voter cookie, a JSON body if given, and any other headers. */
export async function apiResponse(
  method: string,
  url: string,
  { body, headers }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const sent = body === undefined ? {} : { body: JSON.stringify(body) };
  const send = () =>
    fetch(url, {
      method,
      credentials: "include",
      headers: { accept: "application/json", ...(sent.body ? { "content-type": "application/json" } : {}), ...headers },
      ...sent,
    });
  const response = await send();
  // A write refused for want of a voter cookie brought one (decision 083): sent once more, it counts. It was not
  // counted the first time, so this is no second vote.
  return failIfNotOk((await issuedVoter(response)) ? await send() : response);
}

/** Whether the answer refused a write for want of a voter cookie, and issued one. */
async function issuedVoter(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const answer: unknown = await response.clone().json();
    return typeof answer === "object" && answer !== null && (answer as { voter?: unknown }).voter === voterIssued;
  } catch {
    return false;
  }
}

/** A write (a vote, a question, an upvote, a moderator's action): the API's JSON answer, or an ApiError. */
// The answer is our own API's, typed by what the server and the app share: the caller names that type.
export async function apiRequest<T>(...call: Parameters<typeof apiResponse>): Promise<T> {
  return (await (await apiResponse(...call)).json()) as T;
}

/** How a resource's answer is fetched; `signal` aborts when nobody waits for it any more. */
export type Loader<T> = (url: string, signal: AbortSignal) => Promise<T>;

/**
 * Spec §7's default fetch: GET the URL with credentials (and any other headers: a moderator's token), and read the
 * answer as JSON. A non-OK answer, a 401 included, throws an ApiError.
 */
export async function getJson<T>(url: string, signal: AbortSignal, headers?: Record<string, string>): Promise<T> {
  // The leaderboard asks in bursts (the list, then a vote status per demo at once), from React's work right after
  // hydration; each request's set-up is small, but together they made that one task block the page for ~200 ms on
  // a throttled phone (docs/decisions/013). Each request starts in a task of its own instead.
  await nextTask();
  signal.throwIfAborted();
  return (
    await failIfNotOk(await fetch(url, { credentials: "include", signal, ...(headers ? { headers } : {}) }))
  ).json() as Promise<T>;
}

/** The first wait before a failed read or stream is tried again, doubled after each failure in a row. */
export const firstRetryMs = 1000;
/** The longest wait between two attempts: a server back after a restart is found within this. */
export const longestRetryMs = 30_000;

/** How long to wait before the attempt that follows `failures` failures in a row: 1 s, 2 s, 4 s ... 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, failures - 1));
}

/** One Server-Sent Event: its name ("message" when it has none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads whole events out of an SSE text stream as it arrives: the reader takes the next chunk of text and returns
 * the events it completed; a partial event waits for the rest. Comments (`: heartbeat`), `id:` and `retry:` are
 * skipped. Streams are read with fetch rather than EventSource, which can send no Authorization header (the
 * moderator's token) and does not say why it was refused.
 */
export function sseReader() {
  let buffer = "";
  return (chunk: string): StreamEvent[] => {
    buffer += chunk;
    // A CR at the end may be the first half of a CRLF that the next chunk completes: it waits for it.
    const held = buffer.endsWith("\r") ? "\r" : "";
    const blocks = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, "\n").split("\n\n");
    buffer = (blocks.pop() ?? "") + held;
    return blocks.flatMap((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      return data.length > 0 ? [{ event, data: data.join("\n") }] : [];
    });
  };
}

/** What a component sees of a resource. */
export interface LiveState<T> {
  /** Nothing yet (`pending`), data, or the failure of its last read (or of its stream, for one it stops on). */
  readonly status: "pending" | "success" | "error";
  /** The last data, kept when a later read fails or the stream is away. */
  readonly data: T | undefined;
  readonly error: Error | null;
  /** The data may be behind: the stream that keeps it live is away (being opened again, and polled meanwhile). */
  readonly stale: boolean;
  /** The stream said its last word (its `final` event): nothing more will change. */
  readonly ended: boolean;
}

/** What each named event of a stream does to the data: the next data, or undefined to leave it as it is. */
export type StreamEvents<T, Events> = {
  [Name in keyof Events]?: (current: T | undefined, data: Events[Name]) => T | undefined;
};

export interface LiveStream<T> {
  readonly url: string;
  readonly headers?: Record<string, string>;
  // `never`: each event's own data type (StreamEvents), which the store only passes on from the server's JSON.
  readonly on: Record<string, ((current: T | undefined, data: never) => T | undefined) | undefined>;
  /** The event after which the stream is over for good (the leaderboard's `closed`). */
  readonly final?: string;
  /** Refusals that end the stream instead of opening it again (the moderator's wrong token, 401). */
  readonly stopOn?: readonly number[];
}

/**
 * How one resource is read and kept live. A component shares a resource with others by reading the same object;
 * make one per URL (`liveResources` for a URL per id).
 */
export interface LiveResource<T> {
  /** The JSON read; none for a resource that is its stream's alone. */
  readonly url?: string;
  readonly load?: Loader<T>;
  /** A failed read is read again after `retryDelay`; without, it stays failed until told (spec §9's rule). */
  readonly retry?: boolean;
  /** The stream that keeps the data live, opened once the data has arrived while a component follows it. */
  readonly stream?: LiveStream<T>;
  /** While the stream is away, the read is repeated this often (ms) while the page is visible. */
  readonly pollMs?: number;
}

/** A stream's events typed by name, for `LiveResource.stream`. */
export function liveStream<T, Events>(stream: Omit<LiveStream<T>, "on"> & { on: StreamEvents<T, Events> }) {
  return stream as LiveStream<T>;
}

/** One resource per key (a session's questions, a demo's vote status), the same object each time it is asked for. */
export function liveResources<T>(make: (key: string) => LiveResource<T>): (key: string) => LiveResource<T> {
  const made = new Map<string, LiveResource<T>>();
  return (key) => {
    let resource = made.get(key);
    if (!resource) made.set(key, (resource = make(key)));
    return resource;
  };
}

interface Entry {
  state: LiveState<unknown>;
  askers: number;
  followers: number;
  reading: AbortController | null;
  streaming: AbortController | null;
  readFailures: number;
  streamFailures: number;
  readTimer: ReturnType<typeof setTimeout> | undefined;
  streamTimer: ReturnType<typeof setTimeout> | undefined;
  poll: ReturnType<typeof setInterval> | undefined;
}

type AnyResource = LiveResource<unknown>;
/** The store keeps every resource's data as unknown; each resource's own functions put it in and take it out. */
const erased = <T>(resource: LiveResource<T>) => resource as unknown as AnyResource;

const pending: LiveState<never> = { status: "pending", data: undefined, error: null, stale: false, ended: false };
const entries = new Map<AnyResource, Entry>();
const listeners = new Set<() => void>();
let version = 0;

/** Calls `listener` whenever any resource changes; returns the unsubscribe. What follows a resource outside React. */
export function subscribeLive(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const currentVersion = () => version;

/** The resource as it stands now (pending while nobody reads it). */
export function liveState<T>(resource: LiveResource<T>): LiveState<T> {
  return (entries.get(erased(resource))?.state ?? pending) as LiveState<T>;
}

function entryOf(resource: AnyResource): Entry {
  let entry = entries.get(resource);
  if (!entry) {
    entry = {
      state: pending,
      askers: 0,
      followers: 0,
      reading: null,
      streaming: null,
      readFailures: 0,
      streamFailures: 0,
      readTimer: undefined,
      streamTimer: undefined,
      poll: undefined,
    };
    entries.set(resource, entry);
  }
  return entry;
}

/**
 * A new state for the resource. The same state again (equal data: a poll, a stream's snapshot) keeps the data as it
 * was and tells nobody.
 */
function settle(resource: AnyResource, entry: Entry, change: Partial<LiveState<unknown>>) {
  const before = entry.state;
  const next = { ...before, ...change };
  if (
    next.status === before.status &&
    next.error === before.error &&
    next.stale === before.stale &&
    next.ended === before.ended &&
    JSON.stringify(next.data) === JSON.stringify(before.data)
  )
    return;
  entry.state = next;
  version += 1;
  for (const listener of listeners) listener();
  // The data's arrival opens the stream that waited for it (and only that: a stream stopped for good stays so).
  if (before.data === undefined && next.data !== undefined) follow(resource, entry);
}

function read(resource: AnyResource, entry: Entry) {
  const { url } = resource;
  if (url === undefined || entry.reading) return;
  // A failure shows until the next answer; with no data to show meanwhile, the resource is pending again.
  if (entry.state.status === "error" && entry.state.data === undefined) settle(resource, entry, pending);
  const controller = new AbortController();
  entry.reading = controller;
  const answered = (change: Partial<LiveState<unknown>>) => {
    if (entry.reading !== controller) return false;
    entry.reading = null;
    settle(resource, entry, change);
    return true;
  };
  (resource.load ?? getJson)(url, controller.signal).then(
    (data) => {
      if (answered({ status: "success", data, error: null })) entry.readFailures = 0;
    },
    (error: unknown) => {
      const failed = answered({ status: "error", error: error instanceof Error ? error : new Error(String(error)) });
      if (failed && resource.retry) {
        entry.readTimer = setTimeout(() => {
          read(resource, entry);
        }, retryDelay(++entry.readFailures));
      }
    },
  );
}

/** Opens the resource's stream if a component follows it, its data has arrived (or it has no read), and it is open. */
function follow(resource: AnyResource, entry: Entry) {
  const { stream } = resource;
  if (!stream || entry.followers === 0 || entry.streaming || entry.state.ended) return;
  if (resource.url !== undefined && entry.state.data === undefined) return;
  const controller = new AbortController();
  const { signal } = controller;
  entry.streaming = controller;
  const connect = async () => {
    try {
      const response = await fetch(stream.url, {
        credentials: "include",
        cache: "no-store",
        headers: { accept: "text/event-stream", ...stream.headers },
        signal,
      });
      await failIfNotOk(response);
      const events = sseReader();
      const decoder = new TextDecoder();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const { event, data } of events(decoder.decode(value, { stream: true }))) {
          if (event === stream.final) {
            stopFollowing(entry);
            settle(resource, entry, { ended: true, stale: false });
            return;
          }
          const apply = stream.on[event];
          if (!apply) continue;
          // Live again: the stream's first event (its snapshot) brings the data up to date.
          entry.streamFailures = 0;
          clearInterval(entry.poll);
          entry.poll = undefined;
          const next = apply(entry.state.data, JSON.parse(data) as never);
          if (next !== undefined) {
            entry.reading?.abort();
            entry.reading = null;
          }
          settle(
            resource,
            entry,
            next === undefined ? { stale: false } : { status: "success", data: next, error: null, stale: false },
          );
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && stream.stopOn?.includes(error.status)) {
        stopFollowing(entry);
        settle(resource, entry, { status: "error", error, stale: false });
        return;
      }
    }
    if (signal.aborted) return;
    // Dropped or refused (a 503 while the server restarts or holds all it can, a proxy's page): polled meanwhile,
    // and opened again after a wait that grows with each failure in a row.
    settle(resource, entry, { stale: true });
    const { pollMs } = resource;
    entry.poll ??=
      pollMs === undefined
        ? undefined
        : setInterval(() => {
            if (document.visibilityState !== "hidden") read(resource, entry);
          }, pollMs);
    entry.streamTimer = setTimeout(() => void connect(), retryDelay(++entry.streamFailures));
  };
  void connect();
}

function stopFollowing(entry: Entry) {
  entry.streaming?.abort();
  entry.streaming = null;
  entry.streamFailures = 0;
  clearInterval(entry.poll);
  entry.poll = undefined;
  clearTimeout(entry.streamTimer);
}

/**
 * Asks for a resource (and, `following`, for its stream): read unless it is already, or is being. Returns the
 * release; once every asker has let go, the resource stops and is forgotten, so the next visit reads it afresh.
 */
export function askLive<T>(asked: LiveResource<T>, following: boolean): () => void {
  const resource = erased(asked);
  const fresh = !entries.has(resource);
  const entry = entryOf(resource);
  entry.askers += 1;
  if (fresh) read(resource, entry);
  if (following) {
    entry.followers += 1;
    follow(resource, entry);
  }
  return () => {
    entry.askers -= 1;
    if (following && --entry.followers === 0) stopFollowing(entry);
    if (entry.askers > 0) return;
    stopFollowing(entry);
    clearTimeout(entry.readTimer);
    entry.reading?.abort();
    entries.delete(resource);
  };
}

/** Reads the resource again now, unless a read is on its way; its data stays shown meanwhile. */
export function refreshLive<T>(resource: LiveResource<T>): void {
  const entry = entries.get(erased(resource));
  if (entry) read(erased(resource), entry);
}

/**
 * Replaces the resource's data with what `update` makes of it (undefined when there is none): the answer of a
 * write, shown at once. An update that answers undefined changes nothing; a read on its way is older and dropped.
 */
export function setLive<T>(resource: LiveResource<T>, update: (current: T | undefined) => T | undefined): void {
  const entry = entryOf(erased(resource));
  const data = update(entry.state.data as T | undefined);
  if (data === undefined) return;
  entry.reading?.abort();
  entry.reading = null;
  settle(erased(resource), entry, { status: "success", data, error: null });
}

/**
 * A resource as it stands, read while the component is on screen and, while `following`, kept live by its stream;
 * the component renders again when it changes. The prerender and the hydration see it pending. Null reads nothing.
 */
export function useLive<T>(resource: LiveResource<T> | null, following = false): LiveState<T> {
  const current = () => (resource ? liveState(resource) : pending);
  const state = useSyncExternalStore(subscribeLive, current, current);
  useEffect(() => (resource ? askLive(resource, false) : undefined), [resource]);
  useFollow(resource, following);
  return state;
}

/** Keeps a resource's stream open while `following` (a component that decides from the data it read). */
export function useFollow<T>(resource: LiveResource<T> | null, following: boolean): void {
  useEffect(() => (resource && following ? askLive(resource, true) : undefined), [resource, following]);
}

/** Renders the component again whenever any resource changes: for one that reads many (a status per demo). */
export function useLiveVersion(): number {
  return useSyncExternalStore(subscribeLive, currentVersion, currentVersion);
}
