import { get, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { demoEventsPath } from "../../common/api-contract";
import { sessionQuestionEventsUrl, takesQuestions } from "../../common/question-contract";
import { appHarness, duringVoting, open, voteAsPage, type App } from "../test-support/app-harness";
import { streamsFullRetryAfterSeconds } from "./demo-events";
import * as m from "../../app/i18n/messages";

// The live leaderboard's stream (issue 19): read over a real connection, as the page reads it.

const { start, cleanups } = appHarness();
const [first, second] = edition.demos;
if (!first || !second) throw new Error("these tests vote for two demos: the edition has fewer");

interface ServerEvent {
  event: string;
  data: string;
}

/** A response's status, headers and, for a refusal, its JSON body. */
interface Head {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * Opens the stream on a listening app and collects its events as they come. A connection of its own (no agent),
 * closed with the stream: a kept-alive connection would hold the app's close.
 */
async function openStream(app: App, localAddress = "127.0.0.1") {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const events: ServerEvent[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  const { request, response } = await new Promise<{ request: ClientRequest; response: IncomingMessage }>(
    (resolve, reject) => {
      const sent = get({ host: "127.0.0.1", port, path: demoEventsPath, agent: false, localAddress }, (answer) => {
        resolve({ request: sent, response: answer });
      });
      sent.on("error", reject);
    },
  );
  const head: Head = { status: response.statusCode ?? 0, headers: response.headers };
  let raw = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    raw += chunk;
    let end: number;
    while ((end = raw.indexOf("\n\n")) !== -1) {
      const block = raw.slice(0, end);
      raw = raw.slice(end + 2);
      const fields = Object.fromEntries(
        block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
      );
      events.push({ event: fields.event ?? (fields.retry ? "retry" : "comment"), data: fields.data ?? block });
    }
    wakeAll();
  });
  response.on("close", () => {
    ended = true;
    wakeAll();
  });
  const close = () => request.destroy();
  cleanups.push(() => {
    close();
    return Promise.resolve();
  });
  // A refusal is read whole: its JSON body.
  const refusal =
    head.status === 200
      ? null
      : await new Promise<unknown>((resolve) => {
          response.on("end", () => {
            resolve(JSON.parse(raw));
          });
        });
  /** The first event (from `from` on) that passes `test`, waiting up to two seconds for it. */
  const next = (test: (event: ServerEvent) => boolean, from = 0) =>
    new Promise<ServerEvent>((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(test);
        if (!found && !ended) return;
        clearTimeout(timer);
        waiters.delete(check);
        if (found) resolve(found);
        else reject(new Error(`The stream ended without such an event: ${JSON.stringify(events)}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No such event within 2 s: ${JSON.stringify(events)}`));
      }, 2000);
      waiters.add(check);
      check();
    });
  return { head, refusal, events, next, ended: () => ended, close };
}

