import { get, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

/** One Server-Sent Event as a client reads it: its name (`retry` and `comment` for those lines) and its data. */
export interface ServerEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** A refusal's JSON body; null for a stream. */
  refusal: unknown;
  events: ServerEvent[];
  /** The first event (from index `from` on) that passes `test`, waiting up to `timeoutMs` for it (a bound on a hang). */
  next: (test: (event: ServerEvent) => boolean, from?: number, timeoutMs?: number) => Promise<ServerEvent>;
  ended: () => boolean;
  close: () => void;
}

/**
 * Opens an SSE stream over a real connection of its own (no agent: a kept-alive connection would hold the server's
 * close) and collects its events as they come, as the page's fetch reads it (app/lib/live-data.ts). `localAddress` is
 * the address it comes from (127.0.0.2, say, for another visitor's).
 */
export async function openEventStream(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<EventStream> {
  const events: ServerEvent[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  const { request, response } = await new Promise<{ request: ClientRequest; response: IncomingMessage }>(
    (resolve, reject) => {
      const sent = get({ host: "127.0.0.1", port, path, headers, agent: false, localAddress }, (answer) => {
        resolve({ request: sent, response: answer });
      });
      sent.on("error", reject);
    },
  );
  let raw = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    raw += chunk;
    if (response.statusCode !== 200) return;
    let end: number;
    while ((end = raw.indexOf("\n\n")) !== -1) {
      const block = raw.slice(0, end);
      raw = raw.slice(end + 2);
      const fields = Object.fromEntries(
        block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
      );
      events.push({ event: fields.event ?? (fields.retry ? "retry" : "comment"), data: fields.data ?? block });
    }
    wakeAll();
  });
  response.on("close", () => {
    ended = true;
    wakeAll();
  });
  response.on("error", () => undefined);
  request.on("error", () => undefined);
  const refusal =
    response.statusCode === 200
      ? null
      : await new Promise<unknown>((resolve) => {
          response.on("end", () => {
            resolve(JSON.parse(raw));
          });
        });
  const next = (test: (event: ServerEvent) => boolean, from = 0, timeoutMs = 10_000) =>
    new Promise<ServerEvent>((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(test);
        if (!found && !ended) return;
        clearTimeout(timer);
        waiters.delete(check);
        if (found) resolve(found);
        else reject(new Error(`The stream ended without such an event: ${JSON.stringify(events)}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No such event within ${String(timeoutMs)} ms: ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    refusal,
    events,
    next,
    ended: () => ended,
    close: () => request.destroy(),
  };
}
