import { describe, expect, it } from "vitest";
import { edition, type AgendaSlot, type Edition } from "../../content";
import { questionTextMessages } from "../../app/lib/question-text";
import {
  adminQuestionsCsvUrl,
  adminQuestionEventsUrl,
  adminQuestionUrl,
  adminQuestionsUrl,
  questionLimits,
  questionWindowOf,
  sessionQuestionEventsUrl,
  sessionQuestionsUrl,
  takesQuestions,
  upvoteUrl,
  type AskedQuestion,
  type ModeratedQuestion,
  type Moderation,
  type PublicQuestion,
  type SessionQuestions,
  type UpvoteState,
} from "../../common/question-contract";
import {
  defaultQuestionRateLimits,
  issuedVoterCookie,
  voterCookie,
  voterIssued,
  type QuestionRateLimits,
} from "../../common/api-contract";
import type { AppOptions } from "../app";
import type { VoteStore } from "../store";
import { appHarness, type App } from "../test-support/app-harness";
import { engines, type Engine } from "../test-support/databases";
import { openEventStream, type EventStream, type ServerEvent } from "../test-support/event-stream";
import { questionStreamsFullRetryAfterSeconds } from "./question-streams";
import * as m from "../../app/i18n/messages";

// The audience's questions (issue 29) over real connections, on every engine: what the talk pages and /moderate
// rely on. Values come from the edition the tests run on: its first session that takes questions, its settings.

const { start, cleanups } = appHarness();
const adminToken = "test-admin-token-0123456789abcdef0123456789";
const moderatorToken = "test-moderator-token-0123456789abcdef01234";

const settings = edition.event.questions;
const [session, otherSession] = edition.agenda.filter((slot) => takesQuestions(slot.type, settings));
if (!session || !otherSession)
  throw new Error("these tests ask in two sessions: the edition has fewer that take questions");
/** A slot whose type takes no questions, added to the edition the tests serve. */
const breakSlot: AgendaSlot = {
  id: "questions-test-break",
  start: session.start,
  end: session.end,
  type: "Break",
  title: "Coffee",
  speakerIds: [],
};
const window = questionWindowOf(session, settings);

/** The edition with a break and the given moderation. */
const served = (moderation: Moderation): Edition => ({
  ...edition,
  agenda: [...edition.agenda, breakSlot],
  event: { ...edition.event, questions: { ...settings, moderation } },
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed read, as inject's json<T>()
  json: <T>() => T;
}

/** One browser: its own voter cookie, kept from the answers it gets. */
class Client {
  cookie: string | undefined;
  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  /**
   * A request as the page sends it: a write refused for want of a voter cookie, which the refusal issued, is sent
   * once more (live-data.ts's apiResponse).
   */
  async send(...request: Parameters<Client["sendOnce"]>): Promise<Answer> {
    const answer = await this.sendOnce(...request);
    const refusedForVoter =
      answer.status === 403 &&
      answer.text.startsWith("{") &&
      (JSON.parse(answer.text) as { voter?: unknown }).voter === voterIssued;
    return refusedForVoter ? this.sendOnce(...request) : answer;
  }

  async sendOnce(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...(options.json === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...options.headers,
      },
      body: options.json === undefined ? options.body : JSON.stringify(options.json),
    });
    this.cookie = issuedVoterCookie(response.headers.getSetCookie()) ?? this.cookie;
    const text = await response.text();
    const json = () => JSON.parse(text) as unknown;
    return { status: response.status, headers: response.headers, text, json: json as Answer["json"] };
  }

  ask(body: unknown, headers: Record<string, string> = {}, sessionId = session!.id) {
    return this.send("POST", sessionQuestionsUrl(sessionId), { json: body, headers });
  }

  async list(sessionId = session!.id) {
    const answer = await this.send("GET", sessionQuestionsUrl(sessionId));
    expect(answer.status).toBe(200);
    return answer.json<SessionQuestions>();
  }

  upvote(id: string, method: "POST" | "DELETE" = "POST") {
    return this.send(method, upvoteUrl(id));
  }
}

interface Server {
  app: App;
  port: number;
  base: string;
  client: (headers?: Record<string, string>) => Client;
  moderator: Client;
  admin: Client;
  stream: (path: string, headers?: Record<string, string>) => Promise<EventStream>;
  /** Moves the server's clock. */
  setNow: (at: Date) => void;
}

