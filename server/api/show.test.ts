import { describe, expect, it } from "vitest";
import { edition, type Edition } from "../../content";
import {
  adminQuestionUrl,
  sessionQuestionEventsUrl,
  takesQuestions,
  type PublicQuestion,
} from "../../common/question-contract";
import {
  adminShowUrl,
  adminShowViewersUrl,
  stageViewersUrl,
  announcementLimits,
  delayLimits,
  idleStage,
  showEventsUrl,
  showUrl,
  stageOfSession,
  type ShowState,
  type ShowViewers,
} from "../../common/show-contract";
import type { AppOptions } from "../app";
import type { VoteStore } from "../store";
import { minuteOf } from "../store/show-store";
import { appHarness } from "../test-support/app-harness";
import { engines, type Engine } from "../test-support/databases";
import { openEventStream, type EventStream, type ServerEvent } from "../test-support/event-stream";
import { questionStreamsFullRetryAfterSeconds } from "./question-streams";
import { showStagesOf } from "./show";

// The show's API (issue 44) over real connections, on every engine: what the stage pages, the banner and the control
// room rely on. Values come from the edition the tests run on: its stages, their sessions, its questions' sessions.

const { start, cleanups } = appHarness();
const adminToken = "test-admin-token-0123456789abcdef0123456789";
const moderatorToken = "test-moderator-token-0123456789abcdef01234";

const stages = showStagesOf(edition);
const settings = edition.event.questions;
/** A stage with two sessions that take questions: the pin per stage needs them. */
const [stage, [session, otherSession]] = [...stages.keys()]
  .map((id): [string, string[]] => [
    id,
    edition.agenda
      .filter((slot) => stageOfSession(slot) === id && takesQuestions(slot.type, settings))
      .map((slot) => slot.id),
  ])
  .find(([, sessions]) => sessions.length >= 2) ?? ["", []];
if (!session || !otherSession) throw new Error("these tests need a stage with two sessions that take questions");
/** The edition with a backup stream for every stage, as stage.json may name them. */
const withBackup: Edition = {
  ...edition,
  stage: {
    ...edition.stage,
    backup: {
      stream: { provider: "hls", url: "https://stream.example.org/backup.m3u8" },
      rooms: Object.fromEntries(
        edition.rooms.map((room) => [room.id, { provider: "hls", url: "https://stream.example.org/backup.m3u8" }]),
      ),
    },
  },
};

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed read of an event's JSON
const data = <T>(event: ServerEvent) => JSON.parse(event.data) as T;
const named = (name: string) => (event: ServerEvent) => event.event === name;
const errorOf = (answer: Answer) => (answer.body as { error?: unknown }).error;

async function serve(store: VoteStore, options: Partial<AppOptions> = {}) {
  let at = new Date(edition.agenda.find((slot) => slot.id === session)?.start ?? "");
  const app = await start({ store, now: () => at, adminToken, moderatorToken, ...options });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://127.0.0.1:${String(port)}`;
  const streams: EventStream[] = [];
  cleanups.push(() => {
    for (const stream of streams) stream.close();
    return Promise.resolve();
  });
  const send = async (
    method: string,
    path: string,
    { json, body, token }: { json?: unknown; body?: string; token?: string | null } = {},
  ): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token === null ? {} : { authorization: `Bearer ${token ?? moderatorToken}` }),
      },
      body: json === undefined ? body : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    app,
    store,
    show: async () => {
      const answer = await send("GET", showUrl, { token: null });
      expect(answer.status).toBe(200);
      return answer.body as ShowState;
    },
    act: (json: unknown, token?: string | null) => send("POST", adminShowUrl, { json, token }),
    send,
    viewers: async () => {
      const answer = await send("GET", adminShowViewersUrl);
      expect(answer.status).toBe(200);
      return answer.body as ShowViewers;
    },
    stream: async (path: string) => {
      const stream = await openEventStream(port, path);
      streams.push(stream);
      return stream;
    },
    setNow: (instant: Date) => {
      at = instant;
    },
    now: () => at,
  };
}

