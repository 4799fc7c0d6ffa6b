import type { ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PerAddress } from "./per-address";

/** Seconds a client refused for want of room (503) is asked to wait before it tries the stream again. */
export const questionStreamsFullRetryAfterSeconds = 30;
/** What a browser waits before reconnecting a dropped stream (the `retry` field). */
const reconnectMs = 3000;
/** Changes are sent at most this often: a burst of upvotes is one read and one message per channel. */
const batchMs = 200;
/** A client that reads nothing while this much is buffered for it is dropped rather than held in memory. */
const maxBufferedBytes = 64 * 1024;

/** How many streams of a kind this server holds, of how many it may. */
export interface StreamBudget {
  open: number;
  readonly max: number;
}

/** One SSE event, as written on the wire. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EventHubOptions<State> {
  budget: StreamBudget;
  /** The audience's share per client address; none for the moderators, whose token is their limit. */
  addresses?: PerAddress;
  heartbeatMs: number;
  /** The headers every response carries (app.ts): the stream is written outside Fastify's reply. */
  commonHeaders: Record<string, string>;
  /**
   * Reads a channel's state from the store, and the events that take a client from `previous` (none when it is
   * undefined) to it. `changed` is what the change notices named (question or session ids), possibly nothing.
   */
  load: (
    key: string,
    previous: State | undefined,
    changed: ReadonlySet<string>,
  ) => Promise<{ state: State; events: string }>;
  /** The events a new client starts from. */
  snapshot: (state: State) => string;
}

interface Channel<State> {
  streams: Set<ServerResponse>;
  state: State | undefined;
  /** Clients between asking for the stream and getting it: the channel must not be forgotten meanwhile. */
  joining: number;
  /** Loads run one after another, so each message takes clients from the state the previous one left. */
  queue: Promise<void>;
  /** What changed since the last load began, or undefined when nothing did. */
  dirty: Set<string> | undefined;
}

/**
 * Server-Sent Event streams by channel (a session, or the moderators' all-sessions channel), as the leaderboard's
 * stream does it (demo-events.ts, decision 031) with what questions need on top: many channels, one change read once
 * per channel however many clients follow it, and the message's bytes made once and written to each of them.
 *
 * A change notice marks its channel; within `batchMs` the channel's state is read again and the difference sent as
 * one write. A client joining gets the channel's state as it was last sent, so the next difference applies to what
 * it holds. Only channels with clients are read, and only while some client is open does anything run.
 */
export class EventHub<State> {
  readonly #channels = new Map<string, Channel<State>>();
  readonly #options: EventHubOptions<State>;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #batch: ReturnType<typeof setTimeout> | undefined;
  #streams = 0;
  /** The client address of each open stream, counted in `addresses` until it ends. */
  readonly #addressOf = new Map<ServerResponse, string>();

  constructor(options: EventHubOptions<State>) {
    this.#options = options;
  }

  /** Whether the server holds as many question streams as it may. */
  get full(): boolean {
    return this.#options.budget.open >= this.#options.budget.max;
  }

  /** Open streams of this hub. */
  get size(): number {
    return this.#streams;
  }

  /** Open streams of one channel. */
  streamsOf(key: string): number {
    return this.#channels.get(key)?.streams.size ?? 0;
  }

