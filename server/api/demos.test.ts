import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edition } from "../../content";
import { openSqliteStore } from "../store/sqlite";
import type { VoteStore } from "../store";
import { engines, type TestDatabase } from "../test-support/databases";
import { appHarness, earnVoter, issuedVoter, voteAsPage, type App } from "../test-support/app-harness";
import { voterCookie, voterIssued } from "../../common/api-contract";
import { testEdition } from "../test-support/databases";
import * as m from "../../app/i18n/messages";

const seeds = Object.fromEntries(edition.demos.map((demo) => [demo.id, demo.votes]));

// The edition's demos, whatever their ids and counts: two to vote for, and an id that is none of them.
// (demos.reference.test.ts checks the reference edition's seven by name.)
const demoIds = edition.demos.map((demo) => demo.id);
if (demoIds.length < 2) throw new Error("these tests vote for two demos: the edition has fewer");
const [first = "", second = ""] = demoIds;
const seeded = (id: string) => seeds[id] ?? 0;
const titleOf = (id: string) => edition.demos.find((demo) => demo.id === id)?.title;
let unknownNumber = 99;
while (demoIds.includes(`demo-${String(unknownNumber)}`)) unknownNumber++;
const unknownDemo = `demo-${String(unknownNumber)}`;

/** A server on an in-memory store (or the one given), with voting open unless the test says otherwise. */
const { start, cleanups } = appHarness();

/** A vote as sent, with whatever cookie the test gives it, or none. */
const castVote = (app: App, id: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: "POST", url: `/api/demos/${id}/vote`, ...extra });
const status = (app: App, id: string, cookie?: string) =>
  app.inject({ method: "GET", url: `/api/demos/${id}/has-voted`, cookies: cookie ? { [voterCookie]: cookie } : {} });
const votesOf = async (app: App, id: string) => {
  const list = (await app.inject({ method: "GET", url: "/api/demos" })).json<{ id: string; votes: number }[]>();
  return list.find((demo) => demo.id === id)?.votes;
};

describe("GET /api/demos", () => {
  it("lists the server demo records with their seeded counts", async () => {
    const app = await start();
    const response = await app.inject({ method: "GET", url: "/api/demos" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    // A first visit's read, which issues a voter cookie (below): for this browser alone.
    expect(response.headers["cache-control"]).toBe("no-store");
    const list = response.json<Record<string, unknown>[]>();
    expect(list).toEqual(
      edition.demos.map(({ id, title, description, presenterId, votes, tags }) => ({
        id,
        title,
        description,
        presenterId,
        votes,
        tags,
      })),
    );
    for (const demo of list) {
      expect(Object.keys(demo).sort()).toEqual(["description", "id", "presenterId", "tags", "title", "votes"]);
    }
  });
});

describe("GET /api/demos/:id/has-voted", () => {
  it("tells a visitor who has not voted that they can vote now, and is never cached", async () => {
    const app = await start();
    const response = await status(app, first);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ hasVoted: false, canVoteAgainIn: 0, votedAt: null });
    expect(issuedVoter(response)).toBeUndefined();
  });

  it("says how many seconds until voting opens, and that nobody can vote once it has ended", async () => {
    const early = await start({ now: () => new Date("2025-04-16T13:58:30Z") });
    expect((await status(early, first)).json()).toEqual({ hasVoted: false, canVoteAgainIn: 90, votedAt: null });
    const late = await start({ now: () => new Date("2025-04-17T00:00:00Z") });
    expect((await status(late, first)).json()).toEqual({ hasVoted: false, canVoteAgainIn: null, votedAt: null });
  });
});