/** The show with every stage idle but `changes`. */
const showWith = (changes: Record<string, Partial<typeof idleStage>> = {}, announcement: unknown = null) => ({
  stages: Object.fromEntries([...stages.keys()].map((id) => [id, { ...idleStage, ...changes[id] }])),
  announcement,
});

for (const engine of await engines()) {
  describe.skipIf(engine.unavailable !== null)(`The show over HTTP (${engine.name})`, { timeout: 60_000 }, () => {
    const fresh = async () => {
      const database = await engine.create();
      cleanups.push(() => database.dispose());
      return { database, store: await database.open() };
    };

    it("answers every stage of the edition idle, and no announcement, to anyone", async () => {
      const server = await serve((await fresh()).store);
      const answer = await server.send("GET", showUrl, { token: null });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-cache");
      expect(answer.body).toEqual(showWith());
      expect(Object.keys((answer.body as ShowState).stages)).toEqual([...stages.keys()]);
    });

    it("runs a stage late from a session, and on time again with 0 (delayFrom null)", async () => {
      const server = await serve((await fresh()).store);
      const late = await server.act({ action: "delay", stage, minutes: 10, from: otherSession });
      expect(late.status).toBe(200);
      expect(late.headers.get("cache-control")).toBe("no-store");
      expect(late.body).toEqual(showWith({ [stage]: { delayMinutes: 10, delayFrom: otherSession } }));
      expect(await server.show()).toEqual(late.body);
      const early = await server.act({ action: "delay", stage, minutes: delayLimits.min, from: session });
      expect((early.body as ShowState).stages[stage]).toMatchObject({
        delayMinutes: delayLimits.min,
        delayFrom: session,
      });
      const onTime = await server.act({ action: "delay", stage, minutes: 0, from: session });
      expect(onTime.body).toEqual(showWith());
    });

    it("puts a session on stage by hand and hands back to the clock; switches the stream", async () => {
      const server = await serve((await fresh()).store);
      expect((await server.act({ action: "on-stage", stage, session: otherSession })).body).toEqual(
        showWith({ [stage]: { onStage: otherSession } }),
      );
      expect((await server.act({ action: "stream", stage, source: "slate" }, adminToken)).body).toEqual(
        showWith({ [stage]: { onStage: otherSession, stream: "slate" } }),
      );
      expect((await server.act({ action: "on-stage", stage, session: null })).body).toEqual(
        showWith({ [stage]: { stream: "slate" } }),
      );
      expect((await server.act({ action: "stream", stage, source: "main" })).body).toEqual(showWith());
    });

    it("switches to the backup only where stage.json names one", async () => {
      const without = await serve((await fresh()).store, {
        edition: { ...edition, stage: { ...edition.stage, backup: undefined } },
      });
      const refused = await without.act({ action: "stream", stage, source: "backup" });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toEqual(expect.stringContaining(stage));
      const server = await serve((await fresh()).store, { edition: withBackup });
      expect((await server.act({ action: "stream", stage, source: "backup" })).body).toEqual(
        showWith({ [stage]: { stream: "backup" } }),
      );
    });

    it("puts up one announcement as text, replaces it with a new id, lets it expire, and clears it", async () => {
      const server = await serve((await fresh()).store);
      const text = `  <script>alert("x")</script>\n & <b>doors</b>  `;
      const first = await server.act({ action: "announce", text });
      expect(first.status).toBe(200);
      const announcement = (first.body as ShowState).announcement;
      expect(announcement).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        text: `<script>alert("x")</script> & <b>doors</b>`,
        link: null,
        level: "info",
        until: null,
      });
      expect((await server.show()).announcement).toEqual(announcement);
      const second = await server.act({
        action: "announce",
        text: "Running late",
        link: "https://example.org/late",
        level: "urgent",
        minutes: 30,
      });
      const replaced = (second.body as ShowState).announcement;
      expect(replaced).toEqual({
        id: expect.any(String) as unknown,
        text: "Running late",
        link: "https://example.org/late",
        level: "urgent",
        until: new Date(server.now().getTime() + 30 * 60_000).toISOString(),
      });
      expect(replaced?.id).not.toBe(announcement?.id);
      // Past its end it is gone, to a page that reads the show.
      server.setNow(new Date(server.now().getTime() + 31 * 60_000));
      await expect.poll(async () => (await server.show()).announcement).toBeNull();
      await server.act({ action: "announce", text: "Until cleared", minutes: null });
      expect((await server.show()).announcement?.text).toBe("Until cleared");
      expect((await server.act({ action: "clear-announcement" })).body).toEqual(showWith());
    });

    it("counts an announcement's text as a person does, and refuses it past the limit", async () => {
      const server = await serve((await fresh()).store);
      const coder = "👩‍💻";
      const full = coder.repeat(announcementLimits.text);
      expect(((await server.act({ action: "announce", text: full })).body as ShowState).announcement?.text).toBe(full);
      const over = await server.act({ action: "announce", text: `${full}a` });
      expect(over.status).toBe(400);
    });

    it("refuses a malformed action with 400 and a JSON message, changing nothing", async () => {
      const server = await serve((await fresh()).store);
      const malformed: unknown[] = [
        null,
        [],
        "delay",
        {},
        { action: "jump", stage },
        { action: "delay", stage, minutes: 1.5, from: session },
        { action: "delay", stage, minutes: delayLimits.min - 1, from: session },
        { action: "delay", stage, minutes: delayLimits.max + 1, from: session },
        { action: "delay", stage, minutes: "10", from: session },
        { action: "delay", minutes: 10, from: session },
        { action: "delay", stage, minutes: 10 },
        { action: "on-stage", stage },
        { action: "stream", stage, source: "hdmi" },
        { action: "announce" },
        { action: "announce", text: "   " },
        { action: "announce", text: 42 },
        { action: "announce", text: "a\u0000b" },
        { action: "announce", text: "Hi", link: "javascript:alert(1)" },
        { action: "announce", text: "Hi", link: "not a link" },
        { action: "announce", text: "Hi", level: "loud" },
        { action: "announce", text: "Hi", minutes: 0 },
        { action: "announce", text: "Hi", minutes: 2.5 },
        { action: "announce", text: "Hi", minutes: announcementLimits.minutes + 1 },
      ];
      for (const body of malformed) {
        const answer = await server.act(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(errorOf(answer), JSON.stringify(body)).toEqual(expect.any(String));
      }
      const notJson = await server.send("POST", adminShowUrl, { body: "{not json" });
      expect(notJson.status).toBe(400);
      expect(await server.show()).toEqual(showWith());
    });

    it("answers 404 with JSON for an unknown stage, or a session that is not of the stage", async () => {
      const server = await serve((await fresh()).store);
      for (const body of [
        { action: "delay", stage: "no-such-stage", minutes: 5, from: session },
        { action: "on-stage", stage: "no-such-stage", session: null },
        { action: "stream", stage: "no-such-stage", source: "slate" },
        { action: "delay", stage, minutes: 5, from: "no-such-session" },
        { action: "on-stage", stage, session: "no-such-session" },
      ]) {
        const answer = await server.act(body);
        expect(answer.status, JSON.stringify(body)).toBe(404);
        expect(errorOf(answer)).toEqual(expect.any(String));
      }
      const elsewhere = edition.agenda.find((slot) => stageOfSession(slot) !== stage);
      if (elsewhere) {
        expect((await server.act({ action: "on-stage", stage, session: elsewhere.id })).status).toBe(404);
      }
      expect(await server.show()).toEqual(showWith());
    });

    it("takes a moderator's or an organiser's token, 401 without or with a wrong one", async () => {
      const server = await serve((await fresh()).store);
      const body = { action: "stream", stage, source: "slate" };
      for (const token of [null, "wrong-token"]) {
        const refused = await server.act(body, token);
        expect(refused.status).toBe(401);
        expect(refused.headers.get("cache-control")).toBe("no-store");
        expect(errorOf(refused)).toEqual(expect.any(String));
        expect((await server.send("GET", adminShowViewersUrl, { token })).status).toBe(401);
      }
      expect(await server.show()).toEqual(showWith());
      expect((await server.act(body, adminToken)).status).toBe(200);
      expect((await server.act(body, moderatorToken)).status).toBe(200);
    });

    it("has no control routes without a token set, and the show all the same", async () => {
      const server = await serve((await fresh()).store, { adminToken: undefined, moderatorToken: undefined });
      expect((await server.act({ action: "clear-announcement" })).status).toBe(404);
      expect((await server.send("GET", adminShowViewersUrl)).status).toBe(404);
      expect(await server.show()).toEqual(showWith());
    });

    it("streams a snapshot, then the whole show on each change", async () => {
      const server = await serve((await fresh()).store);
      const stream = await server.stream(showEventsUrl());
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(data(await stream.next(named("snapshot")))).toEqual(showWith());
      const viewing = await server.stream(showEventsUrl(stage));
      expect(data(await viewing.next(named("snapshot")))).toEqual(showWith());
      await server.act({ action: "delay", stage, minutes: 10, from: session });
      const late = showWith({ [stage]: { delayMinutes: 10, delayFrom: session } });
      expect(data(await stream.next(named("show")))).toEqual(late);
      expect(data(await viewing.next(named("show")))).toEqual(late);
      const from = stream.events.length;
      const announced = (await server.act({ action: "announce", text: "Lunch" })).body as ShowState;
      expect(data(await stream.next(named("show"), from))).toEqual(announced);
    });

    it("refuses a stream of an unknown stage with 404, and past the server's budget with 503", async () => {
      const server = await serve((await fresh()).store, { maxShowStreams: 1 });
      const unknown = await server.stream(showEventsUrl("no-such-stage"));
      expect(unknown.status).toBe(404);
      expect(unknown.refusal).toEqual({ error: expect.any(String) as unknown });
      await (await server.stream(showEventsUrl(stage))).next(named("snapshot"));
      const full = await server.stream(showEventsUrl());
      expect(full.status).toBe(503);
      expect(full.headers["retry-after"]).toBe(String(questionStreamsFullRetryAfterSeconds));
      expect(full.refusal).toEqual({ error: expect.any(String) as unknown });
    });

    it("counts the stage pages open now, not other pages, and keeps the minute's most", async () => {
      const server = await serve((await fresh()).store);
      expect((await server.viewers()).stages[stage]).toEqual({ now: 0, history: [[minuteOf(server.now()), 0]] });
      const pages = await Promise.all([1, 2, 3].map(() => server.stream(showEventsUrl(stage))));
      await Promise.all(pages.map((page) => page.next(named("snapshot"))));
      await (await server.stream(showEventsUrl())).next(named("snapshot"));
      const viewers = await server.viewers();
      expect(Object.keys(viewers.stages)).toEqual([...stages.keys()]);
      expect(viewers.stages[stage]).toEqual({ now: 3, history: [[minuteOf(server.now()), 3]] });
      pages[0]?.close();
      pages[1]?.close();
      await expect.poll(async () => (await server.viewers()).stages[stage]?.now).toBe(1);
      // The minute keeps its most; the next minute begins from what is open.
      expect((await server.viewers()).stages[stage]?.history).toEqual([[minuteOf(server.now()), 3]]);
      const before = server.now();
      server.setNow(new Date(before.getTime() + 60_000));
      expect((await server.viewers()).stages[stage]?.history).toEqual([
        [minuteOf(before), 3],
        [minuteOf(server.now()), 1],
      ]);
    });

    it("reads one stage's viewers with ?stage=, and refuses an unknown or repeated stage", async () => {
      const server = await serve((await fresh()).store);
      await (await server.stream(showEventsUrl(stage))).next(named("snapshot"));
      const all = await server.viewers();
      const one = await server.send("GET", stageViewersUrl(stage));
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ stages: { [stage]: all.stages[stage] } });
      expect(all.stages[stage]?.now).toBe(1);
      const unknown = await server.send("GET", stageViewersUrl("no-such-stage"));
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown)).toEqual(expect.any(String));
      const twice = await server.send("GET", `${stageViewersUrl(stage)}&stage=${stage}`);
      expect(twice.status).toBe(400);
      expect(errorOf(twice)).toEqual(expect.any(String));
      expect((await server.send("GET", stageViewersUrl(stage), { token: null })).status).toBe(401);
    });

    it("gives a pinned question its stage's air, whatever the session, and hands it back on unpin", async () => {
      const { store } = await fresh();
      const server = await serve(store);
      const ask = async (sessionId: string) =>
        (
          await store.questions.ask({
            sessionId,
            askerId: "asker",
            text: `In ${sessionId}?`,
            name: null,
            askedAt: server.now(),
            status: "approved",
          })
        ).question.id;
      const first = await ask(session);
      const second = await ask(otherSession);
      const show = await server.stream(showEventsUrl(stage));
      await show.next(named("snapshot"));
      const firstQuestions = await server.stream(sessionQuestionEventsUrl(session));
      await firstQuestions.next(named("snapshot"));
      const moderate = (id: string, action: string) => server.send("POST", adminQuestionUrl(id), { json: { action } });

      expect((await moderate(first, "pin")).status).toBe(200);
      expect(data<ShowState>(await show.next(named("show"))).stages[stage]?.questionSession).toBe(session);
      const onAir = await firstQuestions.next(named("question"));
      expect(data<PublicQuestion>(onAir)).toMatchObject({ id: first, onAir: true });

      // A question of another session of the same stage: the first leaves the air, and its session's stream says so.
      const from = { show: show.events.length, questions: firstQuestions.events.length };
      const pinned = await moderate(second, "pin");
      expect((pinned.body as { changed: { id: string; onAir: boolean }[] }).changed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: first, onAir: false }),
          expect.objectContaining({ id: second, onAir: true }),
        ]),
      );
      const offAir = await firstQuestions.next(named("question"), from.questions);
      expect(data<PublicQuestion>(offAir)).toMatchObject({ id: first, onAir: false });
      expect(data<ShowState>(await show.next(named("show"), from.show)).stages[stage]?.questionSession).toBe(
        otherSession,
      );
      expect((await store.questions.question(first))?.onAir).toBe(false);

      const unpinned = show.events.length;
      await moderate(second, "unpin");
      expect(data<ShowState>(await show.next(named("show"), unpinned)).stages[stage]?.questionSession).toBeNull();
      expect((await server.show()).stages[stage]).toEqual(idleStage);
    });

    it("keeps the show over a restart", async () => {
      const { database, store } = await fresh();
      const before = await serve(store);
      await before.act({ action: "delay", stage, minutes: 15, from: session });
      await before.act({ action: "stream", stage, source: "slate" });
      const announced = ((await before.act({ action: "announce", text: "Back soon" })).body as ShowState).announcement;
      await before.app.close();
      await store.close();
      const after = await serve(await database.open());
      expect(await after.show()).toEqual(
        showWith({ [stage]: { delayMinutes: 15, delayFrom: session, stream: "slate" } }, announced),
      );
    });
  });
}