async function listening(options: Parameters<typeof start>[0] = {}) {
  const app = await start(options);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

const counts = (event: ServerEvent) => JSON.parse(event.data) as Record<string, number>;

describe("GET /api/demos/events", () => {
  it("while voting is open: reconnection advice, every count at once, then the count a vote changed", async () => {
    const app = await listening();
    const stream = await openStream(app);
    expect(stream.head.status).toBe(200);
    expect(stream.head.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.head.headers["cache-control"]).toBe("no-store");
    // The security headers every answer carries.
    expect(stream.head.headers["x-content-type-options"]).toBe("nosniff");
    expect((await stream.next((event) => event.event === "retry")).data).toMatch(/^retry: \d+$/);
    const snapshot = counts(await stream.next((event) => event.event === "snapshot"));
    expect(snapshot).toEqual(Object.fromEntries(edition.demos.map((demo) => [demo.id, demo.votes])));

    expect((await voteAsPage(app, second.id)).statusCode).toBe(201);
    const change = await stream.next((event) => event.event === "counts");
    // Only what changed.
    expect(counts(change)).toEqual({ [second.id]: second.votes + 1 });
  });

  it("outside the window is refused 409 with a JSON error, before and after", async () => {
    for (const [now, error] of [
      [new Date(open.opens.getTime() - 1000), m.apiVotingNotBegun],
      [open.closes, m.apiVotingEnded],
    ] as const) {
      const app = await listening({ now: () => now });
      const stream = await openStream(app);
      expect(stream.head.status).toBe(409);
      expect(stream.head.headers["content-type"]).toMatch(/^application\/json/);
      expect(stream.refusal).toEqual({ error });
    }
  });

  it("past the streams a server holds, answers 503 with Retry-After, and takes a client again once one leaves", async () => {
    const app = await listening({ maxLiveStreams: 1 });
    const held = await openStream(app);
    expect(held.head.status).toBe(200);
    await held.next((event) => event.event === "snapshot");
    const refused = await openStream(app);
    expect(refused.head.status).toBe(503);
    expect(refused.head.headers["retry-after"]).toBe(String(streamsFullRetryAfterSeconds));
    expect(refused.refusal).toHaveProperty("error");
    held.close();
    await expect.poll(async () => (await openStream(app)).head.status, { timeout: 2000 }).toBe(200);
  });

  it("holds one address to its share of the audience's streams, the questions' included, and polls it past that", async () => {
    const app = await listening({ maxStreamsPerAddress: 2 });
    const held = [await openStream(app), await openStream(app)];
    for (const stream of held) expect(stream.head.status).toBe(200);
    const refused = await openStream(app);
    expect(refused.head.status).toBe(503);
    expect(refused.head.headers["retry-after"]).toBe(String(streamsFullRetryAfterSeconds));
    expect(refused.refusal).toEqual({ error: m.apiStreamsPerAddressFull });
    // The same share holds the address's question streams.
    const session = edition.agenda.find((slot) => takesQuestions(slot.type, edition.event.questions));
    if (session) {
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const questions = await fetch(`http://127.0.0.1:${String(port)}${sessionQuestionEventsUrl(session.id)}`);
      expect(questions.status).toBe(503);
      expect(await questions.json()).toEqual({ error: m.apiStreamsPerAddressFull });
    }
    // Another address is another client.
    expect((await openStream(app, "127.0.0.2")).head.status).toBe(200);
    held[0]!.close();
    await expect.poll(async () => (await openStream(app)).head.status, { timeout: 2000 }).toBe(200);
  });

  it("carries a heartbeat, and when the window closes says so and ends the stream", async () => {
    let now = duringVoting();
    const app = await listening({ now: () => now, liveHeartbeatMs: 50 });
    const stream = await openStream(app);
    await stream.next((event) => event.event === "snapshot");
    await stream.next((event) => event.event === "comment" && event.data === ": heartbeat");
    now = open.closes;
    const closed = stream.events.length;
    expect((await stream.next((event) => event.event === "closed", closed)).data).toBe("{}");
    await expect.poll(() => stream.ended(), { timeout: 2000 }).toBe(true);
  });

  it("keeps counting: 200 distinct voters at once, with streams open, count 200", async () => {
    const app = await listening({ newVotersPerMinute: 200 });
    const streams = await Promise.all([1, 2, 3, 4, 5].map(() => openStream(app)));
    for (const stream of streams) await stream.next((event) => event.event === "snapshot");
    const answers = await Promise.all(Array.from({ length: 200 }, () => voteAsPage(app, first.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(200);
    const expected = first.votes + 200;
    for (const stream of streams) {
      await stream.next((event) => event.event === "counts" && counts(event)[first.id] === expected);
    }
    const list = (await app.inject({ method: "GET", url: "/api/demos" })).json<{ id: string; votes: number }[]>();
    expect(list.find((demo) => demo.id === first.id)?.votes).toBe(expected);
  });

  it("does not keep the server from closing", async () => {
    const app = await listening();
    const stream = await openStream(app);
    await stream.next((event) => event.event === "snapshot");
    await app.close();
    await expect.poll(() => stream.ended(), { timeout: 2000 }).toBe(true);
  });
});
