import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { demoEventsPath } from "../../common/api-contract";
import { sessionQuestionEventsUrl, takesQuestions } from "../../common/question-contract";
import { openEventStream, type ServerEvent } from "../test-support/event-stream";
import { appHarness, duringVoting, open, voteAsPage, type App } from "../test-support/app-harness";
import { streamsFullRetryAfterSeconds } from "./demo-events";
import * as m from "../../app/i18n/messages";

// The live leaderboard's stream (issue 19): read over a real connection, as the page reads it.

const { start, cleanups } = appHarness();
const [first, second] = edition.demos;
if (!first || !second) throw new Error("these tests vote for two demos: the edition has fewer");

/**
 * Opens the stream on a listening app, from `localAddress`, and closes it after the test: a connection of its own, as
 * the page's (server/test-support/event-stream.ts).
 */
async function openStream(app: App, localAddress = "127.0.0.1") {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const stream = await openEventStream(port, demoEventsPath, {}, localAddress);
  cleanups.push(() => {
    stream.close();
    return Promise.resolve();
  });
  return stream;
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
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["cache-control"]).toBe("no-store");
    // The security headers every answer carries.
    expect(stream.headers["x-content-type-options"]).toBe("nosniff");
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
      expect(stream.status).toBe(409);
      expect(stream.headers["content-type"]).toMatch(/^application\/json/);
      expect(stream.refusal).toEqual({ error });
    }
  });

  it("past the streams a server holds, answers 503 with Retry-After, and takes a client again once one leaves", async () => {
    const app = await listening({ maxLiveStreams: 1 });
    const held = await openStream(app);
    expect(held.status).toBe(200);
    await held.next((event) => event.event === "snapshot");
    const refused = await openStream(app);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(streamsFullRetryAfterSeconds));
    expect(refused.refusal).toHaveProperty("error");
    held.close();
    await expect.poll(async () => (await openStream(app)).status, { timeout: 2000 }).toBe(200);
  });

  it("holds one address to its share of the audience's streams, the questions' included, and polls it past that", async () => {
    const app = await listening({ maxStreamsPerAddress: 2 });
    const held = [await openStream(app), await openStream(app)];
    for (const stream of held) expect(stream.status).toBe(200);
    const refused = await openStream(app);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe(String(streamsFullRetryAfterSeconds));
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
    expect((await openStream(app, "127.0.0.2")).status).toBe(200);
    held[0]!.close();
    await expect.poll(async () => (await openStream(app)).status, { timeout: 2000 }).toBe(200);
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
