import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { presenterFor } from "../../app/lib/ranking";
import { openSqliteStore } from "../store/sqlite";
import { testEdition } from "../test-support/databases";
import { appHarness, duringVoting, voteAsPage, type App } from "../test-support/app-harness";
import { burstMinVotes, burstWindowMs, sweepWindowMs } from "./review";
import { voterCookie } from "../../common/api-contract";
import { voteOrigin } from "./vote-origin";

const token = "test-admin-token-0123456789abcdef0123456789";
const auth = { authorization: `Bearer ${token}` };
const { start, cleanups } = appHarness();

// The edition's demos, from a count of 0 each so that a few votes decide the ranks; three of them titled so that
// CSV must keep a quote and a comma inside its field, and defuse a formula at its start and after a separator.
if (edition.demos.length < 3) throw new Error("these tests rank three demos: the edition has fewer");
const demos = edition.demos.map((demo, index) => ({
  ...demo,
  votes: 0,
  title: [`Say "hi", world`, "=HYPERLINK(evil)", "Demo;=1+1\t@SUM(A1)"][index] ?? demo.title,
}));
const ids = demos.map((demo) => demo.id);
const presentedLive = edition.event.presentedLive;
const speakers = new Map(edition.speakers.map((speaker) => [speaker.id, speaker]));
const presenterOf = (id: string) => presenterFor(id, (speaker) => speakers.get(speaker)).name;

/** A clock the test moves: votes land at the instants the review's rules look at. */
function clock() {
  let at = duringVoting().getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const admin = (app: App, url: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: "GET", url: `/api/admin${url}`, headers: auth, ...extra });
/** A vote from a page at `remoteAddress`, by a voter its first read earned unless the test gives a cookie. */
const voteFrom = (app: App, id: string, remoteAddress: string, extra: Partial<InjectOptions> = {}) =>
  voteAsPage(app, id, { remoteAddress, headers: { "user-agent": "Mozilla/5.0 (test)" }, ...extra });
const cookieOf = (response: Awaited<ReturnType<typeof voteFrom>>) => response.voter;
const listed = async (app: App, id: string) =>
  (await app.inject({ method: "GET", url: "/api/demos" }))
    .json<{ id: string; votes: number }[]>()
    .find((demo) => demo.id === id)?.votes;