describe("POST /api/demos/:id/vote", () => {
  it("counts a vote by a voter the leaderboard's first read issued an httpOnly SameSite=Lax cookie, and remembers it", async () => {
    const app = await start();
    const read = await app.inject({ method: "GET", url: "/api/demos" });
    // The answer names one browser now: no cache may keep it.
    expect(read.headers["cache-control"]).toBe("no-store");
    const cookie = read.cookies.find((c) => c.name === voterCookie)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api", maxAge: 31_536_000 });
    expect(cookie.secure).toBeUndefined();
    // A random id with the server's signature after it.
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9+/_-]+$/);
    // A visitor who has one is issued no other.
    const again = await app.inject({ method: "GET", url: "/api/demos", cookies: { [voterCookie]: cookie.value } });
    expect(issuedVoter(again)).toBeUndefined();
    expect(again.headers["cache-control"]).toBe("no-cache");

    const response = await castVote(app, first, { cookies: { [voterCookie]: cookie.value } });
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      hasVoted: true,
      canVoteAgainIn: null,
      votedAt: "2025-04-16T15:00:00.000Z",
      votes: seeded(first) + 1,
    });
    expect(issuedVoter(response)).toBeUndefined();

    expect(await votesOf(app, first)).toBe(seeded(first) + 1);
    expect((await status(app, first, cookie.value)).json()).toEqual({
      hasVoted: true,
      canVoteAgainIn: null,
      votedAt: "2025-04-16T15:00:00.000Z",
    });
    expect((await status(app, second, cookie.value)).json()).toMatchObject({ hasVoted: false });
  });

  it("never counts a vote without a voter cookie: the refusal issues one, and the vote sent again counts", async () => {
    const app = await start();
    // The finding, replayed: 40 cookie-less votes from one client. None counts.
    const refusals = await Promise.all(Array.from({ length: 40 }, () => castVote(app, second)));
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(refusal.json()).toEqual({ error: m.apiVoterRequired, voter: voterIssued });
    }
    expect(await votesOf(app, second)).toBe(seeded(second));
    // The page sends its vote once more, with the cookie the refusal issued.
    const cookie = issuedVoter(refusals[0]!)!;
    expect((await castVote(app, second, { cookies: { [voterCookie]: cookie } })).statusCode).toBe(201);
    expect(await votesOf(app, second)).toBe(seeded(second) + 1);
  });

  it("issues one address a limited number of new voters a minute, and lists the address in the review", async () => {
    const app = await start({ newVotersPerMinute: 3, adminToken: "a".repeat(32) });
    const voters = [await earnVoter(app), await earnVoter(app), await earnVoter(app)];
    expect(voters.every((voter) => voter !== undefined)).toBe(true);
    // Past the limit the leaderboard is read all the same, without a cookie; a vote is refused with a 429.
    const read = await app.inject({ method: "GET", url: "/api/demos" });
    expect(read.statusCode).toBe(200);
    expect(issuedVoter(read)).toBeUndefined();
    const refused = await castVote(app, first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: m.apiTooManyNewVoters({ seconds: Number(refused.headers["retry-after"]) }),
    });
    // Another address is not affected.
    expect(await earnVoter(app, { remoteAddress: "203.0.113.9" })).toBeDefined();
    // Twenty more tries from the first address: it is listed, with what it was issued and refused.
    for (let index = 0; index < 20; index++) await app.inject({ method: "GET", url: "/api/demos" });
    const review = await app.inject({
      method: "GET",
      url: "/api/admin/review",
      headers: { authorization: `Bearer ${"a".repeat(32)}` },
    });
    expect(review.json<{ newVoters: unknown[] }>().newVoters).toEqual([
      expect.objectContaining({ issued: 3, refused: 22, addressHash: expect.stringMatching(/^\S{16}$/) as unknown }),
    ]);
  });

  it("marks the cookie Secure when the site is served over HTTPS", async () => {
    const proxied = await start({ trustProxy: 1 });
    const read = await earnVoter(proxied, { headers: { "x-forwarded-proto": "https" } });
    expect(read).toBeDefined();
    const overHttps = await proxied.inject({
      method: "GET",
      url: "/api/demos",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(overHttps.cookies.find((c) => c.name === voterCookie)?.secure).toBe(true);
    // BEHIND_HTTPS: Secure whatever the request says of its scheme.
    const behindHttps = await start({ hsts: true, trustProxy: 1 });
    const plain = await behindHttps.inject({ method: "GET", url: "/api/demos" });
    expect(plain.cookies.find((c) => c.name === voterCookie)?.secure).toBe(true);
  });

  it("refuses a second vote by the same voter with 409, and changes nothing", async () => {
    const app = await start();
    const cookie = (await voteAsPage(app, second)).voter!;
    const again = await voteAsPage(app, second, { cookies: { [voterCookie]: cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: m.apiAlreadyVoted({ title: titleOf(second)! }) });
    expect(await votesOf(app, second)).toBe(seeded(second) + 1);
    // The same voter may still vote for another demo.
    expect((await voteAsPage(app, first, { cookies: { [voterCookie]: cookie } })).statusCode).toBe(201);
  });

  it("refuses votes with 403 once voting has ended, or before it has begun", async () => {
    const ended = await start({ now: () => new Date("2025-04-16T20:00:00Z") });
    const late = await voteAsPage(ended, first);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: m.apiVotingEnded });
    expect(issuedVoter(late)).toBeUndefined();
    expect(await votesOf(ended, first)).toBe(seeded(first));

    const upcoming = await start({ now: () => new Date("2025-04-16T13:00:00Z") });
    const early = await voteAsPage(upcoming, first);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: m.apiVotingNotBegun });
  });

  it("enforces the edition's own voting window when none is given", async () => {
    const { opens, closes } = edition.event.voting;
    const at = (instant: number) => start({ votingWindow: undefined, now: () => new Date(instant) });
    const early = await voteAsPage(await at(Date.parse(opens) - 1000), first);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: m.apiVotingNotBegun });
    expect((await voteAsPage(await at(Date.parse(opens)), first)).statusCode).toBe(201);
    expect((await voteAsPage(await at(Date.parse(closes) - 1000), first)).statusCode).toBe(201);
    const late = await voteAsPage(await at(Date.parse(closes)), first);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: m.apiVotingEnded });
  });

  it("answers an unknown demo with 404 and a malformed id with 400", async () => {
    const app = await start();
    for (const response of [await voteAsPage(app, unknownDemo), await status(app, unknownDemo)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: `No demo ${unknownDemo}` });
    }
    for (const id of ["DEMO-1", "demo-", "demo-1x", "demo-1%3Bdrop", "%00", "1", `demo-${"9".repeat(60)}`]) {
      for (const response of [await voteAsPage(app, id), await status(app, id)]) {
        expect(response.statusCode, id).toBe(400);
        expect(response.json(), id).toEqual({ error: "Malformed demo id: ids look like demo-1" });
      }
    }
    // An id too long for the router to take is no route at all: still a JSON 4xx, never a 5xx.
    const huge = await voteAsPage(app, `demo-${"9".repeat(400)}`);
    expect(huge.statusCode).toBe(404);
    expect(huge.json()).toHaveProperty("error");
    expect(await votesOf(app, first)).toBe(seeded(first));
  });

  it("refuses votes from other sites' pages with 403, and accepts this site's", async () => {
    // Under inject() the server listens nowhere: its own addresses are tried over real connections
    // (faults.server.test.ts); here an origin the operator configured (ALLOWED_ORIGINS) stands for them.
    const app = await start({ origins: ["http://localhost"] });
    const siteUrl = new URL(edition.event.siteUrl);
    const foreign = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      { origin: "http://localhost.evil.example" },
      { "sec-fetch-site": "cross-site" },
      // A domain pointed at this server (DNS rebinding): its pages send a Host that agrees with their Origin.
      { origin: "http://rebound.example", host: "rebound.example" },
      // The edition's site, but over the other scheme.
      { origin: `${siteUrl.protocol === "https:" ? "http:" : "https:"}//${siteUrl.host}` },
    ];
    for (const headers of foreign) {
      const response = await voteAsPage(app, second, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: m.apiVotesOnlyFromSite });
      expect(issuedVoter(response)).toBeUndefined();
    }
    expect(await votesOf(app, second)).toBe(seeded(second));

    const own = [
      { origin: "http://localhost" },
      { origin: "http://localhost:80", "sec-fetch-site": "same-origin" },
      { origin: edition.event.siteUrl },
      { origin: siteUrl.origin, host: "elsewhere.example" },
      {},
    ];
    for (const headers of own) {
      expect((await voteAsPage(app, second, { headers })).statusCode, JSON.stringify(headers)).toBe(201);
    }
    expect(await votesOf(app, second)).toBe(seeded(second) + own.length);
  });

  it("treats a forged or damaged voter cookie as no cookie, and never fails on one", async () => {
    const app = await start();
    const real = (await voteAsPage(app, second)).voter!;
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
      const check = await status(app, second, cookie);
      expect(check.statusCode, cookie).toBe(200);
      expect(check.json()).toMatchObject({ hasVoted: false });
      // Counted as no cookie: refused, and issued a real one.
      const cast = await castVote(app, second, { cookies: { [voterCookie]: cookie } });
      expect(cast.statusCode, cookie).toBe(403);
      expect(cast.json()).toMatchObject({ voter: voterIssued });
      expect(issuedVoter(cast)).not.toBe(cookie);
    }
    expect(await votesOf(app, second)).toBe(seeded(second) + 1);
  });

  it("answers a body it cannot read with a JSON 400", async () => {
    const app = await start();
    const response = await voteAsPage(app, first, { headers: { "content-type": "application/json" }, payload: "{" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("error");
  });

  it("limits votes per client address, answering 429 with Retry-After", async () => {
    const app = await start({ limits: { votes: 3, reads: 100 } });
    for (let index = 0; index < 3; index++) expect((await voteAsPage(app, first)).statusCode).toBe(201);
    const limited = await voteAsPage(app, first);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: m.apiRateLimited({ seconds: Number(limited.headers["retry-after"]) }) });
    expect(await votesOf(app, first)).toBe(seeded(first) + 3);
    // Another address is not affected, and reading is limited separately.
    const elsewhere = await voteAsPage(app, first, { remoteAddress: "203.0.113.9" });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("limits reads per client address apart from votes, and never limits health checks", async () => {
    const app = await start({ limits: { votes: 100, reads: 2 } });
    expect((await status(app, first)).statusCode).toBe(200);
    const read = await app.inject({ method: "GET", url: "/api/demos" });
    expect(read.statusCode).toBe(200);
    const limited = await app.inject({ method: "GET", url: "/api/voting" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await castVote(app, first, { cookies: { [voterCookie]: issuedVoter(read)! } })).statusCode).toBe(201);
    for (let index = 0; index < 5; index++) {
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
  });

  it("rate-limits the client's own address behind a trusted proxy", async () => {
    const app = await start({ trustProxy: 1, limits: { votes: 1, reads: 100 } });
    const from = (address: string) => voteAsPage(app, second, { headers: { "x-forwarded-for": address } });
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
    // Without a window of its own, the server enforces the edition's.
    const editions = await start({ votingWindow: undefined });
    expect((await editions.inject({ method: "GET", url: "/api/voting" })).json()).toEqual({
      opens: new Date(edition.event.voting.opens).toISOString(),
      closes: new Date(edition.event.voting.closes).toISOString(),
    });
  });
});

describe("Seeding", () => {
  it("seeds a demo added to the content later, and keeps the others' votes", async () => {
    const store = await openSqliteStore(":memory:", testEdition);
    cleanups.push(() => store.close());
    const before = await start({ store });
    await voteAsPage(before, first);
    await before.close();
    const added = { ...edition.demos[0]!, id: unknownDemo, title: "Added later", votes: 5 };
    const after = await start({ store, demos: [...edition.demos, added] });
    expect(await votesOf(after, first)).toBe(seeded(first) + 1);
    expect(await votesOf(after, unknownDemo)).toBe(5);
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
      const app = await start({ store, newVotersPerMinute: 200 });
      const responses = await Promise.all(Array.from({ length: 200 }, () => voteAsPage(app, first)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201));
      expect(new Set(responses.map((response) => response.voter)).size).toBe(200);
      expect(await votesOf(app, first)).toBe(seeded(first) + 200);
    });

    it("counts no vote without a voter cookie over real connections: 40 from one client count none", async () => {
      const app = await start({ store });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const base = `http://127.0.0.1:${String(typeof address === "object" && address ? address.port : 0)}`;
      const before = await votesOf(app, second);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${base}/api/demos/${second}/vote`, { method: "POST", headers: { origin: base } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(403));
      expect(await votesOf(app, second)).toBe(before);
    });

    it("counts 50 votes by one voter at once as one", async () => {
      const app = await start({ store });
      const cookie = (await voteAsPage(app, second)).voter!;
      const before = await votesOf(app, first);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => voteAsPage(app, first, { cookies: { [voterCookie]: cookie } })),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(49);
      expect(await votesOf(app, first)).toBe(before! + 1);
    });

    it("keeps every vote, and every voter, across a restart", async () => {
      const app = await start({ store });
      const cookie = (await voteAsPage(app, second)).voter!;
      const counts = async (server: App) =>
        (await server.inject({ method: "GET", url: "/api/demos" })).json<{ id: string; votes: number }[]>();
      const before = await counts(app);
      // The 200 voters of the first case are among them.
      expect(before.find((demo) => demo.id === first)?.votes).toBeGreaterThanOrEqual(seeded(first) + 200);
      await app.close();
      await store.close();

      store = await database.open();
      const restarted = await start({ store });
      expect(await counts(restarted)).toEqual(before);
      expect((await status(restarted, second, cookie)).json()).toMatchObject({ hasVoted: true });
      expect((await voteAsPage(restarted, second, { cookies: { [voterCookie]: cookie } })).statusCode).toBe(409);
    });
  });
}
