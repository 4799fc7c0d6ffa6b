import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { engines, testDatabaseUrl, type TestDatabase } from "../test-support/databases";
import {
  ChangesChannel,
  countsChannel,
  listenerName,
  maxPayloadBytes,
  questionPayloads,
  readQuestionPayload,
} from "./postgres-counts-channel";
import type { NewQuestion, QuestionChange } from "./question-store";

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
const question = (sessionId: string): NewQuestion => ({
  sessionId,
  askerId: "asker-a",
  text: "How does it scale?",
  name: null,
  askedAt: at,
  status: "approved",
});
/** The ids each session was told of, across calls; a session told without ids (re-read it whole) maps to "all". */
const told = (heard: QuestionChange[][]) => {
  const sessions = new Map<string, Set<string> | "all">();
  for (const { sessionId, questionIds } of heard.flat()) {
    const known = sessions.get(sessionId);
    if (questionIds.length === 0 || known === "all") sessions.set(sessionId, "all");
    else sessions.set(sessionId, new Set([...(known ?? []), ...questionIds]));
  }
  return sessions;
};

describe("The questions' notifications between servers", () => {
  it("fit in one payload with their ids, and read back as the changes of their edition only", () => {
    const pending = new Map<string, Set<string> | null>([
      ["slot-1", new Set(["q-1", "q-2"])],
      ["slot-2", null],
    ]);
    const [payload, ...more] = questionPayloads("edition-a", pending);
    expect(more).toEqual([]);
    expect(readQuestionPayload(payload ?? "", "edition-a")).toEqual([
      { sessionId: "slot-1", questionIds: ["q-1", "q-2"] },
      { sessionId: "slot-2", questionIds: [] },
    ]);
    expect(readQuestionPayload(payload ?? "", "edition-b")).toBeNull();
    for (const other of ["edition-a", "", "{", "[]", "null", '{"edition":"edition-a","questions":3}']) {
      expect(readQuestionPayload(other, "edition-a"), other).toBeNull();
    }
  });

  it("leave the ids out when they would not fit, and spread sessions over payloads when even those would not", () => {
    const ids = new Set(
      Array.from({ length: 400 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`),
    );
    const [payload, ...more] = questionPayloads("edition-a", new Map([["slot-1", ids]]));
    expect(more).toEqual([]);
    expect(readQuestionPayload(payload ?? "", "edition-a")).toEqual([{ sessionId: "slot-1", questionIds: [] }]);

    const sessions = new Map(
      Array.from({ length: 300 }, (_, index) => [`session-slot-${String(index)}-of-the-day`, ids]),
    );
    const payloads = questionPayloads("edition-a", sessions);
    expect(payloads.length).toBeGreaterThan(1);
    for (const each of payloads) expect(Buffer.byteLength(each)).toBeLessThanOrEqual(maxPayloadBytes);
    const read = payloads.flatMap((each) => readQuestionPayload(each, "edition-a") ?? []);
    expect(read.map((change) => change.sessionId)).toEqual([...sessions.keys()]);
    expect(read.every((change) => change.questionIds.length === 0)).toBe(true);
  });
});

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

  it("reads the catalogue of its own schema alone when it migrates: another schema's tables, or their drop, are not read", async () => {
    if (!postgres) throw new Error("unreachable");
    const other = await postgres.create();
    try {
      await (await other.open()).seed(seeds);
      const mine = await fresh();
      // The Kysely the migrations run on, on a schema with nothing in it yet.
      const db = await mine.kysely();
      try {
        expect(await db.introspection.getTables()).toEqual([]);
        const schemas = await db.introspection.getSchemas();
        expect(schemas).toHaveLength(1);
        await (await mine.open()).seed(seeds);
        const tables = (await db.introspection.getTables()).map((table) => table.name);
        expect(tables).toEqual(expect.arrayContaining(["vote_counts_by_edition", "questions_by_edition"]));
        expect(new Set((await db.introspection.getTables()).map((table) => table.schema))).toEqual(
          new Set(schemas.map((schema) => schema.name)),
        );
      } finally {
        await db.destroy();
      }
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
    // The vote's own announcement reaches b first; count only what comes after it.
    const heardTheVote = counting();
    const stopHearingTheVote = b.onCountsChanged(heardTheVote.listener);
    await vi.waitFor(() => {
      expect(heardTheVote.calls.count).toBeGreaterThan(0);
    }, 5000);
    stopHearingTheVote();
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

  it("tells a store the questions another store on the same schema changed, its edition's only, on the one connection", async () => {
    const database = await fresh();
    const [a, b, otherEdition] = await Promise.all([
      database.open("edition-a"),
      database.open("edition-a"),
      database.open("edition-b"),
    ]);
    const heard: QuestionChange[][] = [];
    b.questions.onQuestionsChanged((changes) => heard.push(changes));
    const votesHeard = counting();
    b.onCountsChanged(votesHeard.listener);

    await otherEdition.questions.ask(question("slot-1"));
    const { question: first } = await a.questions.ask(question("slot-1"));
    const { question: second } = await a.questions.ask(question("slot-1"));
    await vi.waitFor(
      () => {
        expect(told(heard)).toEqual(new Map([["slot-1", new Set([first.id, second.id])]]));
      },
      { timeout: 2000 },
    );
    heard.length = 0;
    await a.questions.upvote(first.id, "voter-a", at);
    await a.questions.moderate(second.id, "pin", at);
    await a.questions.moderate(first.id, "pin", at);
    const { question: elsewhere } = await a.questions.ask(question("slot-2"));
    await vi.waitFor(
      () => {
        expect(told(heard)).toEqual(
          new Map([
            ["slot-1", new Set([first.id, second.id])],
            ["slot-2", new Set([elsewhere.id])],
          ]),
        );
      },
      { timeout: 2000 },
    );
    expect(await b.questions.question(second.id)).toMatchObject({ onAir: false });
    expect(await b.questions.question(first.id)).toMatchObject({ onAir: true, upvotes: 1 });

    // The votes' counts go on the same connection, and still arrive.
    await a.seed(seeds);
    await a.castVote("demo-1", "voter-a", at);
    await vi.waitFor(
      () => {
        expect(votesHeard.calls.count).toBeGreaterThan(0);
      },
      { timeout: 2000 },
    );
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query("select 1 from pg_stat_activity where application_name = $1", [
        listenerName(countsChannel(database.processArgs[2] ?? "")),
      ]);
      expect(rowCount).toBe(3);
    } finally {
      await admin.end();
    }
  });

  it("tells a store the session without ids when another server changed more questions than a notification holds", async () => {
    const database = await fresh();
    const b = await database.open();
    const heard: QuestionChange[][] = [];
    b.questions.onQuestionsChanged((changes) => heard.push(changes));
    const schema = database.processArgs[2] ?? "";
    const config = { connectionString: testDatabaseUrl, options: `-c search_path=${schema}` };
    const pool = new pg.Pool(config);
    const sender = new ChangesChannel(config, pool, countsChannel(schema), "edition-a", 5000, {
      counts: () => undefined,
      questions: () => undefined,
      show: () => undefined,
      missed: () => undefined,
    });
    try {
      const ids = Array.from({ length: 300 }, (_, index) => `question-${String(index).padStart(30, "0")}`);
      sender.announceQuestions([
        { sessionId: "slot-1", questionIds: ids },
        { sessionId: "slot-2", questionIds: ["question-x"] },
      ]);
      await vi.waitFor(
        () => {
          expect(told(heard)).toEqual(
            new Map([
              ["slot-1", "all"],
              ["slot-2", "all"],
            ]),
          );
        },
        { timeout: 2000 },
      );
    } finally {
      await sender.close();
      await pool.end();
    }
  });

  it("re-reads every session with questions after its listening connection was cut", async () => {
    const database = await fresh();
    const [a, b] = await Promise.all([database.open(), database.open()]);
    await a.questions.ask(question("slot-1"));
    await a.questions.ask(question("slot-2"));
    // Listening from here: the asks' own announcements may still be on their way (sent at most every 200 ms), and
    // no listener of b can see them arrive before b listens: the one wait left that no condition can replace.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const heard: QuestionChange[][] = [];
    b.questions.onQuestionsChanged((changes) => heard.push(changes));
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
        listenerName(countsChannel(database.processArgs[2] ?? "")),
      ]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(
      () => {
        expect(told(heard)).toEqual(
          new Map([
            ["slot-1", "all"],
            ["slot-2", "all"],
          ]),
        );
      },
      { timeout: 10_000 },
    );
  });

  it("upvotes that arrive together go in one statement: repeats count once, a question nobody sees is null alone", async () => {
    const store = await (await fresh()).open();
    const { question: open } = await store.questions.ask(question("slot-1"));
    const { question: pending } = await store.questions.ask({ ...question("slot-1"), status: "pending" });
    const results = await Promise.all([
      store.questions.upvote(open.id, "voter-a", at),
      store.questions.upvote(pending.id, "voter-a", at),
      store.questions.upvote("no-such-question", "voter-a", at),
      store.questions.upvote(open.id, "voter-a", at),
      store.questions.upvote(open.id, "voter-b", at),
    ]);
    expect(results).toEqual([
      { upvotes: 2, changed: true },
      null,
      null,
      { upvotes: 2, changed: false },
      { upvotes: 2, changed: true },
    ]);
    expect(await store.questions.question(open.id)).toMatchObject({ upvotes: 2 });
  });

  it("counts every upvote when two servers upvote the same questions at once, and each voter once", async () => {
    const database = await fresh();
    const [a, b] = await Promise.all([database.open(), database.open()]);
    const ids = await Promise.all([0, 1].map(async () => (await a.questions.ask(question("slot-1"))).question.id));
    const upvote = (store: typeof a, prefix: string) =>
      Array.from({ length: 200 }, (_, index) =>
        store.questions.upvote(ids[index % 2] ?? "", `${prefix}-${String(index % 100)}`, at),
      );
    // Each voter upvotes twice at once, on one server or on both.
    const results = await Promise.all([
      ...upvote(a, "a"),
      ...upvote(b, "b"),
      ...upvote(a, "both"),
      ...upvote(b, "both"),
    ]);
    expect(results.filter((result) => result?.changed)).toHaveLength(300);
    expect((await a.questions.questions()).map((stored) => stored.upvotes)).toEqual([150, 150]);
  });
});
