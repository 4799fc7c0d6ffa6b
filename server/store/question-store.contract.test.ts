import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { engines, testEdition, type TestDatabase } from "../test-support/databases";
import { migrateTo } from "./migrations";
import { QuestionStateError, type NewQuestion, type QuestionChange, type QuestionStore } from "./question-store";

/**
 * The contract every question store keeps, run against each engine (PostgreSQL skipped, loudly, where it cannot be
 * reached: vote-store.contract.test.ts says so and fails under CI).
 */
const all = await engines();
const at = new Date("2025-04-16T15:00:00.000Z");
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
const origin = { addressHash: "address-hash-1", agentHash: "agent-hash-1" };

const asked = (overrides: Partial<NewQuestion> = {}): NewQuestion => ({
  sessionId: "slot-1",
  askerId: "asker-a",
  text: "What does it cost to run?",
  name: null,
  askedAt: at,
  status: "approved",
  ...overrides,
});

/** Waits for the store's coalesced notifications of this turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

for (const engine of all) {
  describe(`The ${engine.name} question store`, () => {
    const test = it.skipIf(engine.unavailable !== null);

    let database: TestDatabase | undefined;
    const open = async (edition?: string) => {
      database ??= await engine.create();
      return (await database.open(edition)).questions;
    };
    afterEach(async () => {
      await database?.dispose();
      database = undefined;
    });

    /** A question of `questions`, asked with `overrides`: its id. */
    const ask = async (questions: QuestionStore, overrides: Partial<NewQuestion> = {}) =>
      (await questions.ask(asked(overrides))).question.id;

    test("stores a question as given, and reads it back by id and by session", async () => {
      const questions = await open();
      const result = await questions.ask(asked({ name: "Ada", status: "pending" }));
      expect(result.created).toBe(true);
      expect(result.question).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        sessionId: "slot-1",
        text: "What does it cost to run?",
        name: "Ada",
        askerId: "asker-a",
        askedAt: at.toISOString(),
        status: "pending",
        upvotes: 0,
        onAir: false,
        hideReason: null,
      });
      expect(await questions.question(result.question.id)).toEqual(result.question);
      expect(await questions.questions("slot-1")).toEqual([result.question]);
      expect(await questions.questions("slot-2")).toEqual([]);
      expect(await questions.question("no-such-question")).toBeNull();
    });

    test("lists a session's questions oldest first, and every session's without one", async () => {
      const questions = await open();
      const second = await ask(questions, { askedAt: later(20), text: "Second" });
      const first = await ask(questions, { askedAt: later(10), text: "First" });
      const elsewhere = await ask(questions, { askedAt: later(5), sessionId: "slot-2" });
      const third = await ask(questions, { askedAt: later(30), status: "pending" });
      expect((await questions.questions("slot-1")).map((question) => question.id)).toEqual([first, second, third]);
      expect((await questions.questions()).map((question) => question.id)).toEqual([elsewhere, first, second, third]);
    });

    test("makes one question of one asker's idempotency key, sent again or at once, and another asker's key is theirs", async () => {
      const questions = await open();
      const first = await questions.ask(asked({ idempotencyKey: "key-1" }));
      const again = await questions.ask(asked({ idempotencyKey: "key-1", text: "Something else", askedAt: later(5) }));
      expect(first.created).toBe(true);
      expect(again).toEqual({ question: first.question, created: false });

      const racing = await Promise.all(
        Array.from({ length: 20 }, () => questions.ask(asked({ idempotencyKey: "key-2" }))),
      );
      expect(racing.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(racing.map((result) => result.question.id)).size).toBe(1);

      const theirs = await questions.ask(asked({ idempotencyKey: "key-1", askerId: "asker-b" }));
      expect(theirs.created).toBe(true);
      expect(theirs.question.id).not.toBe(first.question.id);
      // Without a key, each ask is a question.
      const plain = await Promise.all([questions.ask(asked()), questions.ask(asked())]);
      expect(plain.every((result) => result.created)).toBe(true);
      expect(await questions.questions("slot-1")).toHaveLength(5);
    });

    test("counts one upvote per voter, withdrawable, and marks what each voter upvoted", async () => {
      const questions = await open();
      const id = await ask(questions);
      const other = await ask(questions, { askedAt: later(1) });
      const elsewhere = await ask(questions, { sessionId: "slot-2" });
      expect(await questions.upvote(id, "voter-a", at)).toEqual({ upvotes: 1, changed: true });
      expect(await questions.upvote(id, "voter-a", later(1))).toEqual({ upvotes: 1, changed: false });
      expect(await questions.upvote(id, "voter-b", at, origin)).toEqual({ upvotes: 2, changed: true });
      expect(await questions.upvote(other, "voter-a", at)).toEqual({ upvotes: 1, changed: true });
      expect(await questions.upvote(elsewhere, "voter-a", at)).toEqual({ upvotes: 1, changed: true });
      expect(await questions.upvotedBy("voter-a", "slot-1")).toEqual(new Set([id, other]));
      expect(await questions.upvotedBy("voter-b", "slot-1")).toEqual(new Set([id]));
      expect(await questions.upvotedBy("voter-c", "slot-1")).toEqual(new Set());

      expect(await questions.withdrawUpvote(id, "voter-a")).toEqual({ upvotes: 1, changed: true });
      expect(await questions.withdrawUpvote(id, "voter-a")).toEqual({ upvotes: 1, changed: false });
      expect(await questions.withdrawUpvote(id, "voter-z")).toEqual({ upvotes: 1, changed: false });
      expect(await questions.upvotedBy("voter-a", "slot-1")).toEqual(new Set([other]));
      expect((await questions.question(id))?.upvotes).toBe(1);
      // Withdrawn, an upvote can be given again.
      expect(await questions.upvote(id, "voter-a", later(2))).toEqual({ upvotes: 2, changed: true });
    });

    test("counts one upvote of a voter upvoting many times at once, and every voter's of many at once", async () => {
      const questions = await open();
      const id = await ask(questions);
      const same = await Promise.all(Array.from({ length: 30 }, () => questions.upvote(id, "voter-x", at)));
      expect(same.filter((result) => result?.changed)).toHaveLength(1);
      const voters = Array.from({ length: 60 }, (_, index) => `voter-${String(index)}`);
      const distinct = await Promise.all(voters.map((voter) => questions.upvote(id, voter, at)));
      expect(distinct.filter((result) => result?.changed)).toHaveLength(60);
      // Each changing call answered a count after its own upvote (upvotes written together answer the batch's).
      for (const result of distinct) expect(result?.upvotes).toBeGreaterThanOrEqual(2);
      expect(Math.max(...distinct.map((result) => result?.upvotes ?? 0))).toBe(61);
      expect((await questions.question(id))?.upvotes).toBe(61);
      const withdrawn = await Promise.all(voters.map((voter) => questions.withdrawUpvote(id, voter)));
      expect(withdrawn.filter((result) => result?.changed)).toHaveLength(60);
      expect((await questions.question(id))?.upvotes).toBe(1);
    });

    test("refuses upvotes for a question nobody can see: pending, hidden or unknown", async () => {
      const questions = await open();
      const pending = await ask(questions, { status: "pending" });
      const hidden = await ask(questions);
      await questions.upvote(hidden, "voter-a", at);
      await questions.moderate(hidden, "hide", at, "spam");
      expect(await questions.upvote(pending, "voter-a", at)).toBeNull();
      expect(await questions.upvote(hidden, "voter-b", at)).toBeNull();
      expect(await questions.upvote("no-such-question", "voter-a", at)).toBeNull();
      expect(await questions.withdrawUpvote(pending, "voter-a")).toBeNull();
      expect(await questions.withdrawUpvote(hidden, "voter-a")).toBeNull();
      expect(await questions.withdrawUpvote("no-such-question", "voter-a")).toBeNull();
      expect((await questions.question(pending))?.upvotes).toBe(0);
      expect((await questions.question(hidden))?.upvotes).toBe(1);
      // An answered question is public: it takes upvotes.
      const answered = await ask(questions);
      await questions.moderate(answered, "answer", at);
      expect(await questions.upvote(answered, "voter-a", at)).toEqual({ upvotes: 1, changed: true });
    });

    test("approves a pending question once", async () => {
      const questions = await open();
      const id = await ask(questions, { status: "pending" });
      const [approved, ...rest] = (await questions.moderate(id, "approve", later(60))) ?? [];
      expect(rest).toEqual([]);
      expect(approved).toMatchObject({ id, status: "approved", onAir: false });
      expect(await questions.moderate(id, "approve", later(61))).toEqual([]);
      expect(await questions.moderate("no-such-question", "approve", at)).toBeNull();
    });

    test("pins one question per session on air: a pin takes the other off, approves a pending one; unpin takes it off", async () => {
      const questions = await open();
      const first = await ask(questions);
      const second = await ask(questions, { status: "pending", askedAt: later(1) });
      const elsewhere = await ask(questions, { sessionId: "slot-2" });
      await questions.moderate(elsewhere, "pin", at);

      expect(await questions.moderate(first, "pin", at)).toEqual([
        expect.objectContaining({ id: first, onAir: true, status: "approved" }),
      ]);
      expect(await questions.moderate(first, "pin", at)).toEqual([]);
      const pinned = await questions.moderate(second, "pin", later(2));
      expect(pinned).toEqual([
        expect.objectContaining({ id: second, onAir: true, status: "approved" }),
        expect.objectContaining({ id: first, onAir: false, status: "approved" }),
      ]);
      const onAir = async (sessionId: string) =>
        (await questions.questions(sessionId)).filter((question) => question.onAir).map((question) => question.id);
      expect(await onAir("slot-1")).toEqual([second]);
      // Another session's question stays on air.
      expect(await onAir("slot-2")).toEqual([elsewhere]);

      expect(await questions.moderate(second, "unpin", later(3))).toEqual([
        expect.objectContaining({ id: second, onAir: false, status: "approved" }),
      ]);
      expect(await questions.moderate(second, "unpin", later(3))).toEqual([]);
      expect(await onAir("slot-1")).toEqual([]);
    });

    test("keeps one question on air when pins of one session race", async () => {
      const questions = await open();
      const ids = await Promise.all(Array.from({ length: 8 }, (_, index) => ask(questions, { askedAt: later(index) })));
      const results = await Promise.all(ids.map((id) => questions.moderate(id, "pin", at)));
      expect(results.every((result) => Array.isArray(result) && result.length > 0)).toBe(true);
      expect((await questions.questions("slot-1")).filter((question) => question.onAir)).toHaveLength(1);
    });

    test("answering and hiding take a question off air; hidden is final, with its reason", async () => {
      const questions = await open();
      const answered = await ask(questions);
      await questions.moderate(answered, "pin", at);
      expect(await questions.moderate(answered, "answer", later(1))).toEqual([
        expect.objectContaining({ id: answered, status: "answered", onAir: false }),
      ]);
      expect(await questions.moderate(answered, "answer", later(2))).toEqual([]);
      // A pending question can be answered straight away.
      const pending = await ask(questions, { status: "pending" });
      expect(await questions.moderate(pending, "answer", at)).toEqual([
        expect.objectContaining({ id: pending, status: "answered" }),
      ]);
      // An answered question may go back on air, and stays answered.
      expect(await questions.moderate(answered, "pin", later(3))).toEqual([
        expect.objectContaining({ id: answered, status: "answered", onAir: true }),
      ]);

      const hidden = await ask(questions);
      await questions.moderate(hidden, "pin", later(4));
      expect(await questions.moderate(hidden, "hide", later(5), "Off topic")).toEqual([
        expect.objectContaining({ id: hidden, status: "hidden", onAir: false, hideReason: "Off topic" }),
      ]);
      expect(await questions.moderate(hidden, "hide", later(6), "Again")).toEqual([]);
      expect(await questions.moderate(hidden, "unpin", later(6))).toEqual([]);
      for (const action of ["approve", "pin", "answer"] as const) {
        await expect(questions.moderate(hidden, action, later(7))).rejects.toBeInstanceOf(QuestionStateError);
      }
      expect(await questions.question(hidden)).toMatchObject({
        status: "hidden",
        onAir: false,
        hideReason: "Off topic",
      });
      // A pending question can be hidden before anyone saw it.
      const spam = await ask(questions, { status: "pending" });
      expect(await questions.moderate(spam, "hide", at)).toEqual([
        expect.objectContaining({ id: spam, status: "hidden", hideReason: null }),
      ]);
    });

    test("keeps editions apart: questions, upvotes and moderation", async () => {
      const first = await open("edition-a");
      const next = await open("edition-b");
      const id = await ask(first);
      expect(await next.question(id)).toBeNull();
      expect(await next.questions("slot-1")).toEqual([]);
      expect(await next.questions()).toEqual([]);
      expect(await next.upvote(id, "voter-a", at)).toBeNull();
      expect(await next.moderate(id, "hide", at)).toBeNull();
      // One asker's idempotency key is theirs per edition.
      const keyed = await first.ask(asked({ idempotencyKey: "key-1" }));
      expect((await next.ask(asked({ idempotencyKey: "key-1" }))).question.id).not.toBe(keyed.question.id);
      expect(await first.upvote(id, "voter-a", at)).toEqual({ upvotes: 1, changed: true });
      expect(await next.upvotedBy("voter-a", "slot-1")).toEqual(new Set());
    });

    test("keeps where a question and an upvote came from as keyed hashes only", async () => {
      const questions = await open();
      const id = await ask(questions, { origin });
      const bare = await ask(questions, { askedAt: later(1) });
      await questions.upvote(id, "voter-a", at, origin);
      await questions.upvote(id, "voter-b", at);
      const db = await database!.kysely();
      try {
        const rows = await db
          .selectFrom("questions_by_edition")
          .select(["id", "address_hash", "agent_hash"])
          .orderBy("asked_at")
          .execute();
        expect(rows).toEqual([
          { id, address_hash: origin.addressHash, agent_hash: origin.agentHash },
          { id: bare, address_hash: null, agent_hash: null },
        ]);
        const upvotes = await db
          .selectFrom("question_upvotes_by_edition")
          .select(["voter_id", "address_hash", "agent_hash"])
          .orderBy("voter_id")
          .execute();
        expect(upvotes).toEqual([
          { voter_id: "voter-a", address_hash: origin.addressHash, agent_hash: origin.agentHash },
          { voter_id: "voter-b", address_hash: null, agent_hash: null },
        ]);
        // No column could hold an address: the tables' columns are the ones named here.
        const { rows: question } = await sql<Record<string, unknown>>`select * from questions_by_edition`.execute(db);
        expect(Object.keys(question[0] ?? {}).sort()).toEqual(
          [
            "address_hash",
            "agent_hash",
            "asked_at",
            "asker_id",
            "edition",
            "hide_reason",
            "id",
            "idempotency_key",
            "moderated_at",
            "name",
            "on_air",
            "session_id",
            "status",
            "text",
            "upvotes",
          ].sort(),
        );
      } finally {
        await db.destroy();
      }
    });

    test("tells its listeners which questions changed, coalesced per turn, and not for what changed nothing", async () => {
      const questions = await open();
      const heard: QuestionChange[][] = [];
      const stop = questions.onQuestionsChanged((changes) => heard.push(changes));
      const one = await ask(questions);
      await nextTurn();
      expect(heard).toEqual([[{ sessionId: "slot-1", questionIds: [one] }]]);

      heard.length = 0;
      const [two, three] = await Promise.all([
        ask(questions, { askedAt: later(1) }),
        ask(questions, { sessionId: "slot-2" }),
        questions.upvote(one, "voter-a", at),
        questions.upvote(one, "voter-b", at),
      ]);
      await nextTurn();
      // PostgreSQL may answer the four in different turns; each change is told, none twice within a call.
      const told = heard.flat();
      expect(heard.length).toBeGreaterThanOrEqual(1);
      expect(heard.length).toBeLessThanOrEqual(4);
      for (const changes of heard) {
        expect(new Set(changes.map((change) => change.sessionId)).size).toBe(changes.length);
      }
      expect(
        new Set(told.filter((change) => change.sessionId === "slot-1").flatMap((change) => change.questionIds)),
      ).toEqual(new Set([one, two]));
      expect(told.filter((change) => change.sessionId === "slot-2").flatMap((change) => change.questionIds)).toEqual([
        three,
      ]);

      heard.length = 0;
      // Nothing changed: a repeated upvote, a repeated key, a refused upvote, an action that changes nothing.
      await questions.upvote(one, "voter-a", at);
      await questions.ask(asked({ idempotencyKey: "k" }));
      await nextTurn();
      heard.length = 0;
      await questions.ask(asked({ idempotencyKey: "k" }));
      await questions.withdrawUpvote(one, "voter-z");
      await questions.moderate(one, "approve", at);
      await questions.upvote("no-such-question", "voter-a", at);
      await nextTurn();
      expect(heard).toEqual([]);

      // A pin that takes another off air tells both, in one change of the session.
      await questions.moderate(one, "pin", at);
      await nextTurn();
      heard.length = 0;
      await questions.moderate(two, "pin", at);
      await nextTurn();
      expect(heard).toHaveLength(1);
      expect(heard[0]).toHaveLength(1);
      expect(new Set(heard[0]?.[0]?.questionIds)).toEqual(new Set([one, two]));

      stop();
      heard.length = 0;
      await questions.withdrawUpvote(one, "voter-a");
      await nextTurn();
      expect(heard).toEqual([]);
    });

    test("migrates a database of migration 003 without losing a vote, and takes questions after", async () => {
      const database = await engine.create();
      try {
        const db = await database.kysely();
        await migrateTo(db, testEdition, "003-vote-origin-and-voids");
        await db
          .insertInto("vote_counts_by_edition")
          .values([
            { edition: testEdition, demo_id: "demo-1", votes: 12 },
            { edition: "edition-old", demo_id: "demo-1", votes: 3 },
          ])
          .execute();
        await db
          .insertInto("votes_by_edition")
          .values([
            { edition: testEdition, demo_id: "demo-1", voter_id: "voter-a", voted_at: at.toISOString() },
            {
              edition: testEdition,
              demo_id: "demo-1",
              voter_id: "voter-b",
              voted_at: at.toISOString(),
              address_hash: "h",
              agent_hash: "g",
              voided_at: later(5).toISOString(),
              void_reason: "test",
            },
            { edition: "edition-old", demo_id: "demo-1", voter_id: "voter-a", voted_at: at.toISOString() },
          ])
          .execute();
        await db.destroy();

        const store = await database.open();
        expect(await store.counts()).toEqual(new Map([["demo-1", 12]]));
        expect(await store.votes()).toEqual([
          {
            demoId: "demo-1",
            voterId: "voter-a",
            votedAt: at.toISOString(),
            addressHash: null,
            agentHash: null,
            voidedAt: null,
            voidReason: null,
          },
          {
            demoId: "demo-1",
            voterId: "voter-b",
            votedAt: at.toISOString(),
            addressHash: "h",
            agentHash: "g",
            voidedAt: later(5).toISOString(),
            voidReason: "test",
          },
        ]);
        expect((await (await database.open("edition-old")).votes()).map((vote) => vote.voterId)).toEqual(["voter-a"]);
        expect(await store.questions.questions()).toEqual([]);
        const id = (await store.questions.ask(asked())).question.id;
        expect(await store.questions.upvote(id, "voter-a", at)).toEqual({ upvotes: 1, changed: true });
      } finally {
        await database.dispose();
      }
    });
  });
}
