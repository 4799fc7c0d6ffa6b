import { chmodSync, closeSync, existsSync, openSync, writeFileSync, writeSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { edition } from "../content";
import {
  adminQuestionUrl,
  sessionQuestionEventsUrl,
  sessionQuestionsUrl,
  takesQuestions,
  upvoteUrl,
} from "../common/question-contract";
import { engines } from "./test-support/databases";
import { apiCounts, earnVoter, request, votingOpenEnv, type JsonResponse } from "./test-support/server-process";
import { listingMaxAgeMs } from "./api/demos";
import { processHarness } from "./test-support/process-harness";
import { openTunnel, type Tunnel } from "./test-support/tunnel";
import * as m from "../app/i18n/messages";

/**
 * The vote store under faults, with the server in a process of its own as `npm start` runs it: killed mid-load,
 * its PostgreSQL cut off and restored, started on a file it cannot use, and stopped while requests are in flight.
 * Timeouts only stop a hang; no case asserts how long anything took (the machine is shared).
 */
const { start, spawn, tempDir, cleanups } = processHarness("glosaic-faults");

/**
 * A vote from this site's page (the same-site Origin a browser sends), by `voter` (a cookie's name=value) or by a new
 * voter whose first read earned one. A vote whose read broke was never sent: the caller counts it among the votes
 * whose outcome is unknown, which only widens the bounds below.
 */
const castVote = async (port: number, id: string, { agent, voter }: { agent?: http.Agent; voter?: string } = {}) =>
  request(port, "POST", `/api/demos/${id}/vote`, {
    headers: { origin: `http://127.0.0.1:${port}`, cookie: voter ?? (await earnVoter(port, agent)) },
    ...(agent ? { agent } : {}),
  });

interface Tally {
  /** Votes answered 2xx, by demo. */
  counted: Map<string, number>;
  /** Votes whose outcome the client never learnt (the connection broke), by demo: each may or may not count. */
  unknown: Map<string, number>;
  /** Every status answered. */
  statuses: number[];
}

const add = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);

/**
 * Casts votes from distinct voters (each earns a cookie and votes once with it), round-robin over the
 * demos, from `workers` connections at once, until `stop()` says so.
 */
function voteLoad(port: number, ids: string[], workers: number, stop: (tally: Tally) => boolean) {
  const tally: Tally = { counted: new Map(), unknown: new Map(), statuses: [] };
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  let next = 0;
  const worker = async () => {
    while (!stop(tally)) {
      const id = ids[next++ % ids.length]!;
      try {
        const response = await castVote(port, id, { agent });
        tally.statuses.push(response.status);
        if (response.status >= 200 && response.status < 300) add(tally.counted, id);
      } catch {
        add(tally.unknown, id);
      }
    }
  };
  return Promise.all(Array.from({ length: workers }, worker)).then(() => {
    agent.destroy();
    return tally;
  });
}

/** Rows in the votes table of a SQLite file, by demo, read straight from the file. */
function storedVotes(file: string): Map<string, number> {
  const database = new SQLite(file, { readonly: true });
  try {
    const rows = database.prepare("select demo_id, count(*) as n from votes_by_edition group by demo_id").all() as {
      demo_id: string;
      n: number;
    }[];
    return new Map(rows.map((row) => [row.demo_id, row.n]));
  } finally {
    database.close();
  }
}

/** A session of the served edition that takes questions, and the settings that keep its questions open. */
const questionSession = edition.agenda.find((slot) => takesQuestions(slot.type, edition.event.questions))!;
const questionsOpenEnv = { QUESTIONS_OPENS: "2020-01-01T00:00:00Z", QUESTIONS_CLOSES: "2099-01-01T00:00:00Z" };
const sameSite = (port: number) => ({ origin: `http://127.0.0.1:${String(port)}` });

/** A JSON request with a body, as the question routes take (`request` above sends none). */
function sendJson(
  port: number,
  method: string,
  path: string,
  body: unknown,
  { headers = {}, agent }: { headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const outgoing = http.request({
      host: "127.0.0.1",
      port,
      method,
      path,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)), ...headers },
      agent: agent ?? false,
    });
    outgoing.on("error", reject);
    outgoing.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("error", reject);
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as unknown });
      });
    });
    outgoing.end(payload);
  });
}