describe("The admin API", () => {
  it("does not exist without ADMIN_TOKEN: the API's usual 404", async () => {
    const app = await start();
    for (const url of ["/results", "/results.csv", "/review"]) {
      const response = await admin(app, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: `No API route for GET /api/admin${url}` });
    }
    const post = await app.inject({ method: "POST", url: "/api/admin/votes/void", headers: auth, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it("refuses a missing or wrong bearer token with 401, never cached", async () => {
    const app = await start({ adminToken: token });
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
      { authorization: "Bearer " },
      { authorization: token },
      { authorization: `Basic ${Buffer.from(`admin:${token}`).toString("base64")}` },
    ];
    for (const headers of attempts) {
      for (const url of ["/results", "/results.csv", "/review"]) {
        const response = await admin(app, url, { headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(response.headers["www-authenticate"]).toMatch(/^Bearer /);
        expect(response.json()).toEqual({ error: "Missing or wrong bearer token" });
        expect(response.body).not.toContain(token);
      }
      const post = await app.inject({
        method: "POST",
        url: "/api/admin/votes/void",
        headers,
        payload: { votes: [{ demoId: ids[0], voterId: "x" }], reason: "test" },
      });
      expect(post.statusCode).toBe(401);
    }
  });

  it("gives the results ranked as the leaderboard ranks them, the top ones marked as presented live, as JSON and CSV", async () => {
    const app = await start({ adminToken: token, demos });
    const [a = "", b = "", c = ""] = ids.slice(-3);
    // c gets three votes, b two, a one: c, b, a lead, and the rest keep the catalogue's order at 0.
    const plan: [string, number][] = [
      [a, 1],
      [b, 2],
      [c, 3],
    ];
    let address = 1;
    for (const [id, count] of plan) {
      for (let index = 0; index < count; index++) {
        expect((await voteFrom(app, id, `198.51.100.${String(address++)}`)).statusCode).toBe(201);
      }
    }
    const response = await admin(app, "/results");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const rows = response.json<{ demos: Record<string, unknown>[] }>().demos;
    const order = [c, b, a, ...ids.filter((id) => ![a, b, c].includes(id))];
    expect(rows).toEqual(
      order.map((id, index) => {
        const demo = demos.find((entry) => entry.id === id)!;
        return {
          rank: index + 1,
          id,
          title: demo.title,
          presenter: presenterOf(demo.presenterId),
          votes: plan.find(([planned]) => planned === id)?.[1] ?? 0,
          voidedVotes: 0,
          presentedLive: index < presentedLive,
        };
      }),
    );

    const csv = await admin(app, "/results.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers["cache-control"]).toBe("no-store");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="results.csv"');
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe("rank,id,title,presenter,votes,voidedVotes,presentedLive");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(rows.length + 2);
    const lineOf = (id: string) => lines.find((line) => line.includes(`,"${id}",`));
    expect(lineOf(ids[0]!)).toContain(`,"Say ""hi"", world",`);
    expect(lineOf(ids[1]!)).toContain(`,"'=HYPERLINK(evil)",`);
    expect(lineOf(ids[2]!)).toContain(`,"Demo;'=1+1\t'@SUM(A1)",`);
    // Every text quoted; the server's own numbers and flags not.
    const text = `"(?:[^"]|"")*"`;
    expect(lines[1]).toMatch(new RegExp(`^1,"${c}",${text},${text},3,0,true$`));
  });

  it("finds a stuffed cluster and a sweep of every demo, and not an ordinary spread of voters", async () => {
    const time = clock();
    const app = await start({ adminToken: token, demos, now: time.now });
    const [target = "", other = ""] = ids;
    // An ordinary spread: many addresses, each a vote or two, minutes apart; and one address (a household) voting
    // a few times for the same demo over an hour.
    for (let index = 0; index < 30; index++) {
      await voteFrom(app, ids[index % ids.length]!, `198.51.100.${String(index + 1)}`);
      time.advance(20_000);
    }
    for (let index = 0; index < burstMinVotes - 1; index++) {
      await voteFrom(app, other, "192.0.2.50");
      time.advance(burstWindowMs / 2);
    }
    // A fan voting quickly for every demo but one; another for every demo, but over an hour.
    const oneVoter = async (remoteAddress: string, chosen: string[], gapMs: number) => {
      let cookie: string | undefined;
      for (const id of chosen) {
        const response = await voteFrom(app, id, remoteAddress, cookie ? { cookies: { [voterCookie]: cookie } } : {});
        expect(response.statusCode).toBe(201);
        cookie ??= cookieOf(response);
        time.advance(gapMs);
      }
    };
    await oneVoter("192.0.2.60", ids.slice(1), 1000);
    await oneVoter("192.0.2.61", ids, Math.ceil(3_600_000 / ids.length));
    // Stuffing: fresh cookies (a new voter each) from one address for one demo, ten seconds apart.
    const stuffed = burstMinVotes + 2;
    for (let index = 0; index < stuffed; index++) {
      expect((await voteFrom(app, target, "203.0.113.66")).statusCode).toBe(201);
      time.advance(10_000);
    }
    // A sweep: one voter from one address votes for every demo, a second apart.
    time.advance(burstWindowMs * 3);
    await oneVoter("203.0.113.77", ids, Math.floor(sweepWindowMs / (ids.length * 2)));

    const response = await admin(app, "/review");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const review = response.json<{
      thresholds: unknown;
      clusters: {
        kind: string;
        addressHash: string;
        demoId: string | null;
        voters: number;
        userAgents: number;
        votes: { demoId: string; voterId: string; votedAt: string; addressHash: string; agentHash: string }[];
      }[];
    }>();
    expect(review.thresholds).toEqual({
      burst: { minVotes: burstMinVotes, windowSeconds: burstWindowMs / 1000 },
      sweep: { demos: ids.length, windowSeconds: sweepWindowMs / 1000 },
    });
    expect(review.clusters.map((cluster) => [cluster.kind, cluster.demoId, cluster.votes.length])).toEqual([
      ["burst", target, stuffed],
      ["sweep", null, ids.length],
    ]);
    const [burst, sweep] = review.clusters;
    expect(burst).toMatchObject({ voters: stuffed, userAgents: 1 });
    expect(sweep).toMatchObject({ voters: 1, userAgents: 1 });
    expect(new Set(sweep?.votes.map((vote) => vote.demoId))).toEqual(new Set(ids));
    expect(burst?.votes.every((vote) => vote.demoId === target && vote.addressHash === burst.addressHash)).toBe(true);
    expect(burst?.addressHash).not.toBe(sweep?.addressHash);
    expect(response.body).not.toContain("203.0.113");
    expect(response.body).not.toContain("Mozilla");
  });

  it("voids a cluster the review found: the counts drop in GET /api/demos at once, the cluster goes, and voiding twice changes nothing", async () => {
    const app = await start({ adminToken: token, demos });
    const [target = "", other = ""] = ids;
    const cookies: string[] = [];
    for (let index = 0; index < burstMinVotes; index++) {
      cookies.push(cookieOf(await voteFrom(app, target, "203.0.113.66"))!);
    }
    // One vote of the same voter for another demo, which stays counted.
    await voteFrom(app, other, "203.0.113.66", { cookies: { [voterCookie]: cookies[0]! } });
    expect(await listed(app, target)).toBe(burstMinVotes);
    type Review = { clusters: { votes: { demoId: string; voterId: string }[] }[] };
    const [cluster] = (await admin(app, "/review")).json<Review>().clusters;
    expect(cluster?.votes).toHaveLength(burstMinVotes);

    const body = { votes: cluster!.votes.map(({ demoId, voterId }) => ({ demoId, voterId })), reason: "one script" };
    const voided = await app.inject({ method: "POST", url: "/api/admin/votes/void", headers: auth, payload: body });
    expect(voided.statusCode).toBe(200);
    expect(voided.headers["cache-control"]).toBe("no-store");
    expect(voided.json()).toEqual({ voided: burstMinVotes });
    expect(await listed(app, target)).toBe(0);
    expect(await listed(app, other)).toBe(1);
    const results = (await admin(app, "/results")).json<{
      demos: { id: string; votes: number; voidedVotes: number }[];
    }>();
    expect(results.demos.find((demo) => demo.id === target)).toMatchObject({ votes: 0, voidedVotes: burstMinVotes });
    expect(results.demos.find((demo) => demo.id === other)).toMatchObject({ votes: 1, voidedVotes: 0 });
    expect((await admin(app, "/review")).json<Review>().clusters).toEqual([]);

    const again = await app.inject({ method: "POST", url: "/api/admin/votes/void", headers: auth, payload: body });
    expect(again.json()).toEqual({ voided: 0 });
    expect(await listed(app, target)).toBe(0);
    // A voided voter still cannot vote again for that demo.
    const revote = await voteFrom(app, target, "203.0.113.66", { cookies: { [voterCookie]: cookies[1]! } });
    expect(revote.statusCode).toBe(409);
    expect(await listed(app, target)).toBe(0);
  });

  it("answers over a real connection, and only with the token", async () => {
    const app = await start({ adminToken: token, demos });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const refused = await fetch(`${address}/api/admin/results`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const answered = await fetch(`${address}/api/admin/results.csv`, { headers: auth });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toMatch(/^text\/csv/);
    const body = await answered.text();
    expect(body.split("\r\n")).toHaveLength(ids.length + 2);
    expect(body).toContain(`,"Demo;'=1+1\t'@SUM(A1)",`);

    const without = await start();
    const missing = await fetch(`${await without.listen({ port: 0, host: "127.0.0.1" })}/api/admin/results`, {
      headers: auth,
    });
    expect(missing.status).toBe(404);
  });

  it("answers a malformed void request 400 with a clear message", async () => {
    const app = await start({ adminToken: token });
    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/api/admin/votes/void",
        headers: { ...auth, "content-type": "application/json", ...headers },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
    const cases: [unknown, string][] = [
      [[], "Malformed void request: expected a JSON body {votes: [{demoId, voterId}], reason}"],
      [{ reason: "x" }, "Malformed void request: votes: votes must be a list of {demoId, voterId}"],
      [{ votes: [], reason: "x" }, "Malformed void request: votes: votes must name at least one vote"],
      [
        { votes: [{ demoId: "nope", voterId: "v" }], reason: "x" },
        "Malformed void request: votes.0.demoId: demoId must look like demo-1",
      ],
      [
        { votes: [{ demoId: ids[0], voterId: "v" }], reason: "  " },
        "Malformed void request: reason: reason must say why the votes are voided",
      ],
      [
        { votes: [{ demoId: ids[0], voterId: "v" }] },
        "Malformed void request: reason: reason must be a text saying why",
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect((await post("{not json")).statusCode).toBe(400);
  });
});

describe("Where a vote came from", () => {
  it("is kept as keyed hashes only: the address and user agent never reach the database", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "glosaic-origin-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, "votes.sqlite");
    const store = await openSqliteStore(file, testEdition);
    cleanups.push(() => store.close());
    const app = await start({ store, adminToken: token });
    const agent = "RawAgentMarker/9.9 (secret-device)";
    const addresses = ["203.0.113.199", "2001:db8:77:88:1:2:3:4", "2001:db8:77:88:ffff::9", "::ffff:203.0.113.199"];
    for (const remoteAddress of addresses) {
      const response = await voteFrom(app, ids[0]!, remoteAddress, { headers: { "user-agent": agent } });
      expect(response.statusCode).toBe(201);
    }
    await app.close();
    await store.close();

    const database = new SQLite(file, { readonly: true });
    const tables = database
      .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
      .all()
      .map((table) => table.name);
    const everything = JSON.stringify(tables.map((table) => database.prepare(`select * from "${table}"`).all()));
    const votes = database
      .prepare<[], { address_hash: string; agent_hash: string }>(
        "select address_hash, agent_hash from votes_by_edition",
      )
      .all();
    const key = database
      .prepare<[], { value: string }>("select value from settings where key = 'vote-origin-hash-key'")
      .get()?.value;
    database.close();

    for (const raw of [agent, "RawAgentMarker", "203.0.113.199", "2001:db8:77:88", "2001:0db8:0077:0088"]) {
      expect(everything).not.toContain(raw);
    }
    expect(votes).toHaveLength(4);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expected = voteOrigin(key!, addresses[0]!, agent);
    // One IPv4 client, whether seen as IPv4 or IPv4-mapped IPv6; one /64 however its addresses vary.
    expect(votes.map((vote) => vote.address_hash)).toEqual([
      expected.addressHash,
      votes[1]?.address_hash,
      votes[1]?.address_hash,
      expected.addressHash,
    ]);
    expect(votes[1]?.address_hash).not.toBe(expected.addressHash);
    expect(new Set(votes.map((vote) => vote.agent_hash))).toEqual(new Set([expected.agentHash]));
  });

  it("is hashed with VOTE_HASH_KEY when it is set", async () => {
    const store = await openSqliteStore(":memory:", testEdition);
    cleanups.push(() => store.close());
    const voteHashKey = "configured-hash-key-0123456789abcdef0123";
    const app = await start({ store, voteHashKey });
    await voteFrom(app, ids[0]!, "203.0.113.5", { headers: { "user-agent": "Agent/1" } });
    const [vote] = await store.votes();
    expect(vote).toMatchObject(voteOrigin(voteHashKey, "203.0.113.5", "Agent/1"));
    expect(vote?.addressHash).not.toBe(voteOrigin(await store.originHashKey(), "203.0.113.5", "Agent/1").addressHash);
  });
});