async function serve(store: VoteStore, options: Partial<AppOptions> & { moderation?: Moderation } = {}) {
  let at = new Date(session!.start);
  const { moderation = "pre", ...rest } = options;
  const app = await start({
    store,
    edition: served(moderation),
    now: () => at,
    adminToken,
    moderatorToken,
    ...rest,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://127.0.0.1:${String(port)}`;
  const streams: EventStream[] = [];
  cleanups.push(() => {
    for (const stream of streams) stream.close();
    return Promise.resolve();
  });
  return {
    app,
    port,
    base,
    client: (headers = {}) => new Client(base, headers),
    moderator: new Client(base, { authorization: `Bearer ${moderatorToken}` }),
    admin: new Client(base, { authorization: `Bearer ${adminToken}` }),
    stream: async (path: string, headers: Record<string, string> = {}) => {
      const stream = await openEventStream(port, path, headers);
      streams.push(stream);
      return stream;
    },
    setNow: (instant: Date) => {
      at = instant;
    },
  } satisfies Server;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed read of an event's JSON
const data = <T>(event: ServerEvent) => JSON.parse(event.data) as T;
const named = (name: string) => (event: ServerEvent) => event.event === name;

for (const engine of await engines()) {
  // Timeouts only stop a hang (the machine is shared, and the hall's 200 askers take a while under load).
  describe.skipIf(engine.unavailable !== null)(
    `Audience questions over HTTP (${engine.name})`,
    { timeout: 60_000 },
    () => {
      let store: VoteStore;

      const fresh = async () => {
        const database = await engine.create();
        cleanups.push(() => database.dispose());
        store = await database.open();
        return store;
      };

      it("asks: 201 pending under pre-moderation; the asker sees it as theirs, nobody else sees it", async () => {
        const server = await serve(await fresh());
        const asker = server.client();
        const other = server.client();
        const asked = await asker.ask({ text: "  How does it   scale? ", name: "Ada" });
        expect(asked.status).toBe(201);
        expect(asked.headers.get("cache-control")).toBe("no-store");
        const { id, status } = asked.json<AskedQuestion>();
        expect(status).toBe("pending");
        expect(asker.cookie).toBeDefined();

        const own = await asker.list();
        expect(own.moderation).toBe("pre");
        expect(own.window).toEqual({
          opens: window.opens.toISOString(),
          closes: window.closes.toISOString(),
          state: "open",
        });
        expect(own.questions).toEqual([
          {
            id,
            text: "How does it scale?",
            name: "Ada",
            upvotes: 0,
            status: "pending",
            onAir: false,
            askedAt: new Date(session.start).toISOString(),
            yours: true,
            upvotedByYou: false,
          },
        ]);
        const personal = await asker.send("GET", sessionQuestionsUrl(session.id));
        expect(personal.headers.get("cache-control")).toBe("no-store");
        // Another browser, with a cookie of its own or none, sees nothing yet.
        expect((await other.list()).questions).toEqual([]);
        expect((await other.ask({ text: "Elsewhere" }, {}, otherSession.id)).status).toBe(201);
        expect(other.cookie).toBeDefined();
        expect((await other.list()).questions).toEqual([]);
        // Nor can anyone upvote a question that is not public.
        expect((await other.upvote(id)).status).toBe(404);
      });

      it("asks under post-moderation: approved at once, for everyone", async () => {
        const server = await serve(await fresh(), { moderation: "post" });
        const asked = await server.client().ask({ text: "Shown at once?" });
        expect(asked.status).toBe(201);
        expect(asked.json<AskedQuestion>().status).toBe("approved");
        const seen = await server.client().list();
        expect(seen.moderation).toBe("post");
        expect(seen.questions.map((question) => [question.text, question.status, question.yours])).toEqual([
          ["Shown at once?", "approved", false],
        ]);
      });

      it("answers a repeated Idempotency-Key with the first question, in sequence and at once", async () => {
        const server = await serve(await fresh());
        const asker = server.client();
        const key = { "idempotency-key": "0b6f6f8e-2d0b-4a8e-9d55-7c4c1c7a0001" };
        const first = await asker.ask({ text: "Once only?" }, key);
        const again = await asker.ask({ text: "Once only?" }, key);
        expect(first.status).toBe(201);
        expect(again.status).toBe(201);
        expect(again.json()).toEqual(first.json());

        // Repeats are not new questions: they spend nothing of the asker's limit.
        for (let repeat = 0; repeat < defaultQuestionRateLimits.asksPerVoter; repeat++) {
          expect((await asker.ask({ text: "Once only?" }, key)).status).toBe(201);
        }
        const burstKey = { "idempotency-key": "burst-key-42" };
        const burst = await Promise.all(
          Array.from({ length: 10 }, () => asker.ask({ text: "Double-clicked?" }, burstKey)),
        );
        expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(201));
        expect(new Set(burst.map((answer) => answer.json<AskedQuestion>().id)).size).toBe(1);

        // A first visit's double click before the page's first read: neither request counts. Each refusal issues a
        // cookie; the page sends its question once more with it, and the repeat of that is the same question.
        const firstVisit = { "idempotency-key": "6a0d2c4e-1b3f-4e5a-8c7d-9e0f1a2b3c4d" };
        const click = server.client();
        const question = { json: { text: "First visit?" }, headers: firstVisit };
        const refusals = await Promise.all([
          click.sendOnce("POST", sessionQuestionsUrl(session.id), question),
          click.sendOnce("POST", sessionQuestionsUrl(session.id), question),
        ]);
        expect(refusals.map((answer) => [answer.status, answer.json()])).toEqual(
          Array(2).fill([403, { error: m.apiVoterRequired, voter: voterIssued }]),
        );
        expect(click.cookie).toBeDefined();
        const clicks = [await click.ask({ text: "First visit?" }, firstVisit)];
        clicks.push(await click.ask({ text: "First visit?" }, firstVisit));
        expect(clicks.map((answer) => answer.status)).toEqual([201, 201]);
        expect(clicks[1]!.json()).toEqual(clicks[0]!.json());
        expect((await click.list()).questions.filter((question) => question.yours)).toHaveLength(1);

        // The same key from another asker (one with a cookie of their own) is theirs: a question of its own.
        const other = server.client();
        expect((await other.ask({ text: "Elsewhere" }, {}, otherSession.id)).status).toBe(201);
        const theirs = await other.ask({ text: "Once only?" }, key);
        expect(theirs.json<AskedQuestion>().id).not.toBe(first.json<AskedQuestion>().id);
        // The same key with another text is a mistake, not a repeat.
        expect((await asker.ask({ text: "Something else" }, key)).status).toBe(409);

        const stored = await store.questions.questions(session.id);
        expect(stored.map((question) => question.text).sort()).toEqual([
          "Double-clicked?",
          "First visit?",
          "Once only?",
          "Once only?",
        ]);
        expect(await store.questions.questions(otherSession.id)).toHaveLength(1);
      });

      it("refuses what is not a question, with a JSON error each", async () => {
        const server = await serve(await fresh());
        const asker = server.client();
        const cases: [Promise<Answer>, number, string | RegExp][] = [
          [asker.ask({ text: "" }), 400, questionTextMessages.text.empty],
          [asker.ask({ text: "   " }), 400, questionTextMessages.text.empty],
          [asker.ask({}), 400, questionTextMessages.text.empty],
          [asker.ask({ text: "x".repeat(questionLimits.text + 1) }), 400, questionTextMessages.text.tooLong],
          [asker.ask({ text: 42 }), 400, questionTextMessages.text.notText],
          [asker.ask({ text: ["a"] }), 400, questionTextMessages.text.notText],
          [
            asker.ask({ text: "ok", name: "n".repeat(questionLimits.name + 1) }),
            400,
            questionTextMessages.name.tooLong,
          ],
          [asker.ask({ text: "ok", name: 7 }), 400, questionTextMessages.name.notText],
          [asker.ask({ text: "abc\u202edef" }), 400, questionTextMessages.text.bidi],
          [asker.ask({ text: "bell\u0007" }), 400, questionTextMessages.text.controls],
          [asker.ask({ text: "a\u200b\u200b\u200bb" }), 400, questionTextMessages.text.invisible],
          [asker.ask({ text: "ok", name: "\u3164\u3164" }), 400, questionTextMessages.name.invisible],
          [asker.ask(["text"]), 400, /JSON body/],
          [asker.ask("just a string"), 400, /JSON body/],
          [
            asker.send("POST", sessionQuestionsUrl(session.id), {
              body: "{",
              headers: { "content-type": "application/json" },
            }),
            400,
            /JSON/,
          ],
          [asker.ask({ text: "ok" }, { "idempotency-key": "has space" }), 400, /Idempotency-Key/],
          [asker.ask({ text: "ok" }, { "idempotency-key": "k".repeat(65) }), 400, /Idempotency-Key/],
          [asker.ask({ text: "ok" }, { "idempotency-key": "clé" }), 400, /Idempotency-Key/],
          [
            asker.send("POST", sessionQuestionsUrl(session.id), {
              body: JSON.stringify({ text: "ok" }),
              headers: { "content-type": "text/plain" },
            }),
            415,
            /./,
          ],
          [asker.ask({ text: "ok", padding: "p".repeat(20_000) }), 413, /./],
          [asker.ask({ text: "ok" }, {}, "no-such-session"), 404, /no-such-session/],
          [asker.ask({ text: "ok" }, {}, breakSlot.id), 404, new RegExp(breakSlot.id)],
          [asker.ask({ text: "ok" }, { origin: "https://evil.example" }), 403, m.apiQuestionsOnlyFromSite],
        ];
        for (const [pending, status, error] of cases) {
          const answer = await pending;
          expect({ status: answer.status, type: answer.headers.get("content-type") }).toEqual({
            status,
            type: "application/json; charset=utf-8",
          });
          expect(answer.json<{ error: string }>().error).toMatch(error);
        }
        // Nothing of it was kept.
        expect(await store.questions.questions()).toEqual([]);
        // A question at the limit, in the widest characters, is not too long.
        expect((await asker.ask({ text: "🏴󠁧󠁢󠁳󠁣󠁴󠁿".repeat(questionLimits.text) })).status).toBe(201);
      });

      it("refuses 409 outside the session's window, before and after, with the reason", async () => {
        const server = await serve(await fresh());
        const asker = server.client();
        server.setNow(new Date(window.opens.getTime() - 1000));
        const early = await asker.ask({ text: "Too early?" });
        expect(early.status).toBe(409);
        expect(early.json<{ error: string }>().error).toContain(window.opens.toISOString());
        expect((await asker.list()).window.state).toBe("upcoming");
        server.setNow(window.closes);
        expect((await asker.ask({ text: "Too late?" })).status).toBe(409);
        expect((await asker.list()).window.state).toBe("closed");
      });

      it("follows QUESTIONS_OPENS and QUESTIONS_CLOSES for every session", async () => {
        const opens = new Date(window.closes.getTime() + 60_000);
        const closes = new Date(opens.getTime() + 3_600_000);
        const server = await serve(await fresh(), { questionWindow: { opens, closes } });
        const asker = server.client();
        // The session's own window has ended, yet the override opens it.
        server.setNow(new Date(opens.getTime() + 1000));
        expect((await asker.ask({ text: "Late but open?" })).status).toBe(201);
        expect((await asker.list(otherSession.id)).window).toEqual({
          opens: opens.toISOString(),
          closes: closes.toISOString(),
          state: "open",
        });
        server.setNow(closes);
        expect((await asker.ask({ text: "Closed now?" })).status).toBe(409);
      });

      it("upvotes once per person, withdraws without a body, and refuses what cannot be upvoted", async () => {
        const server = await serve(await fresh(), { moderation: "post" });
        const asker = server.client();
        const { id } = (await asker.ask({ text: "Upvote me" })).json<AskedQuestion>();
        const fan = server.client();
        const up = await fan.upvote(id);
        expect(up.status).toBe(200);
        expect(up.json<UpvoteState>()).toEqual({ id, upvotes: 1, upvotedByYou: true });
        expect((await fan.upvote(id)).json<UpvoteState>()).toEqual({ id, upvotes: 1, upvotedByYou: true });
        expect((await asker.upvote(id)).json<UpvoteState>()).toEqual({ id, upvotes: 2, upvotedByYou: true });
        const listed = (await fan.list()).questions.find((question) => question.id === id);
        expect(listed).toMatchObject({ upvotes: 2, upvotedByYou: true, yours: false });
        expect((await asker.list()).questions[0]).toMatchObject({ upvotes: 2, upvotedByYou: true, yours: true });

        const down = await fan.upvote(id, "DELETE");
        expect(down.status).toBe(200);
        expect(down.json<UpvoteState>()).toEqual({ id, upvotes: 1, upvotedByYou: false });
        // A client that labels its empty body JSON is not refused for it.
        const labelled = await fan.send("DELETE", upvoteUrl(id), { headers: { "content-type": "application/json" } });
        expect(labelled.status).toBe(200);
        expect(
          (await fan.send("POST", upvoteUrl(id), { headers: { "content-type": "application/json" } })).status,
        ).toBe(200);
        // Without a cookie there is nothing to withdraw, and no cookie is issued for it.
        const stranger = server.client();
        expect((await stranger.upvote(id, "DELETE")).json<UpvoteState>()).toMatchObject({ upvotedByYou: false });
        expect(stranger.cookie).toBeUndefined();

        for (const unknown of ["no-such-question", "%3Cscript%3E", "a".repeat(65)]) {
          const answer = await fan.upvote(unknown);
          expect(answer.status).toBe(404);
          expect(answer.json<{ error: string }>()).toHaveProperty("error");
        }
        expect((await fan.send("POST", upvoteUrl(id), { headers: { origin: "https://evil.example" } })).status).toBe(
          403,
        );
        server.setNow(window.closes);
        const late = await fan.upvote(id);
        expect(late.status).toBe(409);
        expect(late.json<{ error: string }>().error).toBe(m.apiQuestionsClosed);
      });

      it("limits one client's flood of questions (429) without shutting out a hall behind one address", async () => {
        // 200 honest askers behind one Wi-Fi address, each asking once, all new within the minute (the organisers
        // of so full a hall raise RATE_LIMIT_NEW_VOTERS): every one is taken.
        const server = await serve(await fresh(), { newVotersPerMinute: 250 });
        const hall = Array.from({ length: 200 }, () => server.client());
        const asked = await Promise.all(hall.map((person, index) => person.ask({ text: `Question ${String(index)}` })));
        expect(asked.map((answer) => answer.status)).toEqual(Array(200).fill(201));

        // One person asking again and again is stopped at their own limit.
        const flooder = server.client();
        const answers: Answer[] = [];
        for (let index = 0; index <= defaultQuestionRateLimits.asksPerVoter; index++) {
          answers.push(await flooder.ask({ text: `Flood ${String(index)}` }));
        }
        expect(answers.map((answer) => answer.status)).toEqual([
          ...Array<number>(defaultQuestionRateLimits.asksPerVoter).fill(201),
          429,
        ]);
        const refused = answers.at(-1)!;
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(refused.json<{ error: string }>().error).toBe(
          m.apiRateLimited({ seconds: Number(refused.headers.get("retry-after")) }),
        );
        // Others behind the same address still ask.
        expect((await server.client().ask({ text: "Still welcome?" })).status).toBe(201);
      });

      it("never counts a question without a voter cookie, and bounds a flood that sheds its cookie", async () => {
        const server = await serve(await fresh(), { newVotersPerMinute: 20 });
        // The finding, replayed: a new client (no cookie) for every request. None is counted; the first 20 are
        // issued a cookie with their refusal, the rest are refused one.
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, index) =>
            server
              .client()
              .sendOnce("POST", sessionQuestionsUrl(session.id), { json: { text: `Shed ${String(index)}` } }),
          ),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(statuses.filter((status) => status === 403)).toHaveLength(20);
        expect(statuses.filter((status) => status === 429)).toHaveLength(10);
        const limited = answers.find((answer) => answer.status === 429)!;
        expect(limited.json<{ error: string }>().error).toBe(
          m.apiTooManyNewVoters({ seconds: Number(limited.headers.get("retry-after")) }),
        );
        expect(await store.questions.questions(session.id)).toHaveLength(0);
        // A forged cookie is no cookie.
        const forged = await server.client().sendOnce("POST", sessionQuestionsUrl(session.id), {
          json: { text: "Forged" },
          headers: { cookie: `${voterCookie}=00000000-0000-4000-8000-000000000000.forged` },
        });
        expect(forged.status).toBe(429);
        expect(await store.questions.questions(session.id)).toHaveLength(0);
      });

      it("never counts an upvote without a voter cookie: one client's 21 upvotes count none", async () => {
        const server = await serve(await fresh(), { moderation: "post" });
        const { id } = (await server.client().ask({ text: "Upvote me, once each" })).json<AskedQuestion>();
        // The finding, replayed: 21 upvotes of one question by one client that keeps no cookie.
        const answers = await Promise.all(
          Array.from({ length: 21 }, () => server.client().sendOnce("POST", upvoteUrl(id))),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(21).fill(403));
        expect((await server.client().list()).questions.find((question) => question.id === id)?.upvotes).toBe(0);
        // A client that keeps the cookie its refusal brought upvotes once, however often it sends.
        const fan = server.client();
        for (let index = 0; index < 3; index++) await fan.upvote(id);
        expect((await fan.list()).questions.find((question) => question.id === id)?.upvotes).toBe(1);
      });

      it("limits one voter's upvotes", async () => {
        const limits: QuestionRateLimits = { ...defaultQuestionRateLimits, upvotesPerVoter: 3 };
        const server = await serve(await fresh(), { moderation: "post", questionLimits: limits });
        const { id } = (await server.client().ask({ text: "Toggle me" })).json<AskedQuestion>();
        const fan = server.client();
        const statuses: number[] = [];
        for (const method of ["POST", "DELETE", "POST", "DELETE"] as const)
          statuses.push((await fan.upvote(id, method)).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
      });

      it("two browsers and a moderator: approve, upvote, pin, answer and hide reach the other's stream", async () => {
        const server = await serve(await fresh());
        const asker = server.client();
        const watcher = server.client();
        const stream = await server.stream(sessionQuestionEventsUrl(session.id));
        expect(stream.status).toBe(200);
        expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
        expect(stream.headers["cache-control"]).toBe("no-store");
        expect(stream.headers["x-content-type-options"]).toBe("nosniff");
        expect((await stream.next(named("retry"))).data).toMatch(/^retry: \d+$/);
        expect(data(await stream.next(named("snapshot")))).toEqual({ questions: [] });

        const { id } = (await asker.ask({ text: "Will it stream?", name: "Ada" })).json<AskedQuestion>();
        const { id: second } = (await asker.ask({ text: "And a second?" })).json<AskedQuestion>();
        // Pending: the moderator sees it, the stream says nothing of it.
        const queue = (await server.moderator.send("GET", `${adminQuestionsUrl}?session=${session.id}`)).json<{
          questions: ModeratedQuestion[];
        }>();
        // Both asked at the same instant (the test's clock stands still): in either order.
        expect(queue.questions.map((question) => [question.id, question.status]).sort()).toEqual(
          [
            [id, "pending"],
            [second, "pending"],
          ].sort(),
        );

        const approved = await server.moderator.send("POST", adminQuestionUrl(id), { json: { action: "approve" } });
        expect(approved.status).toBe(200);
        expect(approved.json<{ changed: ModeratedQuestion[] }>().changed).toEqual([
          expect.objectContaining({ id, status: "approved", sessionId: session.id, hideReason: null }),
        ]);
        const shown = data<PublicQuestion>(await stream.next(named("question")));
        expect(shown).toEqual({
          id,
          text: "Will it stream?",
          name: "Ada",
          upvotes: 0,
          status: "approved",
          onAir: false,
          askedAt: new Date(session.start).toISOString(),
        });
        expect((await watcher.list()).questions.map((question) => question.id)).toEqual([id]);
        // The pending one was never sent.
        expect(stream.events.some((event) => event.data.includes(second))).toBe(false);

        let from = stream.events.length;
        expect((await watcher.upvote(id)).status).toBe(200);
        expect(data(await stream.next(named("upvotes"), from))).toEqual({ [id]: 1 });

        from = stream.events.length;
        expect((await server.moderator.send("POST", adminQuestionUrl(id), { json: { action: "pin" } })).status).toBe(
          200,
        );
        expect(data<PublicQuestion>(await stream.next(named("question"), from))).toMatchObject({
          id,
          onAir: true,
          upvotes: 1,
        });
        expect((await watcher.list()).questions[0]).toMatchObject({ id, onAir: true, upvotedByYou: true });

        // Pinning another takes the first off air: both change, both are sent.
        from = stream.events.length;
        const pinned = await server.moderator.send("POST", adminQuestionUrl(second), { json: { action: "pin" } });
        expect(
          pinned
            .json<{ changed: ModeratedQuestion[] }>()
            .changed.map((question) => [question.id, question.onAir])
            .sort(),
        ).toEqual(
          [
            [id, false],
            [second, true],
          ].sort(),
        );
        await stream.next((event) => event.event === "question" && data<PublicQuestion>(event).id === second, from);
        await stream.next((event) => event.event === "question" && data<PublicQuestion>(event).id === id, from);

        from = stream.events.length;
        expect(
          (await server.moderator.send("POST", adminQuestionUrl(second), { json: { action: "unpin" } })).status,
        ).toBe(200);
        expect(data<PublicQuestion>(await stream.next(named("question"), from))).toMatchObject({
          id: second,
          onAir: false,
        });

        from = stream.events.length;
        expect((await server.moderator.send("POST", adminQuestionUrl(id), { json: { action: "answer" } })).status).toBe(
          200,
        );
        expect(data<PublicQuestion>(await stream.next(named("question"), from))).toMatchObject({
          id,
          status: "answered",
        });

        from = stream.events.length;
        const hidden = await server.moderator.send("POST", adminQuestionUrl(id), {
          json: { action: "hide", reason: "  Off   topic " },
        });
        expect(hidden.json<{ changed: ModeratedQuestion[] }>().changed[0]).toMatchObject({
          status: "hidden",
          hideReason: "Off topic",
        });
        expect(data(await stream.next(named("removed"), from))).toEqual({ id });
        // Never again: not in any GET, not upvotable, not in a new stream's snapshot.
        for (const who of [watcher, asker, server.client()]) {
          expect((await who.list()).questions.map((question) => question.id)).not.toContain(id);
        }
        expect((await watcher.upvote(id)).status).toBe(404);
        const late = await server.stream(sessionQuestionEventsUrl(session.id));
        expect(
          data<{ questions: PublicQuestion[] }>(await late.next(named("snapshot"))).questions.map((q) => q.id),
        ).toEqual([second]);
        // The moderator still sees it, with why.
        const all = (await server.moderator.send("GET", adminQuestionsUrl)).json<{ questions: ModeratedQuestion[] }>();
        expect(all.questions.find((question) => question.id === id)).toMatchObject({
          status: "hidden",
          hideReason: "Off topic",
        });
      });

      it("streams in every window state, refuses past the cap with 503 and Retry-After, and 404s an unknown session", async () => {
        const server = await serve(await fresh(), { maxQuestionStreams: 1 });
        server.setNow(window.closes);
        const held = await server.stream(sessionQuestionEventsUrl(session.id));
        expect(held.status).toBe(200);
        await held.next(named("snapshot"));
        const refused = await server.stream(sessionQuestionEventsUrl(otherSession.id));
        expect(refused.status).toBe(503);
        expect(refused.headers["retry-after"]).toBe(String(questionStreamsFullRetryAfterSeconds));
        expect(refused.refusal).toHaveProperty("error");
        // The moderators' stream has a budget of its own, which the audience's full one leaves untouched.
        const moderating = await server.stream(adminQuestionEventsUrl, { authorization: `Bearer ${moderatorToken}` });
        expect(moderating.status).toBe(200);
        moderating.close();
        held.close();
        await expect
          .poll(async () => (await server.stream(sessionQuestionEventsUrl(otherSession.id))).status)
          .toBe(200);
        const unknown = await server.stream(sessionQuestionEventsUrl(breakSlot.id));
        expect(unknown.status).toBe(404);
        expect(unknown.refusal).toHaveProperty("error");
      });

      it("keeps the moderators' live queue while one client holds every audience stream it may", async () => {
        // Behind a proxy, so that clients at several addresses can be played from this one machine.
        const server = await serve(await fresh(), { maxQuestionStreams: 5, maxStreamsPerAddress: 3, trustProxy: 1 });
        const from = (address: string) => ({ "x-forwarded-for": address });
        // The finding, replayed: one client opens streams until it is refused.
        const held: EventStream[] = [];
        for (let index = 0; index < 3; index++) {
          const stream = await server.stream(sessionQuestionEventsUrl(session.id), from("198.51.100.7"));
          expect(stream.status).toBe(200);
          held.push(stream);
        }
        const refused = await server.stream(sessionQuestionEventsUrl(otherSession.id), from("198.51.100.7"));
        expect(refused.status).toBe(503);
        expect(refused.headers["retry-after"]).toBe(String(questionStreamsFullRetryAfterSeconds));
        expect(refused.refusal).toEqual({ error: m.apiStreamsPerAddressFull });
        // An IPv6 client is one client by its /64, whichever address of it it takes.
        for (const address of ["2001:db8:7:1::1", "2001:db8:7:1::2"]) {
          expect((await server.stream(sessionQuestionEventsUrl(session.id), from(address))).status).toBe(200);
        }
        expect((await server.stream(sessionQuestionEventsUrl(session.id), from("2001:db8:7:1:ffff::9"))).status).toBe(
          503,
        );
        // The audience's budget is full now (3 + 2 of 5): another address is refused, as the server is full.
        const full = await server.stream(sessionQuestionEventsUrl(session.id), from("203.0.113.20"));
        expect(full.status).toBe(503);
        expect(full.refusal).toEqual({ error: m.apiQuestionStreamsFull });

        // The moderators' stream draws on a budget of its own, and its queue stays live.
        const moderating = await server.stream(adminQuestionEventsUrl, {
          authorization: `Bearer ${moderatorToken}`,
          ...from("198.51.100.7"),
        });
        expect(moderating.status).toBe(200);
        await moderating.next(named("snapshot"));
        const { id } = (
          await server.client(from("203.0.113.21")).ask({ text: "Seen by the moderators?" })
        ).json<AskedQuestion>();
        expect(data<ModeratedQuestion>(await moderating.next(named("question")))).toMatchObject({
          id,
          status: "pending",
        });

        // A stream the client lets go is its address's again.
        held[0]!.close();
        await expect
          .poll(async () => (await server.stream(sessionQuestionEventsUrl(session.id), from("198.51.100.7"))).status)
          .toBe(200);
      });

      it("keeps an idle stream open with heartbeats", async () => {
        const server = await serve(await fresh(), { liveHeartbeatMs: 50 });
        const stream = await server.stream(sessionQuestionEventsUrl(session.id));
        await stream.next(named("snapshot"));
        await stream.next(named("comment"));
        expect(stream.events.filter(named("comment"))[0]!.data).toBe(": heartbeat");
        expect(stream.ended()).toBe(false);
      });

      it("closes with streams open: every stream ends, public and moderators'", async () => {
        const server = await serve(await fresh());
        const streams = [
          await server.stream(sessionQuestionEventsUrl(session.id)),
          await server.stream(sessionQuestionEventsUrl(otherSession.id)),
          await server.stream(adminQuestionEventsUrl, { authorization: `Bearer ${adminToken}` }),
        ];
        for (const stream of streams) await stream.next(named("snapshot"));
        await server.app.close();
        await expect.poll(() => streams.every((stream) => stream.ended())).toBe(true);
      });

      it("answers a caller without a cookie from the kept listing, the same bytes, current after every change", async () => {
        // A reader whose address may be issued no more voters: it is answered all the same, without a cookie.
        const server = await serve(await fresh(), { moderation: "post", newVotersPerMinute: 1 });
        const asker = server.client();
        await asker.list();
        const reader = server.client();
        const first = await reader.send("GET", sessionQuestionsUrl(session.id));
        const second = await reader.send("GET", sessionQuestionsUrl(session.id));
        for (const answer of [first, second]) {
          expect(answer.status).toBe(200);
          expect(answer.headers.get("cache-control")).toBe("no-cache");
          expect(answer.headers.get("vary")).toBe("Cookie");
          expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
          expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
          expect(Number(answer.headers.get("x-ratelimit-remaining"))).toBeGreaterThan(0);
        }
        expect(second.text).toBe(first.text);
        expect(reader.cookie).toBeUndefined();
        for (let index = 0; index < 3; index++) {
          const { id } = (await asker.ask({ text: `Change ${String(index)}` })).json<AskedQuestion>();
          // At once, not after the listing's age bound.
          expect((await reader.list()).questions.map((question) => question.id)).toContain(id);
        }
      });

      it("holds the cap when clients arrive together", async () => {
        const server = await serve(await fresh(), { maxQuestionStreams: 2 });
        const streams = await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            server.stream(sessionQuestionEventsUrl((index % 2 === 0 ? session : otherSession).id)),
          ),
        );
        expect(streams.map((stream) => stream.status).sort()).toEqual([200, 200, 503, 503, 503, 503]);
      });

      it("GET refuses a session that takes no questions, and answers HEAD", async () => {
        const server = await serve(await fresh());
        for (const id of [breakSlot.id, "no-such-session"]) {
          const answer = await server.client().send("GET", sessionQuestionsUrl(id));
          expect(answer.status).toBe(404);
          expect(answer.json<{ error: string }>().error).toContain(id);
        }
        expect((await server.client().send("HEAD", sessionQuestionsUrl(session.id))).status).toBe(200);
      });

      it("the moderators' routes: tokens, the stream of every status, actions, refusals and the CSV", async () => {
        const server = await serve(await fresh());
        const asker = server.client();
        for (const [headers, status] of [
          [{}, 401],
          [{ authorization: "Bearer wrong-token-0123456789abcdef0123456789" }, 401],
          [{ authorization: `Basic ${moderatorToken}` }, 401],
          [{ authorization: `Bearer ${moderatorToken}` }, 200],
          [{ authorization: `Bearer ${adminToken}` }, 200],
        ] as const) {
          const answer = await server.client(headers).send("GET", adminQuestionsUrl);
          expect(answer.status).toBe(status);
          expect(answer.headers.get("cache-control")).toBe("no-store");
        }
        // The moderators' token reads no vote results; the organisers' does.
        expect((await server.moderator.send("GET", "/api/admin/results")).status).toBe(401);
        expect((await server.admin.send("GET", "/api/admin/results")).status).toBe(200);

        const stream = await server.stream(adminQuestionEventsUrl, { authorization: `Bearer ${moderatorToken}` });
        expect(stream.status).toBe(200);
        expect(data(await stream.next(named("snapshot")))).toEqual({ questions: [] });
        expect((await server.stream(adminQuestionEventsUrl)).status).toBe(401);

        const { id } = (await asker.ask({ text: "=cmd|' /C calc'!A0", name: "@mallory" })).json<AskedQuestion>();
        const arrived = data<ModeratedQuestion>(await stream.next(named("question")));
        expect(arrived).toMatchObject({ id, status: "pending", sessionId: session.id, text: "=cmd|' /C calc'!A0" });
        const { id: other } = (
          await asker.ask({ text: 'Say "hi", please' }, {}, otherSession.id)
        ).json<AskedQuestion>();
        await stream.next((event) => event.event === "question" && data<ModeratedQuestion>(event).id === other);

        const filtered = (await server.moderator.send("GET", `${adminQuestionsUrl}?session=${otherSession.id}`)).json<{
          questions: ModeratedQuestion[];
        }>();
        expect(filtered.questions.map((question) => question.id)).toEqual([other]);
        expect((await server.moderator.send("GET", `${adminQuestionsUrl}?session=${breakSlot.id}`)).status).toBe(404);

        const act = (questionId: string, body: unknown) =>
          server.moderator.send("POST", adminQuestionUrl(questionId), { json: body });
        for (const [body, status] of [
          [{ action: "delete" }, 400],
          [{}, 400],
          [[], 400],
          [{ action: "hide" }, 400],
          [{ action: "hide", reason: "   " }, 400],
          [{ action: "hide", reason: "r".repeat(questionLimits.hideReason + 1) }, 400],
          [{ action: "hide", reason: "bad\u202ereason" }, 400],
        ] as const) {
          const answer = await act(id, body);
          expect(answer.status).toBe(status);
          expect(answer.json<{ error: string }>()).toHaveProperty("error");
        }
        expect((await act("no-such-question", { action: "approve" })).status).toBe(404);
        expect((await act(id, { action: "hide", reason: "Spam" })).status).toBe(200);
        const conflict = await act(id, { action: "approve" });
        expect(conflict.status).toBe(409);
        expect(conflict.json<{ error: string }>()).toHaveProperty("error");
        expect((await act(other, { action: "approve" })).status).toBe(200);
        expect((await server.client().upvote(other)).status).toBe(200);

        const csv = await server.moderator.send("GET", adminQuestionsCsvUrl(otherSession.id));
        expect(csv.status).toBe(200);
        expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
        expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="questions-${otherSession.id}.csv"`);
        const lines = csv.text.split("\r\n");
        expect(lines[0]).toBe("text,name,votes,status,askedAt,session");
        expect(lines[1]).toBe(
          `"Say ""hi"", please","",1,"approved",${new Date(session.start).toISOString()},"${otherSession.id}"`,
        );
        // The hidden question is not exported; a question that looks like a formula is neutralised.
        const all = await server.moderator.send("GET", "/api/admin/questions.csv");
        expect(all.text).not.toContain("calc");
        // At a field's start, and after a separator a spreadsheet in another locale or dialog may split on.
        await asker.ask({ text: "=1+1" }, {}, session.id);
        await asker.ask({ text: "+SUM(A1)", name: "-x" }, {}, session.id);
        await asker.ask({ text: "a;=HYPERLINK(evil) |@SUM(1) ;＝1", name: "b,=1+1" }, {}, session.id);
        const defused = (await server.moderator.send("GET", adminQuestionsCsvUrl(session.id))).text;
        expect(defused).toContain(`"'=1+1","",0,"pending"`);
        expect(defused).toContain(`"'+SUM(A1)","'-x",0,"pending"`);
        expect(defused).toContain(`"a;'=HYPERLINK(evil) |'@SUM(1) ;'＝1","b,'=1+1",0,"pending"`);
      });

      it("keeps the moderators' routes away where no token is set, and results away from a lone moderators' token", async () => {
        const none = await serve(await fresh(), { adminToken: undefined, moderatorToken: undefined });
        for (const path of [adminQuestionsUrl, adminQuestionsCsvUrl(session.id), "/api/admin/results"]) {
          const answer = await none.client({ authorization: `Bearer ${moderatorToken}` }).send("GET", path);
          expect(answer.status).toBe(404);
          expect(answer.json<{ error: string }>()).toHaveProperty("error");
        }
        const moderatorsOnly = await serve(store, { adminToken: undefined });
        expect((await moderatorsOnly.moderator.send("GET", adminQuestionsUrl)).status).toBe(200);
        expect((await moderatorsOnly.moderator.send("GET", "/api/admin/results")).status).toBe(404);
      });

      it("returns markup as the exact text it was asked as", async () => {
        const server = await serve(await fresh(), { moderation: "post" });
        const text = `<script>alert("x")</script> & <img src=x onerror=alert(1)>`;
        const asked = await server.client().ask({ text, name: "<b>Eve</b>" });
        expect(asked.status).toBe(201);
        const answer = await server.client().send("GET", sessionQuestionsUrl(session.id));
        expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(answer.json<SessionQuestions>().questions[0]).toMatchObject({ text, name: "<b>Eve</b>" });
        expect(answer.text).toContain(JSON.stringify(text));
      });
    },
  );
}

// Two servers on one PostgreSQL: a question approved through one reaches a stream on the other.
const postgres = (await engines()).find((engine): engine is Engine => engine.name === "PostgreSQL")!;
describe.skipIf(postgres.unavailable !== null)(
  "Questions across two servers on one PostgreSQL",
  { timeout: 60_000 },
  () => {
    it("a question asked on one server and approved on the other reaches both servers' streams", async () => {
      const database = await postgres.create();
      cleanups.push(() => database.dispose());
      const one = await serve(await database.open());
      const two = await serve(await database.open());
      const onTwo = await two.stream(sessionQuestionEventsUrl(session.id));
      await onTwo.next(named("snapshot"));
      const onOne = await one.stream(sessionQuestionEventsUrl(session.id));
      await onOne.next(named("snapshot"));
      const moderating = await two.stream(adminQuestionEventsUrl, { authorization: `Bearer ${moderatorToken}` });
      await moderating.next(named("snapshot"));

      const { id } = (await one.client().ask({ text: "Across servers?" })).json<AskedQuestion>();
      // The moderators on the other server hear of it.
      await moderating.next((event) => event.event === "question" && data<ModeratedQuestion>(event).id === id);
      expect((await two.moderator.send("POST", adminQuestionUrl(id), { json: { action: "approve" } })).status).toBe(
        200,
      );
      expect(data<PublicQuestion>(await onOne.next(named("question")))).toMatchObject({ id, status: "approved" });
      expect(data<PublicQuestion>(await onTwo.next(named("question")))).toMatchObject({ id, status: "approved" });
      // The listing on the first server, kept as bytes, is current too.
      await expect.poll(async () => (await one.client().list()).questions.map((question) => question.id)).toEqual([id]);
      const from = onTwo.events.length;
      expect((await one.client().upvote(id)).status).toBe(200);
      expect(data(await onTwo.next(named("upvotes"), from))).toEqual({ [id]: 1 });
    });
  },
);