describe("Questions under faults", { timeout: 30_000 }, () => {
  it("keeps every question and upvote answered 2xx when the server is killed (kill -9) mid-load", async () => {
    const file = path.join(tempDir(), "votes.sqlite");
    const token = "faults-admin-token-0123456789abcdef0123456789";
    const env = {
      DATABASE_PATH: file,
      ...questionsOpenEnv,
      ADMIN_TOKEN: token,
      // Every request comes from one address, each from a new voter.
      RATE_LIMIT_QUESTIONS: "1000000",
      RATE_LIMIT_UPVOTES: "1000000",
      RATE_LIMIT_NEW_VOTERS: "1000000",
    };
    const session = questionSession;
    const first = await start({ port: 4626, env });
    const origin = { origin: "http://127.0.0.1:4626" };
    const asked = await sendJson(
      4626,
      "POST",
      sessionQuestionsUrl(session.id),
      { text: "Upvote me" },
      { headers: { ...origin, cookie: await earnVoter(4626) } },
    );
    const target = (asked.body as { id: string }).id;
    const approved = await sendJson(
      4626,
      "POST",
      adminQuestionUrl(target),
      { action: "approve" },
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(approved.status).toBe(200);

    // Workers alternate: a new asker's question, a new voter's upvote. Each earns a cookie and writes once with it.
    const questions = new Set<string>();
    let upvotes = 0;
    let unknownUpvotes = 0;
    const statuses = new Set<number>();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const load = { killed: false };
    let next = 0;
    const worker = async () => {
      while (!load.killed) {
        const upvote = next++ % 2 === 1;
        try {
          const headers = { ...origin, cookie: await earnVoter(4626, agent) };
          if (upvote) {
            const response = await sendJson(4626, "POST", upvoteUrl(target), {}, { headers, agent });
            statuses.add(response.status);
            if (response.status === 200) upvotes++;
          } else {
            const response = await sendJson(
              4626,
              "POST",
              sessionQuestionsUrl(session.id),
              { text: `Question ${String(next)}` },
              { headers, agent },
            );
            statuses.add(response.status);
            if (response.status === 201) questions.add((response.body as { id: string }).id);
          }
        } catch {
          if (upvote) unknownUpvotes++;
        }
        killOnceLoaded();
      }
    };
    // Kill once a few hundred are in, with every worker's next request in flight.
    const killOnceLoaded = () => {
      if (load.killed || questions.size + upvotes < 300) return;
      load.killed = true;
      first.child.kill("SIGKILL");
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    agent.destroy();
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(statuses).toEqual(new Set([200, 201]));

    // Restarted on the same file: every acknowledged question is there, and the count equals the upvotes stored.
    await start({ port: 4626, env });
    const database = new SQLite(file, { readonly: true });
    try {
      const stored = new Set(
        (database.prepare("select id from questions_by_edition").all() as { id: string }[]).map((row) => row.id),
      );
      for (const id of questions) expect(stored.has(id), id).toBe(true);
      const rows = database
        .prepare("select count(*) as n from question_upvotes_by_edition where question_id = ?")
        .get(target) as { n: number };
      const count = database.prepare("select upvotes from questions_by_edition where id = ?").get(target) as {
        upvotes: number;
      };
      expect(rows.n).toBeGreaterThanOrEqual(upvotes);
      expect(rows.n).toBeLessThanOrEqual(upvotes + unknownUpvotes);
      expect(count.upvotes).toBe(rows.n);
    } finally {
      database.close();
    }
  });
});

describe("Votes under faults", { timeout: 30_000 }, () => {
  it("keeps every vote answered 2xx when the server is killed (kill -9) mid-load, and counts equal stored votes", async () => {
    const file = path.join(tempDir(), "votes.sqlite");
    // Every vote comes from one address, each from a new voter.
    const env = { DATABASE_PATH: file, ...votingOpenEnv, RATE_LIMIT_NEW_VOTERS: "1000000" };
    const first = await start({ port: 4621, env });
    const seeds = await apiCounts(4621);
    const ids = [...seeds.keys()];

    const total = (tally: Tally) => [...tally.counted.values()].reduce((sum, n) => sum + n, 0);
    let killed = false;
    const tally = await voteLoad(4621, ids, 16, (progress) => {
      // Kill once a few hundred votes are in, with every worker's next vote in flight.
      if (!killed && total(progress) >= 300) {
        killed = true;
        first.child.kill("SIGKILL");
      }
      return killed;
    });
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    expect(new Set(tally.statuses)).toEqual(new Set([201]));
    expect(total(tally)).toBeGreaterThanOrEqual(300);

    const second = await start({ port: 4621, env });
    const after = await apiCounts(4621);
    const stored = storedVotes(file);
    for (const id of ids) {
      const gained = after.get(id)! - seeds.get(id)!;
      // Every vote the client was told about survived; at most the ones cut off in flight are extra.
      expect(gained, id).toBeGreaterThanOrEqual(tally.counted.get(id) ?? 0);
      expect(gained, id).toBeLessThanOrEqual((tally.counted.get(id) ?? 0) + (tally.unknown.get(id) ?? 0));
      // The running count and the votes agree: no vote was counted without being stored, or the reverse.
      expect(stored.get(id) ?? 0, id).toBe(gained);
    }
    // And the restarted server takes votes.
    expect((await castVote(second.port, ids[0]!)).status).toBe(201);
  });

  describe("when PostgreSQL goes away", async () => {
    const postgres = (await engines()).find((engine) => engine.name === "PostgreSQL")!;

    // Without PostgreSQL the contract tests say so; under CI it must be there, so the case runs and fails.
    it.skipIf(postgres.unavailable !== null && !process.env.CI)(
      "answers 503 with Retry-After and a JSON error, never crashes, and votes again once it is back",
      async () => {
        const database = await postgres.create();
        cleanups.push(() => database.dispose());
        const [, url, schema] = database.processArgs as [string, string, string];
        const target = new URL(url);
        const tunnel: Tunnel = await openTunnel({ host: target.hostname, port: Number(target.port || 5432) }, 4625);
        cleanups.push(() => tunnel.close());
        const through = new URL(url);
        through.hostname = "127.0.0.1";
        through.port = String(tunnel.port);
        through.searchParams.set("options", `-c search_path=${schema}`);

        const server = await start({
          port: 4622,
          env: { DATABASE_URL: through.href, ...votingOpenEnv, ...questionsOpenEnv, RATE_LIMIT_NEW_VOTERS: "1000000" },
        });
        const seeds = await apiCounts(4622);
        // The edition's demos, whatever they are: one for a voter who comes back, the others under load.
        const [voterDemo = "", ...others] = [...seeds.keys()];
        const loaded = others.length > 0 ? others : [voterDemo];
        const voter = await earnVoter(4622);
        expect((await castVote(4622, voterDemo, { voter })).status).toBe(201);

        // Votes in flight when the network goes: their clients lose their socket mid-query, which once crashed
        // the process (an "error" event on a checked-out pg client, with no listener).
        let cut = false;
        const load = voteLoad(4622, loaded, 8, () => cut);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tunnel.cut();
        cut = true;
        const tally = await load;
        expect(
          tally.statuses.every((status) => status === 201 || status === 503),
          tally.statuses.join(),
        ).toBe(true);
        // The leaderboard read that earned the load's last voter may have been made just before the cut, and a
        // listing serves for its age bound without the store (demos.ts): past it, a read needs the store.
        await new Promise((resolve) => setTimeout(resolve, listingMaxAgeMs));

        const unavailable = [
          await castVote(4622, voterDemo, { voter }),
          await request(4622, "GET", "/api/demos"),
          await request(4622, "GET", `/api/demos/${voterDemo}/has-voted`, { headers: { cookie: voter } }),
          // The audience's questions live in the same store.
          await sendJson(
            4622,
            "POST",
            sessionQuestionsUrl(questionSession.id),
            { text: "Still there?" },
            { headers: { ...sameSite(4622), cookie: voter } },
          ),
          await request(4622, "GET", sessionQuestionsUrl(questionSession.id), { headers: { cookie: voter } }),
          await request(4622, "GET", sessionQuestionEventsUrl(questionSession.id)),
          await request(4622, "POST", upvoteUrl("00000000-0000-4000-8000-000000000000"), {
            headers: { ...sameSite(4622), cookie: voter },
          }),
        ];
        for (const response of unavailable) {
          expect(response.status).toBe(503);
          expect(response.headers["retry-after"]).toBe("5");
          expect(response.headers["content-type"]).toMatch(/^application\/json/);
          expect(response.body).toEqual({ error: expect.any(String) as string });
          expect(response.headers["x-content-type-options"]).toBe("nosniff");
        }
        // Each says what is away: the votes, or the questions.
        expect(unavailable.map((response) => (response.body as { error: string }).error)).toEqual([
          m.apiVotesUnavailable,
          m.apiVotesUnavailable,
          m.apiVotesUnavailable,
          m.apiQuestionsUnavailable,
          m.apiQuestionsUnavailable,
          m.apiQuestionsUnavailable,
          m.apiQuestionsUnavailable,
        ]);
        // Health says the store is away; what needs no database still works, and the process is alive.
        expect(await request(4622, "GET", "/api/health")).toMatchObject({
          status: 503,
          body: { status: "unavailable", reason: expect.any(String) as string },
        });
        expect((await request(4622, "GET", "/")).status).toBe(200);
        expect(server.child.exitCode).toBeNull();

        await tunnel.restore();
        expect((await castVote(4622, voterDemo)).status).toBe(201);
        const asked = await sendJson(
          4622,
          "POST",
          sessionQuestionsUrl(questionSession.id),
          { text: "Back?" },
          { headers: { ...sameSite(4622), cookie: voter } },
        );
        expect(asked.status).toBe(201);
        const status = await request(4622, "GET", `/api/demos/${voterDemo}/has-voted`, { headers: { cookie: voter } });
        expect(status.body).toMatchObject({ hasVoted: true });
        // Health may repeat its last answer for a second (server/api/health.ts).
        await vi.waitFor(
          async () => {
            expect((await request(4622, "GET", "/api/health")).body).toEqual({ status: "ok" });
          },
          { timeout: 5000, interval: 200 },
        );

        // Every vote answered 201 is stored, and the counts still equal the votes.
        const after = await apiCounts(4622);
        const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
        await client.connect();
        try {
          const { rows } = await client.query<{ demo_id: string; n: string }>(
            "select demo_id, count(*) as n from votes_by_edition group by demo_id",
          );
          const stored = new Map(rows.map((row) => [row.demo_id, Number(row.n)]));
          for (const id of loaded) {
            expect(stored.get(id) ?? 0, id).toBeGreaterThanOrEqual(tally.counted.get(id) ?? 0);
          }
          for (const [id, seed] of seeds) expect(after.get(id)! - seed, id).toBe(stored.get(id) ?? 0);
        } finally {
          await client.end();
        }
        expect(server.stderr()).not.toMatch(/uncaught|unhandled|at .+\(.+:\d+:\d+\)/i);
        // The operator is told the store is away, but not once per request: at most once per Retry-After period.
        const warnings = server.stdout().match(/The vote store is unavailable/g)?.length ?? 0;
        const answered503 = tally.statuses.filter((code) => code === 503).length + unavailable.length;
        expect(warnings).toBeGreaterThanOrEqual(1);
        expect(warnings).toBeLessThan(answered503);
      },
    );
  });

  // Each case runs as the tests do; as root, without the capabilities that let root ignore file permissions.
  it.each([
    {
      name: "a file of garbage bytes",
      prepare: (dir: string) => {
        const file = path.join(dir, "votes.sqlite");
        writeFileSync(file, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256)));
        return file;
      },
      message: "the file is not a SQLite database, or it is damaged (SQLITE_NOTADB)",
    },
    {
      name: "a SQLite file damaged inside",
      prepare: (dir: string) => {
        const file = path.join(dir, "votes.sqlite");
        const database = new SQLite(file);
        database.exec("create table t (x text); create index t_x on t (x)");
        const insert = database.prepare("insert into t values (?)");
        for (let i = 0; i < 500; i++) insert.run(`row ${i} ${"x".repeat(50)}`);
        database.close();
        // Overwrite two pages in the middle of the file (table and index), keeping the header page intact.
        const fd = openSync(file, "r+");
        writeSync(fd, Buffer.alloc(8192, 0xab), 0, 8192, 3 * 4096);
        closeSync(fd);
        return file;
      },
      message:
        /^the (file is not a SQLite database, or it is damaged \(SQLITE_\w+\)|database is damaged \(quick_check: .+\))$/,
    },
    {
      name: "a file it may not write",
      prepare: (dir: string) => {
        const file = path.join(dir, "votes.sqlite");
        new SQLite(file).close();
        chmodSync(file, 0o444);
        return file;
      },
      message: /^the file is not writable by this user \(uid \d+\)$/,
    },
    {
      name: "a folder it may not write",
      prepare: (dir: string) => {
        chmodSync(dir, 0o555);
        return path.join(dir, "votes.sqlite");
      },
      message: /^its folder .+ is not writable by this user \(uid \d+\)$/,
    },
  ])("refuses to start on $name: exit code 1 and one line naming the file", async ({ prepare, message }) => {
    const dir = tempDir();
    const file = prepare(dir);
    const server = spawn({ port: 4623, env: { DATABASE_PATH: file }, permissionsApply: true });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    const lines = server.stderr().trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const prefix = `Cannot open the vote store at ${file}: `;
    expect(lines[0]!.startsWith(prefix), lines[0]).toBe(true);
    expect(lines[0]!.slice(prefix.length)).toMatch(message);
  });

  it("drains on SIGTERM: a vote in flight completes, idle keep-alive connections close, the store closes, exit 0", async () => {
    const file = path.join(tempDir(), "votes.sqlite");
    const server = await start({ port: 4624, env: { DATABASE_PATH: file, ...votingOpenEnv } });
    const seeds = await apiCounts(4624);
    const [demo = ""] = seeds.keys();

    // An idle keep-alive connection, after one request.
    const idle = net.connect(4624, "127.0.0.1");
    const idleClosed = new Promise((resolve) => idle.on("close", resolve));
    idle.on("error", () => undefined);
    await new Promise<void>((resolve) => {
      idle.once("data", () => {
        resolve();
      });
      idle.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    });

    // A slow vote: headers sent, body not yet. "100 Continue" says the server holds the request.
    const voter = await earnVoter(4624);
    const slow = net.connect(4624, "127.0.0.1");
    let answer = "";
    slow.setEncoding("latin1").on("data", (chunk: string) => (answer += chunk));
    const slowClosed = new Promise((resolve) => slow.on("close", resolve));
    await new Promise<void>((resolve) => {
      slow.once("data", () => {
        resolve();
      });
      slow.write(
        `POST /api/demos/${demo}/vote HTTP/1.1\r\nHost: 127.0.0.1:4624\r\nOrigin: http://127.0.0.1:4624\r\nCookie: ${voter}\r\n` +
          "Content-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n",
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue/);

    server.child.kill("SIGTERM");
    // The idle connection is closed by the server, and with it the listening socket: no new connections.
    await idleClosed;
    const refused = await new Promise<string>((resolve) => {
      const late = net.connect(4624, "127.0.0.1");
      late.on("connect", () => {
        resolve("connected");
      });
      late.on("error", (error: NodeJS.ErrnoException) => {
        resolve(error.code ?? "error");
      });
    });
    expect(refused).toBe("ECONNREFUSED");

    // The slow vote finishes, is counted, and its connection is then closed rather than kept alive.
    slow.write("{}");
    await slowClosed;
    expect(answer).toMatch(/HTTP\/1\.1 201 Created/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain(`"votes":${seeds.get(demo)! + 1}`);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe("");
    // SQLite removes the write-ahead log when the last connection closes cleanly: the store was closed, not cut.
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(storedVotes(file).get(demo)).toBe(1);
  });
});
