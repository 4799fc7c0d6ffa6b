import { afterEach, describe, expect, it } from "vitest";
import { idleStage, type Announcement } from "../../common/show-contract";
import { engines, type TestDatabase } from "../test-support/databases";
import type { NewQuestion, SessionStage } from "./question-store";
import { minuteOf, viewerReportMaxAgeMs } from "./show-store";

/**
 * The contract every show store keeps (issue 44), run against each engine (PostgreSQL skipped, loudly, where it
 * cannot be reached: vote-store.contract.test.ts says so and fails under CI).
 */
const all = await engines();
const at = new Date("2025-04-16T15:00:20.000Z");
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

const announcement: Announcement = {
  id: "announcement-1",
  text: "Doors close at <b>six</b>",
  link: "https://example.org/doors",
  level: "urgent",
  until: "2025-04-16T16:00:00.000Z",
};

const asked = (sessionId: string): NewQuestion => ({
  sessionId,
  askerId: "asker-a",
  text: "And then?",
  name: null,
  askedAt: at,
  status: "approved",
});

/** Two stages: room-a with two sessions, room-b with one. */
const stageOf = (sessionId: string): SessionStage | undefined =>
  ({
    "slot-1": { stage: "room-a", sessions: ["slot-1", "slot-2"] },
    "slot-2": { stage: "room-a", sessions: ["slot-1", "slot-2"] },
    "slot-3": { stage: "room-b", sessions: ["slot-3"] },
  })[sessionId];

