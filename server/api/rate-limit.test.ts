import { describe, expect, it } from "vitest";
import { clientKey, rateLimitError, rateLimitHeaders, RateLimiter } from "./rate-limit";
import * as m from "../../app/i18n/messages";

describe("RateLimiter", () => {
  it("counts requests per client in a window from its first request, and starts again when it ends", () => {
    const limiter = new RateLimiter(2, 60_000);
    const start = 1_000_000;
    expect(limiter.take("198.51.100.1", start)).toEqual({
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
      exceeded: false,
    });
    expect(limiter.take("198.51.100.1", start + 500)).toMatchObject({
      remaining: 0,
      resetSeconds: 60,
      exceeded: false,
    });
    expect(limiter.take("198.51.100.1", start + 30_000)).toMatchObject({
      remaining: 0,
      resetSeconds: 30,
      exceeded: true,
    });
    // Another client has its own window.
    expect(limiter.take("198.51.100.2", start + 30_000)).toMatchObject({ remaining: 1, exceeded: false });
    expect(limiter.take("198.51.100.1", start + 59_999)).toMatchObject({ resetSeconds: 1, exceeded: true });
    expect(limiter.take("198.51.100.1", start + 60_000)).toMatchObject({
      remaining: 1,
      resetSeconds: 60,
      exceeded: false,
    });
  });

  it("forgets the clients whose windows started first once it holds more than its capacity", () => {
    const limiter = new RateLimiter(1, 60_000, 2);
    limiter.take("192.0.2.1", 0);
    limiter.take("192.0.2.2", 1);
    limiter.take("192.0.2.1", 2);
    // A third client pushes out the first, though the first was seen more recently than the second.
    limiter.take("192.0.2.3", 3);
    expect(limiter.take("192.0.2.1", 4).exceeded).toBe(false);
    // The first came back, so the second (whose window started before the third's) went.
    expect(limiter.take("192.0.2.3", 5).exceeded).toBe(true);
    expect(limiter.take("192.0.2.2", 6).exceeded).toBe(false);
  });

  it("counts an IPv6 client by its /64 network, and an IPv4-mapped address as the IPv4 client", () => {
    const limiter = new RateLimiter(1, 60_000);
    expect(limiter.take("2001:db8:1:2::1", 0).exceeded).toBe(false);
    expect(limiter.take("2001:db8:1:2:ffff:ffff:ffff:fffe", 0).exceeded).toBe(true);
    expect(limiter.take("2001:db8:1:3::1", 0).exceeded).toBe(false);
    expect(limiter.take("203.0.113.5", 0).exceeded).toBe(false);
    expect(limiter.take("::ffff:203.0.113.5", 0).exceeded).toBe(true);
  });
});

describe("clientKey", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::1", "0000:0000:0000:0000::/64"],
    ["2001:DB8::1", "2001:0db8:0000:0000::/64"],
    ["2001:db8:0:0:1::", "2001:0db8:0000:0000::/64"],
    ["2001:db8:a:b:c:d:e:f", "2001:0db8:000a:000b::/64"],
    ["fe80::1%eth0", "fe80:0000:0000:0000::/64"],
    ["64:ff9b::192.0.2.1", "0064:ff9b:0000:0000::/64"],
    ["2001:db8:1:2:3::1.2.3.4", "2001:0db8:0001:0002::/64"],
  ])("%s is counted as %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe("the client's answer", () => {
  it("states the limit, what is left and when it resets, and Retry-After only once over", () => {
    expect(rateLimitHeaders({ limit: 5, remaining: 2, resetSeconds: 40, exceeded: false })).toEqual([
      ["x-ratelimit-limit", "5"],
      ["x-ratelimit-remaining", "2"],
      ["x-ratelimit-reset", "40"],
    ]);
    expect(rateLimitHeaders({ limit: 5, remaining: 0, resetSeconds: 40, exceeded: true })).toContainEqual([
      "retry-after",
      "40",
    ]);
    expect(rateLimitError({ limit: 5, remaining: 0, resetSeconds: 1, exceeded: true })).toEqual({
      error: m.apiRateLimited({ seconds: 1 }),
    });
    expect(rateLimitError({ limit: 5, remaining: 0, resetSeconds: 40, exceeded: true })).toEqual({
      error: m.apiRateLimited({ seconds: 40 }),
    });
  });
});
