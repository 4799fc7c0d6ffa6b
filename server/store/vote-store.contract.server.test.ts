import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { engines, testDatabaseUrl, testEdition, type TestDatabase } from "../test-support/databases";
import { migrateTo } from "./migrations";

/**
 * The contract every vote store keeps, run against each engine. PostgreSQL is the server at TEST_DATABASE_URL
 * (default: the local one CI runs); when it cannot be reached its cases are skipped, and the run says so.
 * Under CI an unreachable PostgreSQL fails the run instead: CI is where both engines must be proved.
 */
const all = await engines();
for (const engine of all) {
  if (engine.unavailable === null) continue;
  // eslint-disable-next-line no-console -- a skipped engine must be impossible to miss in the test output
  console.warn(
    `\n  !! ${engine.name} vote store contract cases SKIPPED: cannot reach ${testDatabaseUrl} (${engine.unavailable}).` +
      `\n     Start PostgreSQL or set TEST_DATABASE_URL to run them.\n`,
  );
}

const seeds = [
  { id: "demo-1", votes: 93 },
  { id: "demo-2", votes: 45 },
  { id: "demo-3", votes: 46 },
];
const run = promisify(execFile);
const at = new Date("2025-04-16T15:00:00.000Z");

for (const engine of all) {
  describe(`The ${engine.name} vote store`, () => {
    if (engine.unavailable !== null) {
      it.runIf(Boolean(process.env.CI))(`can reach PostgreSQL under CI (${testDatabaseUrl})`, () => {
        expect.fail(`PostgreSQL is required under CI: ${engine.unavailable ?? ""}`);
      });
    }
    const test = it.skipIf(engine.unavailable !== null);

    let database: TestDatabase | undefined;
    const fresh = async () => {
      database = await engine.create();
      return database;
    };
    afterEach(async () => {
      await database?.dispose();
      database = undefined;
    });

    test("starts empty, and seeding gives each demo its starting count", async () => {
      const store = await (await fresh()).open();
      expect(store.engine).toBe(engine.name === "SQLite" ? "sqlite" : "postgres");
      expect(await store.counts()).toEqual(new Map());
      await store.seed(seeds);
      expect(await store.counts()).toEqual(
        new Map([
          ["demo-1", 93],
          ["demo-2", 45],
          ["demo-3", 46],
        ]),
      );
    });

    test("counts a vote once, and refuses the same voter's second vote without changing anything", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      expect(await store.voteOf("demo-2", "voter-a")).toBeNull();

      expect(await store.castVote("demo-2", "voter-a", at)).toEqual({
        counted: true,
        votes: 46,
        votedAt: "2025-04-16T15:00:00.000Z",
      });
      const later = new Date(at.getTime() + 60_000);
      expect(await store.castVote("demo-2", "voter-a", later)).toEqual({
        counted: false,
        votes: 46,
        votedAt: "2025-04-16T15:00:00.000Z",
      });
      expect(await store.voteOf("demo-2", "voter-a")).toEqual({ votedAt: "2025-04-16T15:00:00.000Z" });
      expect((await store.counts()).get("demo-2")).toBe(46);
    });

    test("tells its listeners after counted votes, no more often than votes come, and not for a repeated vote", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      let calls = 0;
      const stop = store.onCountsChanged(() => {
        calls++;
      });
      await Promise.all(["voter-a", "voter-b", "voter-c"].map((voter) => store.castVote("demo-1", voter, at)));
      await new Promise((resolve) => setImmediate(resolve));
      // SQLite writes the three in one batch and calls once; PostgreSQL may answer them in different turns.
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(calls).toBeLessThanOrEqual(3);
      const afterBurst = calls;
      await store.castVote("demo-1", "voter-a", at);
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toBe(afterBurst);
      stop();
      await store.castVote("demo-2", "voter-a", at);
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toBe(afterBurst);
    });

    test("keeps each voter's vote for each demo apart", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      await store.castVote("demo-1", "voter-a", at);
      expect((await store.castVote("demo-1", "voter-b", at)).counted).toBe(true);
      expect((await store.castVote("demo-3", "voter-a", at)).counted).toBe(true);
      expect(await store.voteOf("demo-2", "voter-a")).toBeNull();
      expect(await store.voteOf("demo-3", "voter-b")).toBeNull();
      expect(await store.counts()).toEqual(
        new Map([
          ["demo-1", 95],
          ["demo-2", 45],
          ["demo-3", 47],
        ]),
      );
    });

    test("counts every vote of many voters at once, and one vote of one voter voting many times at once", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      const voters = Array.from({ length: 60 }, (_, index) => `voter-${index}`);
      const distinct = await Promise.all(voters.map((voter) => store.castVote("demo-1", voter, at)));
      expect(distinct.filter((result) => result.counted)).toHaveLength(60);

      const same = await Promise.all(Array.from({ length: 30 }, () => store.castVote("demo-2", "voter-x", at)));
      expect(same.filter((result) => result.counted)).toHaveLength(1);
      expect(same.every((result) => result.votes === 46)).toBe(true);
      expect(await store.counts()).toEqual(
        new Map([
          ["demo-1", 153],
          ["demo-2", 46],
          ["demo-3", 46],
        ]),
      );
    });

    test("never seeds over real votes, and seeds a demo added later", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      await store.castVote("demo-1", "voter-a", at);
      await store.seed([...seeds.map((demo) => ({ ...demo, votes: 0 })), { id: "demo-8", votes: 12 }]);
      expect(await store.counts()).toEqual(
        new Map([
          ["demo-1", 94],
          ["demo-2", 45],
          ["demo-3", 46],
          ["demo-8", 12],
        ]),
      );
      await store.seed([]);
      expect((await store.counts()).size).toBe(4);
    });

    test("refuses a vote for a demo it was never given, and counts nothing", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      await expect(store.castVote("demo-9", "voter-a", at)).rejects.toThrow();
      expect(await store.voteOf("demo-9", "voter-a")).toBeNull();
      expect((await store.counts()).has("demo-9")).toBe(false);
    });

    test("keeps where a vote came from as given, and nothing for a vote cast without it", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      const origin = { addressHash: "address-hash-1", agentHash: "agent-hash-1" };
      await store.castVote("demo-1", "voter-a", at, origin);
      await store.castVote("demo-2", "voter-b", new Date(at.getTime() + 1000));
      // A repeated vote from elsewhere keeps the first vote's origin.
      await store.castVote("demo-1", "voter-a", at, { addressHash: "other", agentHash: "other" });
      expect(await store.votes()).toEqual([
        {
          demoId: "demo-1",
          voterId: "voter-a",
          votedAt: at.toISOString(),
          ...origin,
          voidedAt: null,
          voidReason: null,
        },
        {
          demoId: "demo-2",
          voterId: "voter-b",
          votedAt: new Date(at.getTime() + 1000).toISOString(),
          addressHash: null,
          agentHash: null,
          voidedAt: null,
          voidReason: null,
        },
      ]);
    });

    test("voids votes once: the counts drop, the votes stay with the reason, and their voters still cannot vote again", async () => {
      const store = await (await fresh()).open();
      await store.seed(seeds);
      for (const voter of ["voter-a", "voter-b", "voter-c"]) await store.castVote("demo-1", voter, at);
      await store.castVote("demo-2", "voter-a", at);
      let calls = 0;
      store.onCountsChanged(() => {
        calls++;
      });
      const voidedAt = new Date(at.getTime() + 3_600_000);
      const chosen = [
        { demoId: "demo-1", voterId: "voter-a" },
        { demoId: "demo-1", voterId: "voter-b" },
        { demoId: "demo-2", voterId: "voter-a" },
        // Named twice, and a vote never cast: neither counts.
        { demoId: "demo-1", voterId: "voter-b" },
        { demoId: "demo-3", voterId: "voter-z" },
      ];
      expect(await store.voidVotes(chosen, "one script", voidedAt)).toBe(3);
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toBe(1);
      expect(await store.counts()).toEqual(
        new Map([
          ["demo-1", 94],
          ["demo-2", 45],
          ["demo-3", 46],
        ]),
      );
      expect(await store.voidVotes(chosen, "again", new Date(voidedAt.getTime() + 1000))).toBe(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toBe(1);
      expect((await store.counts()).get("demo-1")).toBe(94);

      const stored = await store.votes();
      expect(stored).toHaveLength(4);
      expect(stored.find((vote) => vote.demoId === "demo-1" && vote.voterId === "voter-b")).toMatchObject({
        voidedAt: voidedAt.toISOString(),
        voidReason: "one script",
      });
      expect(stored.find((vote) => vote.voterId === "voter-c")).toMatchObject({ voidedAt: null, voidReason: null });
      expect(await store.voteOf("demo-1", "voter-a")).toEqual({ votedAt: at.toISOString() });
      expect(await store.castVote("demo-1", "voter-a", voidedAt)).toEqual({
        counted: false,
        votes: 94,
        votedAt: at.toISOString(),
      });
      expect(await store.voidVotes([], "nothing", voidedAt)).toBe(0);
    });

    test("voids only its own edition's votes", async () => {
      const database = await fresh();
      const first = await database.open("edition-a");
      const next = await database.open("edition-b");
      await first.seed(seeds);
      await next.seed(seeds);
      await first.castVote("demo-1", "voter-a", at);
      await next.castVote("demo-1", "voter-a", at);
      expect(await next.voidVotes([{ demoId: "demo-1", voterId: "voter-a" }], "test", at)).toBe(1);
      expect((await next.counts()).get("demo-1")).toBe(93);
      expect((await first.counts()).get("demo-1")).toBe(94);
      expect((await first.votes())[0]?.voidedAt).toBeNull();
    });

    test("keeps every vote and its cookie key across a restart, and migrates an existing database without loss", async () => {
      const database = await fresh();
      const first = await database.open();
      await first.seed(seeds);
      await first.castVote("demo-3", "voter-a", at);
      await first.castVote("demo-3", "voter-b", at);
      const secret = await first.cookieSecret();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await first.cookieSecret()).toBe(secret);
      const originKey = await first.originHashKey();
      expect(originKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(originKey).not.toBe(secret);
      await first.close();

      const second = await database.open();
      await second.seed(seeds);
      expect((await second.counts()).get("demo-3")).toBe(48);
      expect(await second.voteOf("demo-3", "voter-b")).toEqual({ votedAt: at.toISOString() });
      expect((await second.castVote("demo-3", "voter-a", at)).counted).toBe(false);
      expect(await second.cookieSecret()).toBe(secret);
      expect(await second.originHashKey()).toBe(originKey);
    });

    test("keeps editions apart in one database: each its own seeds, counts and voters", async () => {
      const database = await fresh();
      const first = await database.open("edition-a");
      const next = await database.open("edition-b");
      await first.seed(seeds);
      await next.seed([{ id: "demo-1", votes: 0 }]);
      expect((await first.castVote("demo-1", "voter-a", at)).votes).toBe(94);
      // The same voter (one cookie) is a new voter in the next edition, and its vote counts there only.
      expect(await next.voteOf("demo-1", "voter-a")).toBeNull();
      expect(await next.castVote("demo-1", "voter-a", at)).toEqual({
        counted: true,
        votes: 1,
        votedAt: at.toISOString(),
      });
      expect(await first.counts()).toEqual(
        new Map(seeds.map((seed) => [seed.id, seed.id === "demo-1" ? 94 : seed.votes])),
      );
      expect(await next.counts()).toEqual(new Map([["demo-1", 1]]));
      await expect(next.castVote("demo-2", "voter-b", at)).rejects.toThrow();
      expect(await first.cookieSecret()).toBe(await next.cookieSecret());
    });

    test("migrates a database from before editions without losing a vote: its votes become the edition's that opens it", async () => {
      const database = await fresh();
      const db = await database.kysely();
      await migrateTo(db, testEdition, "001-votes");
      await db
        .insertInto("vote_counts")
        .values([
          { demo_id: "demo-1", votes: 95 },
          { demo_id: "demo-2", votes: 45 },
        ])
        .execute();
      await db
        .insertInto("votes")
        .values([
          { demo_id: "demo-1", voter_id: "voter-a", voted_at: at.toISOString() },
          { demo_id: "demo-1", voter_id: "voter-b", voted_at: at.toISOString() },
        ])
        .execute();
      await db.destroy();

      const store = await database.open("edition-old");
      expect(await store.counts()).toEqual(
        new Map([
          ["demo-1", 95],
          ["demo-2", 45],
        ]),
      );
      expect(await store.voteOf("demo-1", "voter-b")).toEqual({ votedAt: at.toISOString() });
      expect((await store.castVote("demo-1", "voter-a", at)).counted).toBe(false);
      expect((await store.castVote("demo-2", "voter-a", at)).votes).toBe(46);
      expect(await (await database.open("edition-new")).counts()).toEqual(new Map());
      const check = await database.kysely();
      const tables = await sql<{ n: number }>`select count(*) as n from votes_by_edition`.execute(check);
      expect(Number(tables.rows[0]?.n)).toBe(3);
      await check.destroy();
      // Votes from before origins were kept have none, and are not voided.
      expect((await store.votes()).find((vote) => vote.voterId === "voter-b")).toMatchObject({
        addressHash: null,
        agentHash: null,
        voidedAt: null,
        voidReason: null,
      });
    });

    test("lets two servers start on one new database at once: one migrates, both agree on the cookie key", async () => {
      const database = await fresh();
      const startServer = () =>
        run(
          process.execPath,
          ["--import", "tsx", "server/test-support/open-store-once.ts", testEdition, ...database.processArgs],
          {
            encoding: "utf8",
            timeout: 60_000,
          },
        );
      const [one, two] = await Promise.all([startServer(), startServer()]);
      expect(one.stdout).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(two.stdout).toBe(one.stdout);
      expect(await (await database.open()).cookieSecret()).toBe(one.stdout);
    }, 90_000);
  });
}