/** Waits for the store's coalesced notifications of this turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

for (const engine of all) {
  describe(`The ${engine.name} show store`, () => {
    const test = it.skipIf(engine.unavailable !== null);

    let database: TestDatabase | undefined;
    const open = async (edition?: string) => {
      database ??= await engine.create();
      return database.open(edition);
    };
    afterEach(async () => {
      await database?.dispose();
      database = undefined;
    });

    test("keeps nothing for an untouched edition", async () => {
      const { show } = await open();
      expect(await show.show()).toEqual({ stages: new Map(), announcement: null });
    });

    test("changes the fields a change gives, keeping the others, per stage", async () => {
      const { show } = await open();
      await show.changeStage("room-a", { delayMinutes: 10, delayFrom: "slot-2" });
      await show.changeStage("room-a", { stream: "slate" });
      await show.changeStage("room-b", { onStage: "slot-3" });
      expect((await show.show()).stages).toEqual(
        new Map([
          ["room-a", { ...idleStage, delayMinutes: 10, delayFrom: "slot-2", stream: "slate" }],
          ["room-b", { ...idleStage, onStage: "slot-3" }],
        ]),
      );
      await show.changeStage("room-a", { delayMinutes: 0, delayFrom: null });
      await show.changeStage("room-b", { onStage: null });
      expect((await show.show()).stages).toEqual(
        new Map([
          ["room-a", { ...idleStage, stream: "slate" }],
          ["room-b", idleStage],
        ]),
      );
    });

    test("keeps one announcement: a new one replaces it, and clearing takes it down", async () => {
      const { show } = await open();
      await show.announce(announcement);
      expect((await show.show()).announcement).toEqual(announcement);
      const next: Announcement = { id: "announcement-2", text: "Lunch", link: null, level: "info", until: null };
      await show.announce(next);
      expect((await show.show()).announcement).toEqual(next);
      await show.announce(null);
      expect((await show.show()).announcement).toBeNull();
    });

    test("keeps each edition's show apart", async () => {
      const a = await open();
      const b = await open("edition-b");
      await a.show.changeStage("main", { stream: "backup" });
      await a.show.announce(announcement);
      expect(await b.show.show()).toEqual({ stages: new Map(), announcement: null });
    });

    test("keeps the show over a restart", async () => {
      const first = await open();
      await first.show.changeStage("room-a", { delayMinutes: -5, delayFrom: "slot-1", stream: "backup" });
      await first.show.announce(announcement);
      await first.close();
      const again = await open();
      expect(await again.show.show()).toEqual({
        stages: new Map([["room-a", { ...idleStage, delayMinutes: -5, delayFrom: "slot-1", stream: "backup" }]]),
        announcement,
      });
    });

    test("tells its listeners of each change, once a turn, and no more once they stop", async () => {
      const { show } = await open();
      let heard = 0;
      const stop = show.onShowChanged(() => heard++);
      await show.changeStage("main", { stream: "slate" });
      await nextTurn();
      expect(heard).toBe(1);
      stop();
      await show.announce(null);
      await nextTurn();
      expect(heard).toBe(1);
    });

    test("sums the servers' viewers now, and drops a server that stopped reporting", async () => {
      const one = await open();
      const two = await open();
      await one.show.reportViewers(
        new Map([
          ["room-a", 3],
          ["room-b", 0],
        ]),
        at,
      );
      await two.show.reportViewers(new Map([["room-a", 2]]), later(5));
      expect((await one.show.viewers(later(6))).now).toEqual(
        new Map([
          ["room-a", 5],
          ["room-b", 0],
        ]),
      );
      // A server's latest report counts, not its earlier ones.
      await one.show.reportViewers(new Map([["room-a", 1]]), later(10));
      expect((await two.show.viewers(later(11))).now.get("room-a")).toBe(3);
      // The first server stopped: past the age a report counts for, only the second's counts.
      await two.show.reportViewers(new Map([["room-a", 2]]), later(10 + viewerReportMaxAgeMs / 1000));
      expect((await two.show.viewers(later(11 + viewerReportMaxAgeMs / 1000))).now.get("room-a")).toBe(2);
    });

    test("keeps one point a minute, the most each server saw in it summed, oldest first, over the last day", async () => {
      const one = await open();
      const two = await open();
      // The minute of `at`: the first server saw 4 at most, the second 2.
      await one.show.reportViewers(new Map([["main", 4]]), at);
      await one.show.reportViewers(new Map([["main", 1]]), later(10));
      await two.show.reportViewers(new Map([["main", 2]]), later(20));
      // The next minute, and one a day later.
      await one.show.reportViewers(new Map([["main", 3]]), later(60));
      const dayLater = later(24 * 60 * 60);
      const { history } = await one.show.viewers(later(61));
      expect(history.get("main")).toEqual([
        [minuteOf(at), 6],
        [minuteOf(later(60)), 3],
      ]);
      await one.show.reportViewers(new Map([["main", 7]]), dayLater);
      // A day on, the first minute is out of the day; the second is still in it.
      expect((await two.show.viewers(dayLater)).history.get("main")).toEqual([
        [minuteOf(later(60)), 3],
        [minuteOf(dayLater), 7],
      ]);
    });

    test("a pin owns its stage's air: it takes the stage's other question off air and names its session", async () => {
      const store = await open();
      const { questions, show } = store;
      const first = (await questions.ask(asked("slot-1"))).question.id;
      const second = (await questions.ask(asked("slot-2"))).question.id;
      const elsewhere = (await questions.ask(asked("slot-3"))).question.id;
      let heard = 0;
      show.onShowChanged(() => heard++);
      expect(await questions.moderate(first, "pin", at, undefined, stageOf)).toHaveLength(1);
      expect(await questions.moderate(elsewhere, "pin", at, undefined, stageOf)).toHaveLength(1);
      await nextTurn();
      expect(heard).toBeGreaterThan(0);
      // Another session of the same stage: the first question leaves the air; the other stage's stays on it.
      const changed = await questions.moderate(second, "pin", at, undefined, stageOf);
      expect(changed?.map((question) => [question.id, question.onAir]).sort()).toEqual(
        [
          [first, false],
          [second, true],
        ].sort(),
      );
      expect((await questions.question(elsewhere))?.onAir).toBe(true);
      expect((await show.show()).stages.get("room-a")?.questionSession).toBe("slot-2");
      expect((await show.show()).stages.get("room-b")?.questionSession).toBe("slot-3");
      // Unpinning a question no longer on air leaves the stage's on-air session be, and tells nobody.
      await nextTurn();
      const before = heard;
      expect(await questions.moderate(first, "unpin", at, undefined, stageOf)).toEqual([]);
      expect((await show.show()).stages.get("room-a")?.questionSession).toBe("slot-2");
      await nextTurn();
      expect(heard).toBe(before);
      // Answering the one on air clears it; hiding the other stage's too.
      await questions.moderate(second, "answer", at, undefined, stageOf);
      await questions.moderate(elsewhere, "hide", at, "off topic", stageOf);
      const stages = (await show.show()).stages;
      expect(stages.get("room-a")).toEqual(idleStage);
      expect(stages.get("room-b")).toEqual(idleStage);
      await nextTurn();
      expect(heard).toBeGreaterThan(before);
    });

    test("a pin keeps the stage's other show as it was", async () => {
      const { questions, show } = await open();
      await show.changeStage("room-a", { delayMinutes: 10, delayFrom: "slot-1", onStage: "slot-1" });
      const id = (await questions.ask(asked("slot-2"))).question.id;
      await questions.moderate(id, "pin", at, undefined, stageOf);
      expect((await show.show()).stages.get("room-a")).toEqual({
        ...idleStage,
        delayMinutes: 10,
        delayFrom: "slot-1",
        onStage: "slot-1",
        questionSession: "slot-2",
      });
      await questions.moderate(id, "unpin", at, undefined, stageOf);
      expect((await show.show()).stages.get("room-a")?.questionSession).toBeNull();
    });
  });
}

const postgres = all.find((engine) => engine.name === "PostgreSQL");
describe.skipIf(!postgres || postgres.unavailable !== null)("The show across stores on one PostgreSQL", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("tells a listener on another store of a change and of a pin, and both read the same show", async () => {
    database = await postgres!.create();
    const one = await database.open();
    const two = await database.open();
    let heard = 0;
    let wake: () => void = () => undefined;
    two.show.onShowChanged(() => {
      heard++;
      wake();
    });
    const nextNotice = (count: number) =>
      new Promise<void>((resolve) => {
        wake = () => {
          if (heard >= count) resolve();
        };
        wake();
      });
    await one.show.changeStage("room-a", { delayMinutes: 10, delayFrom: "slot-1" });
    await nextNotice(1);
    expect((await two.show.show()).stages.get("room-a")).toMatchObject({ delayMinutes: 10, delayFrom: "slot-1" });
    await one.show.announce(announcement);
    await nextNotice(2);
    expect((await two.show.show()).announcement).toEqual(announcement);
    const id = (await one.questions.ask(asked("slot-1"))).question.id;
    await one.questions.moderate(id, "pin", at, undefined, stageOf);
    await nextNotice(3);
    expect((await two.show.show()).stages.get("room-a")?.questionSession).toBe("slot-1");
  });
});