  /** A change notice: the channel's clients get what changed within `batchMs`. */
  changed(key: string, what: readonly string[] = []) {
    const channel = this.#channels.get(key);
    // Nobody follows it, or its first read has not begun: that read will see the change.
    if (!channel || (channel.streams.size === 0 && channel.joining === 0)) return;
    channel.dirty ??= new Set();
    for (const item of what) channel.dirty.add(item);
    this.#batch ??= setTimeout(() => {
      this.#flush();
    }, batchMs);
  }

  /**
   * Opens the stream for `key` on the request's connection. The channel's state is read first (a store that is
   * away is the API's usual 503, thrown from here, not a stream that says nothing). Refused, having written
   * nothing, when the server holds as many streams as it may ("server"; clients arriving together all pass a check
   * made before the read, so it is made again after it) or the client's address its share ("address"). "opened"
   * once the reply is the stream's (hijacked).
   */
  async open(key: string, request: FastifyRequest, reply: FastifyReply): Promise<"opened" | "server" | "address"> {
    let channel = this.#channels.get(key);
    if (!channel) {
      channel = { streams: new Set(), state: undefined, joining: 0, queue: Promise.resolve(), dirty: undefined };
      this.#channels.set(key, channel);
      // One read for the channel, however many clients ask for it at once: they all wait for this one.
      this.#enqueueLoad(key, channel);
    }
    channel.joining++;
    try {
      await channel.queue;
      // A read that failed leaves no state: this client tries again, and says so if it fails too.
      if (channel.state === undefined) await this.#load(key, channel);
    } catch (error) {
      channel.joining--;
      this.#forgetIfIdle(key, channel);
      throw error;
    }
    channel.joining--;
    const state = channel.state;
    if (state === undefined) throw new Error("unreachable: the channel's state was just read");
    if (this.full) {
      this.#forgetIfIdle(key, channel);
      return "server";
    }
    const { addresses } = this.#options;
    if (addresses && !addresses.take(request.ip)) {
      this.#forgetIfIdle(key, channel);
      return "address";
    }
    reply.hijack();
    // The client left while the state was read: its connection's close has come and gone, nothing would drop it.
    if (request.raw.socket.destroyed) {
      addresses?.release(request.ip);
      this.#forgetIfIdle(key, channel);
      reply.raw.destroy();
      return "opened";
    }
    const response = reply.raw;
    response.writeHead(200, {
      ...this.#options.commonHeaders,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      // nginx passes each message on as it comes rather than buffering the response.
      "x-accel-buffering": "no",
    });
    channel.streams.add(response);
    if (addresses) this.#addressOf.set(response, request.ip);
    this.#streams++;
    this.#options.budget.open++;
    this.#heartbeat ??= setInterval(() => {
      this.#beat();
    }, this.#options.heartbeatMs);
    response.write(`retry: ${String(reconnectMs)}\n\n${this.#options.snapshot(state)}`);
    request.raw.on("close", () => {
      this.#drop(key, response);
    });
    return "opened";
  }

  /** Ends every stream: a stream never ends by itself, and the server's close would wait for it forever. */
  closeAll() {
    for (const [key, channel] of this.#channels) for (const response of channel.streams) this.#drop(key, response);
  }

  #flush() {
    this.#batch = undefined;
    for (const [key, channel] of this.#channels) if (channel.dirty) this.#enqueueLoad(key, channel);
  }

  #enqueueLoad(key: string, channel: Channel<State>) {
    channel.queue = channel.queue.then(() => this.#load(key, channel)).catch(() => undefined);
  }

  async #load(key: string, channel: Channel<State>) {
    const changed = channel.dirty ?? new Set<string>();
    channel.dirty = undefined;
    try {
      const { state, events } = await this.#options.load(key, channel.state, changed);
      channel.state = state;
      if (events === "") return;
      const bytes = Buffer.from(events);
      for (const response of channel.streams) this.#write(key, response, bytes);
    } catch (error) {
      // The store is away for a moment: keep what changed for the next try (the heartbeat's, or the next change's).
      channel.dirty ??= new Set();
      for (const item of changed) channel.dirty.add(item);
      throw error;
    }
  }

  #write(key: string, response: ServerResponse, bytes: Buffer | string) {
    if (response.writableLength > maxBufferedBytes) {
      response.destroy();
      this.#drop(key, response);
      return;
    }
    response.write(bytes);
  }

  #beat() {
    for (const [key, channel] of this.#channels) {
      for (const response of channel.streams) this.#write(key, response, ": heartbeat\n\n");
      // A read that failed while the store was away is tried again.
      if (channel.dirty && !this.#batch) this.#enqueueLoad(key, channel);
    }
  }

  #drop(key: string, response: ServerResponse) {
    const channel = this.#channels.get(key);
    if (!channel?.streams.delete(response)) return;
    response.end();
    const address = this.#addressOf.get(response);
    if (address !== undefined) {
      this.#addressOf.delete(response);
      this.#options.addresses?.release(address);
    }
    this.#streams--;
    this.#options.budget.open--;
    this.#forgetIfIdle(key, channel);
    if (this.#streams > 0) return;
    // Nobody listens: the timers stop costing anything.
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    clearTimeout(this.#batch);
    this.#batch = undefined;
  }

  #forgetIfIdle(key: string, channel: Channel<State>) {
    if (channel.streams.size === 0 && channel.joining === 0 && this.#channels.get(key) === channel) {
      this.#channels.delete(key);
    }
  }
}
