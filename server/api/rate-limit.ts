import type { onRequestHookHandler } from "fastify";
import * as m from "../../app/i18n/messages";

/** Where one client stands against a limit after its latest request. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the client's window ends and its count starts again. */
  resetSeconds: number;
  exceeded: boolean;
}

/**
 * Requests per client in a fixed window that starts at the client's first request (as @fastify/rate-limit's
 * local store did, which this replaces), counted synchronously in the routes' onRequest hook.
 *
 * Memory is bounded: past `capacity` clients, the ones whose windows started longest ago are forgotten first, so
 * a flood from many addresses can only reset the oldest counts, never grow the process.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { count: number; startedAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly capacity = 10_000,
  ) {}

  /** Counts one request from `ip` and says where that leaves it. */
  take(ip: string, now = Date.now()): RateLimitState {
    const key = clientKey(ip);
    let window = this.#windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      // Re-inserted, so the map's order stays the order in which windows started.
      this.#windows.delete(key);
      window = { count: 0, startedAt: now };
      this.#windows.set(key, window);
      for (const oldest of this.#windows.keys()) {
        if (this.#windows.size <= this.capacity) break;
        this.#windows.delete(oldest);
      }
    }
    window.count++;
    return {
      limit: this.max,
      remaining: Math.max(0, this.max - window.count),
      resetSeconds: Math.ceil((window.startedAt + this.windowMs - now) / 1000),
      exceeded: window.count > this.max,
    };
  }
}

/** The names of the headers that tell a client its limit. */
const rateLimitHeaderNames = {
  limit: "x-ratelimit-limit",
  remaining: "x-ratelimit-remaining",
  reset: "x-ratelimit-reset",
} as const;

/** The headers that tell a client its limit, as [name, value] pairs, with Retry-After once it is over. */
export function rateLimitHeaders(state: RateLimitState): [string, string][] {
  const headers: [string, string][] = [
    [rateLimitHeaderNames.limit, String(state.limit)],
    [rateLimitHeaderNames.remaining, String(state.remaining)],
    [rateLimitHeaderNames.reset, String(state.resetSeconds)],
  ];
  if (state.exceeded) headers.push(["retry-after", String(state.resetSeconds)]);
  return headers;
}

/** The JSON error a client over its limit gets, with the 429. */
export function rateLimitError(state: RateLimitState) {
  return { error: m.apiRateLimited({ seconds: state.resetSeconds }) };
}

/** A route's onRequest hook: counts the request against `limiter` and answers 429 past it. */
export function limitedBy(limiter: RateLimiter): onRequestHookHandler {
  return (request, reply, done) => {
    const state = limiter.take(request.ip);
    for (const [name, value] of rateLimitHeaders(state)) void reply.header(name, value);
    if (state.exceeded) void reply.code(429).send(rateLimitError(state));
    else done();
  };
}

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of its IPv6 address, since one host is
 * usually given a whole /64 and could otherwise take a new address for every request.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  // The zone (fe80::1%eth0) names our own interface, not the client.
  const [address = ""] = ip.toLowerCase().split("%");
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d: the same client as a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped) return mapped;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const headGroups = groups(head);
  const tailGroups = tail === undefined ? [] : groups(tail);
  // A trailing dotted quad stands for two groups; it only ever sits in the last 32 bits.
  const tailLength = tailGroups.length + (tailGroups.at(-1)?.includes(".") ? 1 : 0);
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailLength;
  const full = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${full
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}
