/** The first wait before opening a refused stream or repeating a failed read again, doubled after each failure. */
export const firstRetryMs = 1000;
/** The longest wait between two attempts: a server back after a restart is found within this. */
export const longestRetryMs = 30_000;

/** How long to wait before the attempt that follows `failures` failures in a row: 1 s, 2 s, 4 s ... 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, failures - 1));
}

/** What to do with each named event of a stream whose events' data are `Events` (by name), parsed from JSON. */
export type EventHandlers<Events> = { [Name in keyof Events]?: (data: Events[Name]) => void };

/**
 * Follows a Server-Sent Events stream for as long as it is wanted, whatever happens to the connection: a drop is the
 * browser's to reconnect (EventSource does, after the server's `retry`), and a stream that ends refused or cannot be
 * opened (a 503 while the server restarts or holds all it can, a proxy's error page) is opened again after
 * `retryDelay`, which grows with each refusal in a row and starts again once a stream opens. An event named `final`
 * (the leaderboard's `closed`) ends it for good. Returns the stop.
 */
export function followEvents<Events>(url: string, handlers: EventHandlers<Events>, final?: string): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const stop = () => {
    clearTimeout(timer);
    source?.close();
    source = null;
  };
  const open = () => {
    const current = new EventSource(url);
    source = current;
    current.addEventListener("open", () => {
      failures = 0;
    });
    for (const [name, handle] of Object.entries(handlers) as [string, (data: unknown) => void][]) {
      current.addEventListener(name, (event: MessageEvent<string>) => {
        // The server's own stream: its events are what the shared types say (server/api, shared/question-contract.ts).
        handle(JSON.parse(event.data));
      });
    }
    if (final) current.addEventListener(final, stop);
    current.addEventListener("error", () => {
      // CONNECTING: a drop, which the browser retries by itself. CLOSED: refused, which it never retries.
      if (current.readyState !== EventSource.CLOSED || source !== current) return;
      failures += 1;
      timer = setTimeout(open, retryDelay(failures));
    });
  };
  open();
  return stop;
}
