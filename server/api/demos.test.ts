import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { edition } from "../../content";
import { buildApp, type AppOptions } from "../app";
import { openSqliteStore } from "../store/sqlite";
import type { VoteStore } from "../store";
import { engines, type TestDatabase } from "../test-support/databases";
import { minimalSite } from "../test-support/site";
import { voterCookie } from "./voter";
import { testEdition } from "../test-support/databases";

const open = { opens: new Date("2025-04-16T14:00:00Z"), closes: new Date("2025-04-16T20:00:00Z") };
const duringVoting = () => new Date("2025-04-16T15:00:00Z");
const seeds = Object.fromEntries(edition.demos.map((demo) => [demo.id, demo.votes]));

let site: Awaited<ReturnType<typeof minimalSite>>;
beforeAll(async () => {
  site = await minimalSite();
});
afterAll(async () => {
  await site.remove();
});

type App = Awaited<ReturnType<typeof buildApp>>;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server on an in-memory store (or the one given), with voting open unless the test says otherwise. */
async function start(options: Partial<AppOptions> = {}): Promise<App> {
  let store = options.store;
  if (!store) {
    const own = await openSqliteStore(":memory:", testEdition);
    cleanups.push(() => own.close());
    store = own;
  }
  const app = await buildApp({ clientDir: site.dir, votingWindow: open, now: duringVoting, ...options, store });
  cleanups.push(() => app.close());
  return app;
}

const vote = (app: App, id: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: "POST", url: `/api/demos/${id}/vote`, ...extra });
const status = (app: App, id: string, cookie?: string) =>
  app.inject({ method: "GET", url: `/api/demos/${id}/has-voted`, cookies: cookie ? { [voterCookie]: cookie } : {} });
const votesOf = async (app: App, id: string) => {
  const list = (await app.inject({ method: "GET", url: "/api/demos" })).json<{ id: string; votes: number }[]>();
  return list.find((demo) => demo.id === id)?.votes;
};
/** The signed voter cookie a response issued. */
const issued = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === voterCookie)?.value;

describe("GET /api/demos", () => {
  it("lists the server demo records with their seeded counts", async () => {
    const app = await start();
    const response = await app.inject({ method: "GET", url: "/api/demos" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((demo) => demo.votes)).toEqual([93, 45, 46, 57, 27, 48, 62]);
    expect(list[0]).toEqual({
      id: "demo-1",
      title: "Loomtrace",
      description: edition.demos[0]!.description,
      presenterId: "zeynep-arslan",
      votes: 93,
      tags: ["agents", "observability", "debugging"],
    });
    for (const demo of list) {
      expect(Object.keys(demo).sort()).toEqual(["description", "id", "presenterId", "tags", "title", "votes"]);
    }
  });
});

describe("GET /api/demos/:id/has-voted", () => {
  it("tells a visitor who has not voted that they can vote now, and is never cached", async () => {
    const app = await start();
    const response = await status(app, "demo-3");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ hasVoted: false, canVoteAgainIn: 0, votedAt: null });
    expect(issued(response)).toBeUndefined();
  });

  it("says how many seconds until voting opens, and that nobody can vote once it has ended", async () => {
    const early = await start({ now: () => new Date("2025-04-16T13:58:30Z") });
    expect((await status(early, "demo-1")).json()).toEqual({ hasVoted: false, canVoteAgainIn: 90, votedAt: null });
    const late = await start({ now: () => new Date("2025-04-17T00:00:00Z") });
    expect((await status(late, "demo-1")).json()).toEqual({ hasVoted: false, canVoteAgainIn: null, votedAt: null });
  });
});

