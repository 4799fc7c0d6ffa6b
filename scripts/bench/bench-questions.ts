import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import type { LoadedEdition } from "../../content/load-edition";
import { serverArgs } from "../../server/start-command";
import { sessionQuestionsUrl, takesQuestions } from "../../common/question-contract";
import {
  cpuSeconds,
  editionUnderLoad,
  get,
  hasTaskset,
  loadCore,
  machine,
  rssMb,
  serverCore,
  startBareServer,
  startOurServer,
  wrkInstalled,
  type Running,
} from "./load/harness";
import { QuestionCrowd } from "./load/question-crowd";
import { storedQuestions, type StoreReader } from "./load/question-store-check";
import { ChangeLatencies, Histogram, StreamFleet } from "./load/question-streams";
import { compete, ratioOf, type Contender, type RoundsRow } from "./load/rounds";

/**
 * npm run bench:questions: the audience's questions under load (issue 29, item 8), on one server built from this
 * tree (`npm run build` first), run as in production (`node build/server/index.js`), pinned to core 0; this
 * process, which holds the streams and plays the audience, and wrk are pinned to core 1.
 *
 * 1. Streams: 10,000 open question streams, spread over every session that takes questions, while 1,000 people
 *    ask and upvote and a moderator approves. Then the same with the 10,000 streams on one session. Reports every
 *    acknowledged question and upvote stored once (read from the database afterwards), the time from each change's
 *    acknowledgement to each stream showing it (p50, p99, max), the server's memory per open stream, and errors.
 * 2. Two servers on one PostgreSQL: streams on B, the audience and the moderator on A.
 * 3. The reads a polling audience makes (GET /api/demos, a session's questions without a cookie) against a bare
 *    node:http server answering the same bytes, in alternating rounds with a control row (as `npm run bench`),
 *    with the 10,000 streams open and then with none.
 *
 * Prints tables; asserts nothing (the figures go to docs/performance.md).
 *
 *   npm run build && npm run bench:questions          about 4-5 minutes on a quiet machine, twice that on a busy one
 *   QBENCH_STREAMS=2000 QBENCH_CLIENTS=200 QBENCH_SECONDS=10 npm run bench:questions    a quick try
 *   QBENCH_POSTGRES=1 npm run bench:questions         also the 10,000 streams on one server on PostgreSQL
 *   QBENCH_PARTS=spread,reads npm run bench:questions  some parts only (spread, one, reads, two-servers)
 *   QBENCH_ROUNDS=20 QBENCH_WARMUP=5 npm run bench:questions   the reads' rounds and warm-up, in seconds per server
 */

const env = process.env;
const streamCount = Number(env.QBENCH_STREAMS ?? 10_000);
const clientCount = Number(env.QBENCH_CLIENTS ?? 1000);
const seconds = Number(env.QBENCH_SECONDS ?? 20);
const parts = new Set((env.QBENCH_PARTS ?? "spread,one,reads,two-servers").split(","));
const withPostgres = env.QBENCH_POSTGRES === "1";
/** Node flags for the server under test only (QBENCH_SERVER_FLAGS="--max-semi-space-size=1"), to try V8 settings. */
const serverFlags = (env.QBENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
const databaseUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/**
 * Rounds of the read comparisons: 5 s of warm-up per server, then 10 rounds of 1 s per server. The warm-up is what
 * a server that has been up for a while has behind it. Our server's first seconds under wrk cost it more CPU per
 * request than its later ones, more so than the bare server with its few functions to compile (in one set of 3 s
 * rounds: 40.9 µs a request in its first against 27.7-30.9 after; bare node:http 29.9 against 27.8-34.7), and with
 * 1 s of warm-up those seconds fell into the first rounds.
 */
const readRounds = {
  rounds: Number(env.QBENCH_ROUNDS ?? 10),
  roundSeconds: 1,
  warmupSeconds: Number(env.QBENCH_WARMUP ?? 5),
};
/** How long streams may take to show the last changes once the audience has stopped. */
const drainMs = 15_000;
/** The latency target (the issue): every stream shows each change within 2 s at the 99th percentile. */
const targetP99Ms = 2000;
const ports = { ours: 4780, bare: 4781, control: 4782, a: 4783, b: 4784 };

/** What the run takes of the edition under load: its id, its questions' settings and the sessions that take them. */
interface Questions {
  editionId: string;
  settings: LoadedEdition["edition"]["event"]["questions"];
  sessions: string[];
}

function questionsOf({ id, edition }: LoadedEdition): Questions {
  const settings = edition.event.questions;
  const sessions = edition.agenda.filter((slot) => takesQuestions(slot.type, settings)).map((slot) => slot.id);
  return { editionId: id, settings, sessions };
}
const moderatorToken = randomBytes(32).toString("hex");
const cookieName = "glosaic_voter";

/**
 * The server as the bench runs it (harness.ts's loadTestEnv adds voting open and the vote and read limits out of
 * the way): questions open for every session, room for the streams (all from one address), the moderator's token,
 * and the question limits raised, since every person of the crowd shares one machine and the limiter is not what
 * is measured.
 */
function questionEnv(maxStreams: number): Record<string, string> {
  const hour = 60 * 60 * 1000;
  return {
    QUESTIONS_OPENS: new Date(Date.now() - hour).toISOString(),
    QUESTIONS_CLOSES: new Date(Date.now() + 24 * hour).toISOString(),
    MAX_QUESTION_STREAMS: String(maxStreams),
    // Every stream is held from 127.0.0.1: one address holds them all.
    MAX_STREAMS_PER_ADDRESS: String(maxStreams),
    MODERATOR_TOKEN: moderatorToken,
    RATE_LIMIT_QUESTIONS: "1000000000",
    RATE_LIMIT_UPVOTES: "1000000000",
    RATE_LIMIT_QUESTIONS_PER_VOTER: "1000000000",
    RATE_LIMIT_UPVOTES_PER_VOTER: "1000000000",
  };
}

/** Seconds a process has spent ready to run but waiting for a core (the second field of /proc/PID/schedstat). */
function runQueueSeconds(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e9;
  } catch {
    return undefined;
  }
}

