import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { demoEventsPath } from "../../common/api-contract";
import { type VotingWindow } from "../../common/voting-window";
import { votingPhase } from "../../common/voting-window";
import type { VoteStore } from "../store";
import { limitedBy, type RateLimiter } from "./rate-limit";
import type { PerAddress } from "./per-address";
import * as m from "../../app/i18n/messages";

export interface DemoEventsOptions {
  store: VoteStore;
  votingWindow: VotingWindow;
  now: () => Date;
  reads: RateLimiter;
  /** The headers every response carries (app.ts): the stream is written outside Fastify's reply. */
  commonHeaders?: Record<string, string>;
  /** Streams this server holds at most; past it a client is told to come back later and polls meanwhile. */
  maxStreams: number;
  /** The audience's streams per client address, shared with the questions'; past it that client polls too. */
  streamsPerAddress: PerAddress;
  /** How often an idle stream carries a comment, so proxies and browsers keep it open. */
  heartbeatMs?: number;
}

/** Seconds a client refused for want of room (503) is asked to wait before it tries the stream again. */
export const streamsFullRetryAfterSeconds = 30;
/** What a browser waits before reconnecting a dropped stream (the `retry` field). */
const reconnectMs = 3000;
/** Changes are sent at most this often: a burst of votes is one message, read once from the store. */
const batchMs = 200;
/** A client that reads nothing while this much is buffered for it is dropped rather than held in memory. */
const maxBufferedBytes = 64 * 1024;

interface Stream {
  response: ServerResponse;
  /** The client's address, whose share the stream counts against until it ends. */
  ip: string;
  /** The counts this client was last sent, so each message carries only what changed for it. */
  sent: Map<string, number>;
}

const message = (event: string, counts: Map<string, number>) =>
  `event: ${event}\ndata: ${JSON.stringify(Object.fromEntries(counts))}\n\n`;

/**
 * GET /api/demos/events: the leaderboard's counts as Server-Sent Events while voting is open. A client gets the
 * advice to reconnect after a drop (`retry`), every demo's count at once (`snapshot`), then only the counts that
 * changed (`counts`), from votes through this server or, on PostgreSQL, any server sharing the store
 * (VoteStore.onCountsChanged), and a comment line as a heartbeat. When the window closes the server says so
 * (`closed`) and ends the streams; outside the window a request is refused 409, and past `maxStreams` 503 with
 * Retry-After, and the page falls back to polling GET /api/demos.
 */
export function registerDemoEvents(app: FastifyInstance, options: DemoEventsOptions) {
  const { store, votingWindow, now, reads, commonHeaders = {}, maxStreams, streamsPerAddress } = options;
  const { heartbeatMs = 15_000 } = options;
  const streams = new Set<Stream>();
  let stopListening: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let batch: ReturnType<typeof setTimeout> | undefined;

  function drop(stream: Stream) {
    if (!streams.delete(stream)) return;
    streamsPerAddress.release(stream.ip);
    stream.response.end();
    if (streams.size > 0) return;
    // Nobody listens: the store's changes and the timers stop costing anything.
    stopListening?.();
    stopListening = undefined;
    clearInterval(heartbeat);
    clearTimeout(batch);
    batch = undefined;
  }

  function write(stream: Stream, text: string) {
    if (stream.response.writableLength > maxBufferedBytes) {
      stream.response.destroy();
      drop(stream);
      return;
    }
    stream.response.write(text);
  }

  async function sendChanges() {
    batch = undefined;
    let counts: Map<string, number>;
    try {
      counts = await store.counts();
    } catch {
      // The store is away for a moment: the next change (or the client's reconnection) catches up.
      return;
    }
    for (const stream of streams) {
      const changed = new Map([...counts].filter(([id, votes]) => stream.sent.get(id) !== votes));
      if (changed.size === 0) continue;
      stream.sent = counts;
      write(stream, message("counts", changed));
    }
  }

  function onChange() {
    batch ??= setTimeout(() => void sendChanges(), batchMs);
  }

  function beat() {
    if (votingPhase(now(), votingWindow) !== "open") {
      // The window closed: no count changes any more. Clients stop rather than reconnect to a 409.
      for (const stream of streams) {
        stream.response.write("event: closed\ndata: {}\n\n");
        drop(stream);
      }
      return;
    }
    for (const stream of streams) write(stream, ": heartbeat\n\n");
  }

  app.addHook("preClose", (done) => {
    // A stream never ends by itself: the server's close would wait for it forever.
    for (const stream of streams) drop(stream);
    done();
  });

  app.get(
    demoEventsPath.slice("/api".length),
    { onRequest: limitedBy(reads), exposeHeadRoute: false },
    async (request, reply) => {
      const phase = votingPhase(now(), votingWindow);
      if (phase !== "open") {
        return reply
          .code(409)
          .header("cache-control", "no-store")
          .send({ error: phase === "ended" ? m.apiVotingEnded : m.apiVotingNotBegun });
      }
      if (streams.size >= maxStreams) {
        return reply
          .code(503)
          .header("retry-after", String(streamsFullRetryAfterSeconds))
          .header("cache-control", "no-store")
          .send({ error: "This server holds as many live leaderboards as it can: poll GET /api/demos meanwhile." });
      }
      if (!streamsPerAddress.take(request.ip)) {
        return reply
          .code(503)
          .header("retry-after", String(streamsFullRetryAfterSeconds))
          .header("cache-control", "no-store")
          .send({ error: m.apiStreamsPerAddressFull });
      }
      // Read before the stream opens: a store that is away is the usual 503, not a stream that says nothing.
      let counts: Map<string, number>;
      try {
        counts = await store.counts();
      } catch (error) {
        streamsPerAddress.release(request.ip);
        throw error;
      }
      reply.hijack();
      const response = reply.raw;
      // The client left while the counts were read: its connection's close has come and gone, nothing would drop it.
      if (request.raw.socket.destroyed) {
        streamsPerAddress.release(request.ip);
        response.destroy();
        return reply;
      }
      response.writeHead(200, {
        ...commonHeaders,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        // nginx passes each message on as it comes rather than buffering the response.
        "x-accel-buffering": "no",
      });
      const stream: Stream = { response, ip: request.ip, sent: counts };
      streams.add(stream);
      stopListening ??= store.onCountsChanged(onChange);
      heartbeat ??= setInterval(beat, heartbeatMs);
      response.write(`retry: ${String(reconnectMs)}\n\n${message("snapshot", counts)}`);
      request.raw.on("close", () => {
        drop(stream);
      });
      return reply;
    },
  );
}
