import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { engines, testDatabaseUrl, type TestDatabase } from "../test-support/databases";
import { countsChannel, listenerName } from "./postgres-counts-channel";

/**
 * What only PostgreSQL does: several servers share one database and hear each other's votes. Skipped with the
 * contract's PostgreSQL cases when the server cannot be reached (the contract test says so loudly, and fails
 * under CI).
 */
const postgres = (await engines()).find((engine) => engine.name === "PostgreSQL");
const at = new Date("2025-04-16T15:00:00.000Z");
const seeds = [
  { id: "demo-1", votes: 10 },
  { id: "demo-2", votes: 20 },
];

describe.skipIf(!postgres || postgres.unavailable !== null)("The PostgreSQL store", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  const fresh = async () => {
    if (!postgres) throw new Error("unreachable");
    database = await postgres.create();
    return database;
  };
  const counting = () => {
    const calls = { count: 0 };
    return {
      calls,
      listener: () => {
        calls.count++;
      },
    };
  };

  it("migrates a new schema beside another schema's store in the same database", async () => {
    if (!postgres) throw new Error("unreachable");
    const other = await postgres.create();
    try {
      await (await other.open()).seed(seeds);
      const store = await (await fresh()).open();
      await store.seed(seeds);
      expect((await store.castVote("demo-1", "voter-a", at)).votes).toBe(11);
    } finally {
      await other.dispose();
    }
  });

  it("casts votes that arrive together in one statement: repeats count once, an unknown demo fails alone", async () => {
    const store = await (await fresh()).open();
    await store.seed(seeds);
    const results = await Promise.allSettled([
      store.castVote("demo-1", "voter-a", at),
      store.castVote("demo-99", "voter-b", at),
      store.castVote("demo-1", "voter-c", at),
      store.castVote("demo-1", "voter-a", new Date(at.getTime() + 1000)),
      store.castVote("demo-2", "voter-a", at),
    ]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : "rejected"))).toEqual([
      { counted: true, votes: 12, votedAt: at.toISOString() },
      "rejected",
      { counted: true, votes: 12, votedAt: at.toISOString() },
      { counted: false, votes: 12, votedAt: at.toISOString() },
      { counted: true, votes: 21, votedAt: at.toISOString() },
    ]);
    expect(await store.counts()).toEqual(
      new Map([
        ["demo-1", 12],
        ["demo-2", 21],
      ]),
    );
  });

  it("counts every vote when two servers cast many at once for the same demos, and each voter once", async () => {
    const database = await fresh();
    const [a, b] = await Promise.all([database.open(), database.open()]);
    await a.seed(seeds);
    const cast = (store: typeof a, prefix: string) =>
      Array.from({ length: 300 }, (_, index) =>
        store.castVote(seeds[index % 2]?.id ?? "", `${prefix}-${String(index % 150)}`, at),
      );
    // Each voter votes twice at once, on one server or on both.
    const results = await Promise.all([...cast(a, "a"), ...cast(b, "b"), ...cast(a, "both"), ...cast(b, "both")]);
    expect(results.filter((result) => result.counted)).toHaveLength(450);
    expect(await a.counts()).toEqual(
      new Map([
        ["demo-1", 10 + 225],
        ["demo-2", 20 + 225],
      ]),
    );
  });

  it("tells a store the votes another store on the same database counted for its edition, and not another edition's", async () => {
    const database = await fresh();
    const [a, b, otherEdition, otherWitness] = await Promise.all([
      database.open("edition-a"),
      database.open("edition-a"),
      database.open("edition-b"),
      database.open("edition-b"),
    ]);
    await a.seed(seeds);
    await otherEdition.seed(seeds);
    const heardByB = counting();
    b.onCountsChanged(heardByB.listener);
    const heardByWitness = counting();
    otherWitness.onCountsChanged(heardByWitness.listener);

    // Another edition's vote reaches the stores of that edition, and not B.
    await otherEdition.castVote("demo-1", "voter-a", at);
    await vi.waitFor(
      () => {
        expect(heardByWitness.calls.count).toBeGreaterThan(0);
      },
      { timeout: 2000 },
    );
    expect(heardByB.calls.count).toBe(0);

    await a.castVote("demo-1", "voter-a", at);
    await vi.waitFor(
      () => {
        expect(heardByB.calls.count).toBeGreaterThan(0);
      },
      { timeout: 2000 },
    );
    expect(heardByB.calls.count).toBe(1);
    expect((await b.counts()).get("demo-1")).toBe(11);
  });

  it("tells the other stores of its edition when it voids votes", async () => {
    const database = await fresh();
    const [a, b] = await Promise.all([database.open(), database.open()]);
    await a.seed(seeds);
    await a.castVote("demo-1", "voter-a", at);
    const heardByB = counting();
    // Listening from here: the vote's own announcement may still be on its way, so count what comes after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    b.onCountsChanged(heardByB.listener);
    expect(await a.voidVotes([{ demoId: "demo-1", voterId: "voter-a" }], "test", at)).toBe(1);
    await vi.waitFor(
      () => {
        expect(heardByB.calls.count).toBeGreaterThan(0);
      },
      { timeout: 2000 },
    );
    expect((await b.counts()).get("demo-1")).toBe(10);
  });

  it("listens again after its connection is cut, and counts the gap as a change", async () => {
    const database = await fresh();
    const [a, b] = await Promise.all([database.open(), database.open()]);
    await a.seed(seeds);
    const heard = counting();
    b.onCountsChanged(heard.listener);
    const schema = database.processArgs[2] ?? "";
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      // Both stores' listening connections, as a restart of the database or a network cut would end them.
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [listenerName(countsChannel(schema))],
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await vi.waitFor(
      () => {
        expect(heard.calls.count).toBe(1);
      },
      { timeout: 10_000 },
    );
    await a.castVote("demo-1", "voter-a", at);
    await vi.waitFor(
      () => {
        expect(heard.calls.count).toBe(2);
      },
      { timeout: 10_000 },
    );
  });
});