/**
 * Connections the kernel dropped because a listening socket's accept queue was full, machine-wide (TcpExt
 * ListenOverflows): a server that cannot accept as fast as clients connect, which they see as timeouts and resets.
 */
function listenOverflows(): number | undefined {
  try {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n");
    const names = lines.find((line) => line.startsWith("TcpExt:"))?.split(" ") ?? [];
    const values = lines.filter((line) => line.startsWith("TcpExt:"))[1]?.split(" ") ?? [];
    const at = names.indexOf("ListenOverflows");
    return at === -1 ? undefined : Number(values[at]);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
const latencyCells = (histogram: Histogram) =>
  `${fmt(histogram.at(0.5))} / ${fmt(histogram.at(0.99))} / ${fmt(histogram.at(1))}`;

interface StreamsResult {
  label: string;
  streamsAsked: number;
  streamsOpen: number;
  refused: Record<string, number>;
  dropped: number;
  /** Server RSS before the streams, with them open, and at the end; MB. */
  rss: { before?: number; streams?: number; end?: number };
  openSeconds: number;
  latencies: ChangeLatencies;
  crowd: QuestionCrowd;
  behind: { streams: number; questions: number };
  drainedMs: number;
  stored: string[];
  serverCpuPercent?: number;
  /** Seconds the server and this process waited for a core while runnable (schedstat): other load on the machine. */
  serverWaitSeconds?: number;
  benchWaitSeconds?: number;
  benchCpuPercent: number;
  benchLoopP99Ms: number;
  playedSeconds: number;
  /** Accept-queue overflows (machine-wide) from opening the streams to the end of the drain. */
  overflows?: number;
}

const results: StreamsResult[] = [];
const readRows: { condition: string; rows: RoundsRow[] }[] = [];
const notes: string[] = [];

/** Holds the streams on `streamsPort`, plays the crowd against `crowdPort`, then checks the store. */
async function streamsRun({
  label,
  streamsPort,
  crowdPort,
  streamsPid,
  streamSessions,
  crowdSessions,
  streams,
  clients,
  asksPerClient,
  store,
  questions: { editionId, settings, sessions },
}: {
  label: string;
  streamsPort: number;
  crowdPort: number;
  streamsPid: number;
  streamSessions: readonly string[];
  crowdSessions: readonly string[];
  streams: number;
  clients: number;
  asksPerClient: number;
  store: StoreReader;
  questions: Questions;
}): Promise<{ result: StreamsResult; fleet: StreamFleet }> {
  console.error(`${label}: opening ${streams} streams`);
  // Questions the run can make: every person's asks, with room for a double-click gone wrong.
  const latencies = new ChangeLatencies(Math.ceil(clients * (asksPerClient + 0.5)) + 16);
  const fleet = new StreamFleet(streamsPort, latencies, streams);
  for (let warm = 0; warm < 20; warm++)
    await get(`http://127.0.0.1:${streamsPort}${sessionQuestionsUrl(sessions[0] ?? "")}`);
  await sleep(1000);
  const rssBefore = rssMb(streamsPid);
  const overflowsBefore = listenOverflows();
  const openedAt = performance.now();
  await fleet.open(streamSessions, streams);
  const openSeconds = (performance.now() - openedAt) / 1000;
  await sleep(2000);
  const rssStreams = rssMb(streamsPid);
  console.error(`  ${fleet.totals.open} open in ${openSeconds.toFixed(1)} s; the audience plays for ${seconds} s`);

  const crowd = new QuestionCrowd(
    {
      base: `http://127.0.0.1:${crowdPort}`,
      sessions: crowdSessions,
      clients,
      asksPerClient,
      upvotesPerClient: 5,
      seconds,
      moderation: settings.moderation,
      moderatorToken,
      cookieName,
    },
    latencies,
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const benchCpuBefore = process.cpuUsage();
  const serverCpuBefore = cpuSeconds(streamsPid);
  const serverWaitBefore = runQueueSeconds(streamsPid);
  const benchWaitBefore = runQueueSeconds(process.pid);
  const playedAt = performance.now();
  await crowd.run();
  // Until every stream shows what the acknowledgements say, or the drain's time is up.
  const drainFrom = performance.now();
  let behind = fleet.behind(crowd.expected());
  while (behind.streams > 0 && performance.now() - drainFrom < drainMs) {
    await sleep(100);
    behind = fleet.behind(crowd.expected());
  }
  const drainedMs = performance.now() - drainFrom;
  const wall = (performance.now() - playedAt) / 1000;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const serverCpuAfter = cpuSeconds(streamsPid);
  const serverWaitAfter = runQueueSeconds(streamsPid);
  const benchWaitAfter = runQueueSeconds(process.pid);
  loop.disable();
  const stored = await storedQuestions(store, crowd, editionId);
  const result: StreamsResult = {
    label,
    streamsAsked: streams,
    streamsOpen: fleet.openNow,
    refused: fleet.totals.refused,
    dropped: fleet.totals.dropped,
    rss: { before: rssBefore, streams: rssStreams, end: rssMb(streamsPid) },
    openSeconds,
    latencies,
    crowd,
    behind,
    drainedMs,
    stored,
    ...(serverCpuBefore !== undefined && serverCpuAfter !== undefined
      ? { serverCpuPercent: ((serverCpuAfter - serverCpuBefore) / wall) * 100 }
      : {}),
    benchCpuPercent: ((benchCpu.user + benchCpu.system) / 1e6 / wall) * 100,
    playedSeconds: wall,
    ...(overflowsBefore !== undefined ? { overflows: (listenOverflows() ?? overflowsBefore) - overflowsBefore } : {}),
    benchLoopP99Ms: loop.percentile(99) / 1e6,
    ...(serverWaitBefore !== undefined && serverWaitAfter !== undefined
      ? { serverWaitSeconds: serverWaitAfter - serverWaitBefore }
      : {}),
    ...(benchWaitBefore !== undefined && benchWaitAfter !== undefined
      ? { benchWaitSeconds: benchWaitAfter - benchWaitBefore }
      : {}),
  };
  results.push(result);
  crowd.close();
  console.error(
    `  appeared p99 ${fmt(latencies.appeared.at(0.99))} ms, upvotes p99 ${fmt(latencies.upvoted.at(0.99))} ms; ${stored.join(" ")}`,
  );
  return { result, fleet };
}

/** The polled reads against bare node:http, in turns, with a control row; `condition` names the moment. */
async function reads(ours: Running, condition: string, work: string, { sessions }: Questions) {
  const questionsPath = sessionQuestionsUrl(sessions[0] ?? "");
  const paths = ["/api/demos", questionsPath];
  const from = `http://127.0.0.1:${ports.ours}`;
  const bare = await startBareServer(ports.bare, from, paths, work);
  const control = await startBareServer(ports.control, from, paths, work);
  try {
    for (const [label, urlPath] of [
      ["GET /api/demos", "/api/demos"],
      [`GET ${questionsPath} (no cookie)`, questionsPath],
    ] as const) {
      console.error(`${label}, ${condition}`);
      const contenders: Contender[] = [
        { name: `${label}: our server`, url: `${from}${urlPath}`, pid: () => ours.pid },
        {
          name: `${label}: bare node:http, same bytes`,
          url: `http://127.0.0.1:${ports.bare}${urlPath}`,
          pid: () => bare.pid,
        },
        {
          name: `${label}: a second bare node:http (control)`,
          url: `http://127.0.0.1:${ports.control}${urlPath}`,
          pid: () => control.pid,
        },
      ];
      try {
        readRows.push({ condition, rows: await compete(contenders, readRounds) });
      } catch (error) {
        notes.push(`${label} (${condition}): not measured: ${(error as Error).message}`);
      }
    }
  } finally {
    await bare.stop();
    await control.stop();
  }
}

/** A PostgreSQL schema of the bench's own, dropped afterwards; undefined (with a note) when the server is away. */
async function postgresSchema(tag: string) {
  const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    notes.push(`PostgreSQL not reachable at ${databaseUrl}: ${(error as Error).message}`);
    await admin.end().catch(() => undefined);
    return undefined;
  }
  const schema = `qbench_${tag}_${process.pid}`;
  await admin.query(`create schema ${schema}`);
  return {
    admin,
    schema,
    url: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

async function main() {
  if (!wrkInstalled) throw new Error("wrk is not installed: apt-get install -y wrk");
  const questions = questionsOf(editionUnderLoad());
  const { sessions } = questions;
  // Read before pinning: nproc counts the cores this process may use.
  const before = machine();
  if (hasTaskset) {
    // This process holds the streams and plays the audience: on the load core, beside wrk, away from the server.
    spawnSync("taskset", ["-a", "-cp", loadCore, String(process.pid)]);
  }
  const work = await mkdtemp(path.join(tmpdir(), "glosaic-qbench-"));
  const running: Running[] = [];
  const chromium = spawnSync("pgrep", ["-c", "chromium"], { encoding: "utf8" }).stdout.trim();
  console.error(
    `Questions bench: ${streamCount} streams, ${clientCount} people, ${seconds} s; server on core ${serverCore}, this process and wrk on core ${loadCore}`,
  );
  const start = async (port: number, env: Record<string, string>) => {
    const server = await startOurServer(port, env, [...serverFlags, ...serverArgs]);
    running.push(server);
    return server;
  };
  const stop = async (server: Running) => {
    running.splice(running.indexOf(server), 1);
    await server.stop();
  };
  try {
    if (parts.has("spread") || parts.has("reads")) {
      const file = path.join(work, "spread.sqlite");
      const ours = await start(ports.ours, { DATABASE_PATH: file, ...questionEnv(streamCount) });
      let fleet: StreamFleet | undefined;
      if (parts.has("spread")) {
        ({ fleet } = await streamsRun({
          questions,
          label: `SQLite, ${streamCount} streams over ${sessions.length} sessions`,
          streamsPort: ports.ours,
          crowdPort: ports.ours,
          streamsPid: ours.pid,
          streamSessions: sessions,
          crowdSessions: sessions,
          streams: streamCount,
          clients: clientCount,
          asksPerClient: 1.2,
          store: { kind: "sqlite", file },
        }));
      }
      if (parts.has("reads")) {
        if (fleet) await reads(ours, `${fleet.openNow} streams open`, work, questions);
        fleet?.close();
        await sleep(2000);
        await reads(ours, "no stream open", work, questions);
      }
      fleet?.close();
      await stop(ours);
    }

    if (parts.has("one")) {
      const file = path.join(work, "one.sqlite");
      const ours = await start(ports.ours, { DATABASE_PATH: file, ...questionEnv(streamCount) });
      const one = sessions.slice(0, 1);
      // Every stream hears every change of the one session: a fifth of the people ask, or the run would time how
      // fast this process reads 10,000 copies of 1,200 questions rather than how fast the server sends them.
      const { fleet } = await streamsRun({
        questions,
        label: `SQLite, ${streamCount} streams on one session`,
        streamsPort: ports.ours,
        crowdPort: ports.ours,
        streamsPid: ours.pid,
        streamSessions: one,
        crowdSessions: one,
        streams: streamCount,
        clients: clientCount,
        asksPerClient: 0.2,
        store: { kind: "sqlite", file },
      });
      fleet.close();
      await stop(ours);
    }

    if (withPostgres) {
      const database = await postgresSchema("one");
      if (database) {
        try {
          const ours = await start(ports.ours, { DATABASE_URL: database.url, ...questionEnv(streamCount) });
          const { fleet } = await streamsRun({
            questions,
            label: `PostgreSQL, ${streamCount} streams over ${sessions.length} sessions`,
            streamsPort: ports.ours,
            crowdPort: ports.ours,
            streamsPid: ours.pid,
            streamSessions: sessions,
            crowdSessions: sessions,
            streams: streamCount,
            clients: clientCount,
            asksPerClient: 1.2,
            store: { kind: "postgres", client: database.admin, schema: database.schema },
          });
          fleet.close();
          await stop(ours);
        } finally {
          await database.drop();
        }
      }
    }

    if (parts.has("two-servers")) {
      const database = await postgresSchema("two");
      if (database) {
        try {
          const streams = Math.min(streamCount, 2000);
          const clients = Math.min(clientCount, 200);
          const a = await start(ports.a, { DATABASE_URL: database.url, ...questionEnv(streams) });
          const b = await start(ports.b, { DATABASE_URL: database.url, ...questionEnv(streams) });
          const { fleet } = await streamsRun({
            questions,
            label: `PostgreSQL, two servers: ${streams} streams on B, ${clients} people and the moderator on A`,
            streamsPort: ports.b,
            crowdPort: ports.a,
            streamsPid: b.pid,
            streamSessions: sessions,
            crowdSessions: sessions,
            streams,
            clients,
            asksPerClient: 1.2,
            store: { kind: "postgres", client: database.admin, schema: database.schema },
          });
          fleet.close();
          await stop(b);
          await stop(a);
        } finally {
          await database.drop();
        }
      }
    }
  } catch (error) {
    // What was measured before the failure is still printed.
    notes.push(`The bench stopped early: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  } finally {
    for (const server of running.reverse()) await server.stop();
    await rm(work, { recursive: true, force: true });
  }
  print(before, chromium, questions);
}

function print(before: ReturnType<typeof machine>, chromium: string, { settings }: Questions) {
  const after = machine();
  const lines = [
    `Machine: ${before.cores} cores, ${before.model}, Node ${before.node}; load average ${before.load} before, ${after.load} after; chromium processes at the start: ${chromium || "0"}`,
    hasTaskset
      ? `Pinned: the server under test on core ${serverCore}; this process (streams and audience) and wrk on core ${loadCore}`
      : "Not pinned (taskset missing)",
    `Questions open (QUESTIONS_OPENS/CLOSES), moderation "${settings.moderation}" (the edition's): ${settings.moderation === "pre" ? "the moderator approves each question as it is asked" : "questions are public as asked"}; each person upvotes 5 questions of their session, one in ten asks and upvotes resent once`,
    "",
  ];
  if (results.length > 0) {
    lines.push(
      "| run | streams open / asked | opened in s | questions | upvotes | appeared p50 / p99 / max ms | upvote seen p50 / p99 / max ms | streams behind at the end | memory per stream KB | errors |",
      "|---|---:|---:|---:|---:|---|---|---:|---:|---|",
    );
    for (const result of results) {
      const { crowd, latencies, rss } = result;
      const perStream =
        rss.before !== undefined && rss.streams !== undefined && result.streamsOpen > 0
          ? ((rss.streams - rss.before) * 1024) / result.streamsOpen
          : NaN;
      const errors = [
        ...Object.entries(result.refused).map(([status, count]) => `stream ${status}: ${count}`),
        ...(result.dropped ? [`streams dropped: ${result.dropped}`] : []),
        ...(result.overflows ? [`connections dropped by a full accept queue (machine-wide): ${result.overflows}`] : []),
        ...Object.entries(crowd.errors).map(([kind, count]) => `${kind}: ${count}`),
      ];
      lines.push(
        `| ${result.label} | ${result.streamsOpen} / ${result.streamsAsked} | ${fmt(result.openSeconds, 1)} | ${crowd.questions.size} | ${[...crowd.upvotes.values()].reduce((sum, voters) => sum + voters.size, 0)} | ${latencyCells(latencies.appeared)} | ${latencyCells(latencies.upvoted)} | ${result.behind.streams} | ${fmt(perStream, 1)} | ${errors.join("; ") || "0"} |`,
      );
    }
    lines.push("");
    for (const result of results) {
      const { crowd, latencies, rss } = result;
      const all = new Histogram();
      all.merge(latencies.appeared);
      all.merge(latencies.upvoted);
      const p99 = all.at(0.99);
      lines.push(
        `${result.label}:`,
        `  made: ${crowd.made.asks} asks (${crowd.made.doubleClicks} double-clicked, ${crowd.made.askRetries} resent), ${crowd.made.approvals} approvals, ${crowd.made.upvotes} upvotes (${crowd.made.upvoteRetries} resent); answered in p50/p99 ms: ask ${fmt(crowd.requestMs.ask.at(0.5))}/${fmt(crowd.requestMs.ask.at(0.99))}, approve ${fmt(crowd.requestMs.approve.at(0.5))}/${fmt(crowd.requestMs.approve.at(0.99))}, upvote ${fmt(crowd.requestMs.upvote.at(0.5))}/${fmt(crowd.requestMs.upvote.at(0.99))}`,
        `  every change seen by every stream of its session: ${all.count} sightings, p99 ${fmt(p99)} ms (target ${targetP99Ms}: ${p99 <= targetP99Ms ? "met" : "NOT MET"}), ${all.over(targetP99Ms)} over 2 s; ${result.behind.streams === 0 ? `all streams caught up ${fmt(result.drainedMs)} ms after the last answer` : `${result.behind.streams} streams still behind on ${result.behind.questions} questions after ${drainMs / 1000} s`}`,
        `  stored: ${result.stored.join(" ")}`,
        `  voters: each person's first read earned theirs; writes refused for want of one and sent again: ${crowd.made.voterRetries}`,
        `  promises broken: ${crowd.broken.length === 0 ? "none" : crowd.broken.slice(0, 5).join("; ") + (crowd.broken.length > 5 ? ` (and ${crowd.broken.length - 5} more)` : "")}`,
        `  server RSS MB: ${fmt(rss.before, 1)} before the streams, ${fmt(rss.streams, 1)} with them, ${fmt(rss.end, 1)} at the end`,
        `  while the audience played (${fmt(result.playedSeconds)} s): the server used ${fmt(result.serverCpuPercent)} % of its core and waited ${fmt(result.serverWaitSeconds, 1)} s for it while ready to run; this process used ${fmt(result.benchCpuPercent)} % of its core and waited ${fmt(result.benchWaitSeconds, 1)} s, event-loop delay p99 ${fmt(result.benchLoopP99Ms, 1)} ms${result.benchCpuPercent > 90 ? " (the load generator was near its limit: latencies include its delay)" : ""}${(result.serverWaitSeconds ?? 0) > 0.2 * result.playedSeconds ? "; other load on the machine held the server back: its latencies are the machine's as much as the server's" : ""}`,
      );
    }
  }
  if (readRows.length > 0) {
    lines.push(
      "",
      `Polled reads: wrk, 50 connections, Accept-Encoding: gzip, br, no cookie; ${readRounds.warmupSeconds} s warm-up then ${readRounds.rounds} alternating rounds of ${readRounds.roundSeconds} s per server`,
      "",
      "| what | while | requests/s | p50 ms | p99 ms | errors | server CPU % | server RSS MB |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
    );
    for (const { condition, rows } of readRows) {
      for (const row of rows) {
        lines.push(
          `| ${row.name} | ${condition} | ${fmt(row.result.requestsPerSecond)} | ${fmt(row.result.p50Ms, 2)} | ${fmt(row.result.p99Ms, 2)} | ${row.result.non2xx + row.result.socketErrors} | ${fmt(row.cpuPercent)} | ${fmt(row.rss, 1)} |`,
        );
      }
    }
    lines.push(
      "",
      "| ratio (requests/s) | while | median of rounds | rounds | per CPU-second |",
      "|---|---|---:|---:|---:|",
    );
    for (const { condition, rows } of readRows) {
      const [ours, bare, control] = rows;
      if (!ours || !bare || !control) continue;
      const label = ours.name.replace(/: our server$/, "");
      const mine = ratioOf(ours, bare);
      const check = ratioOf(control, bare);
      lines.push(
        `| ${label}: our server / bare | ${condition} | ${mine.median.toFixed(2)} | ${mine.min.toFixed(2)}-${mine.max.toFixed(2)} | ${fmt(mine.perCpu, 2)} |`,
        `| ${label}: control / bare | ${condition} | ${check.median.toFixed(2)} | ${check.min.toFixed(2)}-${check.max.toFixed(2)} | ${fmt(check.perCpu, 2)} |`,
      );
      if (Math.abs(check.median - 1) > 0.1) {
        notes.push(
          `${label} (${condition}): the control measured ${check.median.toFixed(2)} where two identical servers should measure 1.00: too noisy to judge; run again when the machine is quieter.`,
        );
      }
    }
  }
  if (notes.length) lines.push("", ...notes);
  console.log(lines.join("\n"));
}

await main();