describe("POST /api/demos/:id/vote", () => {
  it("counts a vote, issues the voter an httpOnly SameSite=Lax cookie, and remembers the vote", async () => {
    const app = await start();
    const response = await vote(app, "demo-5");
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      hasVoted: true,
      canVoteAgainIn: null,
      votedAt: "2025-04-16T15:00:00.000Z",
      votes: 28,
    });
    const cookie = response.cookies.find((c) => c.name === voterCookie)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api", maxAge: 31_536_000 });
    expect(cookie.secure).toBeUndefined();
    // A random id with the server's signature after it.
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9+/_-]+$/);

    expect(await votesOf(app, "demo-5")).toBe(28);
    expect((await status(app, "demo-5", cookie.value)).json()).toEqual({
      hasVoted: true,
      canVoteAgainIn: null,
      votedAt: "2025-04-16T15:00:00.000Z",
    });
    expect((await status(app, "demo-6", cookie.value)).json()).toMatchObject({ hasVoted: false });
  });

  it("marks the cookie Secure when the site is served over HTTPS", async () => {
    const app = await start({ trustProxy: 1 });
    const response = await vote(app, "demo-5", { headers: { "x-forwarded-proto": "https" } });
    expect(response.cookies.find((c) => c.name === voterCookie)?.secure).toBe(true);
  });

  it("refuses a second vote by the same voter with 409, and changes nothing", async () => {
    const app = await start();
    const cookie = issued(await vote(app, "demo-2"))!;
    const again = await vote(app, "demo-2", { cookies: { [voterCookie]: cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "You have already voted for Feedback Forensics." });
    expect(await votesOf(app, "demo-2")).toBe(46);
    // The same voter may still vote for another demo.
    expect((await vote(app, "demo-3", { cookies: { [voterCookie]: cookie } })).statusCode).toBe(201);
  });

  it("refuses votes with 403 once voting has ended, or before it has begun", async () => {
    const ended = await start({ now: () => new Date("2025-04-16T20:00:00Z") });
    const late = await vote(ended, "demo-1");
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: "Voting has ended." });
    expect(issued(late)).toBeUndefined();
    expect(await votesOf(ended, "demo-1")).toBe(93);

    const upcoming = await start({ now: () => new Date("2025-04-16T13:00:00Z") });
    const early = await vote(upcoming, "demo-1");
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: "Voting has not begun yet." });
  });

  it("refuses every vote in this edition, whose voting closed on 31 December 2023", async () => {
    const app = await start({ votingWindow: undefined, now: undefined });
    const response = await vote(app, "demo-1");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Voting has ended." });
  });

  it("answers an unknown demo with 404 and a malformed id with 400", async () => {
    const app = await start();
    for (const response of [await vote(app, "demo-99"), await status(app, "demo-99")]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "No demo demo-99" });
    }
    for (const id of ["DEMO-1", "demo-", "demo-1x", "demo-1%3Bdrop", "%00", "1", `demo-${"9".repeat(60)}`]) {
      for (const response of [await vote(app, id), await status(app, id)]) {
        expect(response.statusCode, id).toBe(400);
        expect(response.json(), id).toEqual({ error: "Malformed demo id: ids look like demo-1" });
      }
    }
    // An id too long for the router to take is no route at all: still a JSON 4xx, never a 5xx.
    const huge = await vote(app, `demo-${"9".repeat(400)}`);
    expect(huge.statusCode).toBe(404);
    expect(huge.json()).toHaveProperty("error");
    expect(await votesOf(app, "demo-1")).toBe(93);
  });

  it("refuses votes from other sites' pages with 403, and accepts this site's", async () => {
    const app = await start();
    const foreign = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      { origin: "http://localhost.evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const response = await vote(app, "demo-4", { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: "Votes can only be cast from this site" });
      expect(issued(response)).toBeUndefined();
    }
    expect(await votesOf(app, "demo-4")).toBe(57);

    const own = [
      { origin: "http://localhost" },
      { origin: "http://localhost:80", "sec-fetch-site": "same-origin" },
      { origin: edition.event.siteUrl },
      {},
    ];
    for (const headers of own) {
      expect((await vote(app, "demo-4", { headers })).statusCode, JSON.stringify(headers)).toBe(201);
    }
    expect(await votesOf(app, "demo-4")).toBe(61);
  });

  it("treats a forged or damaged voter cookie as no cookie, and never fails on one", async () => {
    const app = await start();
    const real = issued(await vote(app, "demo-7"))!;
    const [id] = real.split(".");
    const forged = [
      id!,
      `${id!}.forgedsignature`,
      `${crypto.randomUUID()}.${real.split(".")[1]!}`,
      "garbage",
      "%E0%A4%A",
      "x".repeat(4000),
    ];
    for (const cookie of forged) {
      const check = await status(app, "demo-7", cookie);
      expect(check.statusCode, cookie).toBe(200);
      expect(check.json()).toMatchObject({ hasVoted: false });
      const cast = await vote(app, "demo-7", { cookies: { [voterCookie]: cookie } });
      expect(cast.statusCode, cookie).toBe(201);
      expect(issued(cast)).not.toBe(cookie);
    }
  });

  it("answers a body it cannot read with a JSON 400", async () => {
    const app = await start();
    const response = await vote(app, "demo-1", { headers: { "content-type": "application/json" }, payload: "{" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("error");
  });

  it("limits votes per client address, answering 429 with Retry-After", async () => {
    const app = await start({ limits: { votes: 3, reads: 100 } });
    for (let index = 0; index < 3; index++) expect((await vote(app, "demo-1")).statusCode).toBe(201);
    const limited = await vote(app, "demo-1");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/^Rate limit exceeded, retry in .+/) as string });
    expect(await votesOf(app, "demo-1")).toBe(96);
    // Another address is not affected, and reading is limited separately.
    const elsewhere = await vote(app, "demo-1", { remoteAddress: "203.0.113.9" });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("limits reads per client address apart from votes, and never limits health checks", async () => {
    const app = await start({ limits: { votes: 100, reads: 2 } });
    expect((await status(app, "demo-1")).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/demos" })).statusCode).toBe(200);
    const limited = await app.inject({ method: "GET", url: "/api/voting" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await vote(app, "demo-1")).statusCode).toBe(201);
    for (let index = 0; index < 5; index++) {
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
  });

  it("rate-limits the client's own address behind a trusted proxy", async () => {
    const app = await start({ trustProxy: 1, limits: { votes: 1, reads: 100 } });
    const from = (address: string) => vote(app, "demo-2", { headers: { "x-forwarded-for": address } });
    expect((await from("198.51.100.1")).statusCode).toBe(201);
    expect((await from("198.51.100.1")).statusCode).toBe(429);
    expect((await from("198.51.100.2")).statusCode).toBe(201);
  });
});

describe("GET /api/voting", () => {
  it("tells the page the window the server enforces", async () => {
    const app = await start();
    const response = await app.inject({ method: "GET", url: "/api/voting" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ opens: "2025-04-16T14:00:00.000Z", closes: "2025-04-16T20:00:00.000Z" });
    const edition2025 = await start({ votingWindow: undefined });
    expect((await edition2025.inject({ method: "GET", url: "/api/voting" })).json()).toEqual({
      opens: "2023-12-01T00:00:00.000Z",
      closes: "2023-12-31T00:00:00.000Z",
    });
  });
});

describe("Seeding", () => {
  it("seeds a demo added to the content later, and keeps the others' votes", async () => {
    const store = await openSqliteStore(":memory:", testEdition);
    cleanups.push(() => store.close());
    const first = await start({ store });
    await vote(first, "demo-1");
    await first.close();
    const added = { ...edition.demos[0]!, id: "demo-8", title: "Eighth", votes: 5 };
    const second = await start({ store, demos: [...edition.demos, added] });
    expect(await votesOf(second, "demo-1")).toBe(94);
    expect(await votesOf(second, "demo-8")).toBe(5);
  });
});

for (const engine of await engines()) {
  describe.skipIf(engine.unavailable !== null)(`Votes under load and across restarts (${engine.name})`, () => {
    let database: TestDatabase;
    let store: VoteStore;
    beforeAll(async () => {
      database = await engine.create();
      store = await database.open();
    });
    afterAll(async () => {
      await database.dispose();
    });

    it("counts 200 votes by 200 voters at once exactly", async () => {
      const app = await start({ store });
      const responses = await Promise.all(Array.from({ length: 200 }, () => vote(app, "demo-3")));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201));
      expect(new Set(responses.map(issued)).size).toBe(200);
      expect(await votesOf(app, "demo-3")).toBe(seeds["demo-3"]! + 200);
    });

    it("counts 50 votes by one voter at once as one", async () => {
      const app = await start({ store });
      const cookie = issued(await vote(app, "demo-4"))!;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => vote(app, "demo-5", { cookies: { [voterCookie]: cookie } })),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(49);
      expect(await votesOf(app, "demo-5")).toBe(seeds["demo-5"]! + 1);
    });

    it("keeps every vote, and every voter, across a restart", async () => {
      const app = await start({ store });
      const cookie = issued(await vote(app, "demo-6"))!;
      const before = await votesOf(app, "demo-6");
      await app.close();
      await store.close();

      store = await database.open();
      const restarted = await start({ store });
      expect(await votesOf(restarted, "demo-6")).toBe(before);
      expect(await votesOf(restarted, "demo-3")).toBe(seeds["demo-3"]! + 200);
      expect((await status(restarted, "demo-6", cookie)).json()).toMatchObject({ hasVoted: true });
      expect((await vote(restarted, "demo-6", { cookies: { [voterCookie]: cookie } })).statusCode).toBe(409);
    });
  });
}