// Two servers on one PostgreSQL: a delay and an announcement made through one reach a stream and a read of the other.
const postgres = (await engines()).find((engine): engine is Engine => engine.name === "PostgreSQL")!;
describe.skipIf(postgres.unavailable !== null)(
  "The show across two servers on one PostgreSQL",
  { timeout: 60_000 },
  () => {
    it("a delay and an announcement made on one server reach the other's stream and reads, and its viewers add up", async () => {
      const database = await postgres.create();
      cleanups.push(() => database.dispose());
      const one = await serve(await database.open());
      const two = await serve(await database.open());
      const onTwo = await two.stream(showEventsUrl(stage));
      expect(data(await onTwo.next(named("snapshot")))).toEqual(showWith());

      const late = (await one.act({ action: "delay", stage, minutes: 10, from: session })).body as ShowState;
      expect(data(await onTwo.next(named("show")))).toEqual(late);
      expect(await two.show()).toEqual(late);

      const from = onTwo.events.length;
      const announced = (await one.act({ action: "announce", text: "Across servers", level: "urgent" }))
        .body as ShowState;
      expect(data(await onTwo.next(named("show"), from))).toEqual(announced);
      await expect.poll(() => two.show()).toEqual(announced);

      // A stage page on each server: both count, whichever server is asked.
      await (await one.stream(showEventsUrl(stage))).next(named("snapshot"));
      await two.viewers();
      expect((await one.viewers()).stages[stage]?.now).toBe(2);
    });
  },
);
