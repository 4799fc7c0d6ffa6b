import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import {
  defaultMaxConnectionsPerAddress,
  defaultNewVotersPerMinute,
  defaultRateLimits,
  defaultMaxStreamsPerAddress,
} from "../../../common/api-contract";
import { takesQuestions } from "../../../common/question-contract";
import type { LoadedEdition } from "../../../content/load-edition";
import { cpuSeconds, loadCore, pinned, root, rssMb, startOurServer, type Running } from "./harness";
import { addFigures, emptyFigures, HonestCrowd, type RoundFigures } from "./honest-crowd";
import type { HostileReport } from "./hostile-client";

/**
 * `npm run bench`'s hostile rows (issue 41): 1,000 honest visitors (honest-crowd.ts) measured in rounds alone and in
 * rounds beside one hostile client (hostile-client.ts, a process of its own from another address), the two kinds
 * of round taking turns, a different one first in each pair, so that the shared machine's moods fall on both.
 * Prints the honest crowd's requests, latencies and errors in each condition and what the attacker achieved.
 */

const honestAddress = "127.0.0.1";
const hostileAddress = "127.0.0.2";
const clients = 1000;
/**
 * Connections per address for the honest crowd: each of its 1,000 visitors holds a keep-alive connection and some a
 * stream, all from one address, past the default 1,000. The attacker's address gets the same.
 */
const crowdConnectionsPerAddress = 2 * clients;
const pairs = 4;
const pauseMs = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The hostile client under way, and how to stop it for its report. */
async function startAttacker(port: number, sessions: string[], demos: string[], questions: string[]) {
  // Niced on the load core: the honest crowd's process gets the core first (about 90 % of it when both want it), so
  // the crowd's latencies are the server's rather than its own process waiting; its event-loop delay is printed.
  const [command, args] = pinned(loadCore, "nice", [
    "-n",
    "10",
    process.execPath,
    "--import",
    "tsx",
    "scripts/bench/load/hostile-client.ts",
  ]);
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      HOSTILE_BASE: `http://127.0.0.1:${String(port)}`,
      HOSTILE_ADDRESS: hostileAddress,
      HOSTILE_SESSIONS: sessions.join(","),
      HOSTILE_DEMOS: demos.join(","),
      HOSTILE_QUESTIONS: questions.join(","),
    },
  });
  let out = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
      if (errors.includes("ready")) resolve();
    });
    child.on("exit", (code) => {
      reject(new Error(`The hostile client exited (${String(code)}) before it was under way:\n${errors}`));
    });
  });
  return {
    stop: () =>
      new Promise<HostileReport>((resolve, reject) => {
        child.removeAllListeners("exit");
        child.on("exit", () => {
          try {
            resolve(JSON.parse(out) as HostileReport);
          } catch {
            reject(new Error(`The hostile client left no report:\n${out}\n${errors}`));
          }
        });
        child.kill("SIGTERM");
      }),
  };
}

const fmt = (value: number, digits = 0) => (Number.isNaN(value) ? "-" : value.toFixed(digits));
const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key} ×${String(count)}`)
    .join(", ") || "none";

/** Runs the rounds on a server of its own and returns the lines to print. */
export async function hostileRows({
  port,
  work,
  roundSeconds,
  loaded: { id: editionId, edition },
  running,
}: {
  port: number;
  work: string;
  roundSeconds: number;
  loaded: LoadedEdition;
  running: Running[];
}): Promise<string[]> {
  const sessions = edition.agenda
    .filter((slot) => takesQuestions(slot.type, edition.event.questions))
    .map((slot) => slot.id);
  const demos = edition.demos.map((demo) => demo.id);
  const moderatorToken = randomBytes(32).toString("hex");
  const hour = 60 * 60 * 1000;
  const file = path.join(work, "hostile.sqlite");
  const server = await startOurServer(port, {
    DATABASE_PATH: file,
    QUESTIONS_OPENS: new Date(Date.now() - hour).toISOString(),
    QUESTIONS_CLOSES: new Date(Date.now() + 24 * hour).toISOString(),
    MODERATOR_TOKEN: moderatorToken,
    // The defaults that the harness lifts for the other rows: here the limits are what is measured.
    RATE_LIMIT_VOTES: String(defaultRateLimits.votes),
    RATE_LIMIT_READS: String(defaultRateLimits.reads),
    MAX_CONNECTIONS_PER_ADDRESS: String(crowdConnectionsPerAddress),
  });
  running.push(server);
  const crowd = new HonestCrowd({
    base: `http://127.0.0.1:${String(port)}`,
    address: honestAddress,
    clients,
    sessions,
    demos,
    moderatorToken,
    actEveryMs: 8000,
    streamShare: 0.3,
  });
  const votesStored = () => {
    const db = new SQLite(file, { readonly: true });
    try {
      return db
        .prepare<[string], { n: number }>("select count(*) as n from votes_by_edition where edition = ?")
        .get(editionId)?.n;
    } finally {
      db.close();
    }
  };
  console.error(`Hostile rows: ${String(clients)} honest visitors arrive`);
  await crowd.arrive(8);
  const storedBefore = votesStored() ?? NaN;
  const conditions = {
    alone: { figures: emptyFigures(), cpu: 0, loopP99Ms: 0 },
    attacked: { figures: emptyFigures(), cpu: 0, loopP99Ms: 0 },
  };
  const reports: HostileReport[] = [];
  try {
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? (["alone", "attacked"] as const) : (["attacked", "alone"] as const);
      for (const condition of order) {
        const attacker =
          condition === "attacked" ? await startAttacker(port, sessions, demos, crowd.publicQuestions()) : undefined;
        const cpuBefore = cpuSeconds(server.pid) ?? NaN;
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        const figures: RoundFigures = await crowd.round(roundSeconds, pair * 2 + (condition === "alone" ? 0 : 1));
        loop.disable();
        conditions[condition].loopP99Ms = Math.max(conditions[condition].loopP99Ms, loop.percentile(99) / 1e6);
        conditions[condition].cpu += (cpuSeconds(server.pid) ?? NaN) - cpuBefore;
        addFigures(conditions[condition].figures, figures);
        if (attacker) reports.push(await attacker.stop());
        console.error(
          `  ${condition}: ${String(figures.requests)} requests, p99 ${fmt(figures.latency.at(0.99))} ms, errors ${String(Object.values(figures.errors).reduce((sum, n) => sum + n, 0))}`,
        );
        await sleep(pauseMs);
      }
    }
  } finally {
    crowd.close();
  }
  const storedAfter = votesStored() ?? NaN;
  const rss = rssMb(server.pid);
  await server.stop();
  running.splice(running.indexOf(server), 1);

  const row = (
    label: string,
    { figures, cpu, loopP99Ms }: { figures: RoundFigures; cpu: number; loopP99Ms: number },
  ) => {
    const errors = Object.values(figures.errors).reduce((sum, n) => sum + n, 0);
    return `| ${label} | ${String(figures.requests)} | ${fmt(figures.requests / figures.seconds)} | ${fmt(figures.latency.at(0.5))} | ${fmt(figures.latency.at(0.99))} | ${String(errors)} | ${String(figures.streamsOpened)} | ${fmt(figures.streamLatency.at(0.99))} | ${fmt((cpu / figures.seconds) * 100)} | ${fmt(loopP99Ms, 1)} |`;
  };
  const sum = (pick: (report: HostileReport) => Record<string, number>) => {
    const total: Record<string, number> = {};
    for (const report of reports)
      for (const [key, count] of Object.entries(pick(report))) total[key] = (total[key] ?? 0) + count;
    return total;
  };
  const most = (pick: (report: HostileReport) => number) => Math.max(...reports.map(pick));
  const cookieless = sum((report) => report.cookieless);
  const accepted = Object.entries(cookieless)
    .filter(([key]) => / 2\d\d$/.test(key))
    .reduce((total, [, count]) => total + count, 0);
  const mintedWrites = sum((report) => report.minted.writes);
  const mintedVotes = mintedWrites["vote 201"] ?? 0;
  const honestVotes = conditions.alone.figures.votes + conditions.attacked.figures.votes;
  const unexplained = storedAfter - storedBefore - honestVotes - mintedVotes;
  const attackSeconds = reports.reduce((total, report) => total + report.seconds, 0);
  return [
    `Hostile rows: ${String(clients)} honest visitors from ${honestAddress} (keep-alive connections of their own; each acts about every 8 s: reads of the leaderboard or its session's questions, upvotes, votes and asks with the voter its first read earned; 30 % hold a live stream through each round), in ${String(pairs)} rounds of ${String(roundSeconds)} s alone and ${String(pairs)} beside one hostile client from ${hostileAddress}, in turns`,
    `Server limits: the defaults (RATE_LIMIT_READS ${String(defaultRateLimits.reads)}, RATE_LIMIT_VOTES ${String(defaultRateLimits.votes)}, the question limits, RATE_LIMIT_NEW_VOTERS ${String(defaultNewVotersPerMinute)}, MAX_STREAMS_PER_ADDRESS ${String(defaultMaxStreamsPerAddress)}, MAX_CONNECTIONS, the request timeouts) except MAX_CONNECTIONS_PER_ADDRESS ${String(crowdConnectionsPerAddress)} (default ${String(defaultMaxConnectionsPerAddress)}), lifted because the whole honest crowd shares ${honestAddress}: the attacker's address gets ${String(crowdConnectionsPerAddress)} too. The crowd's voters were issued before the rounds, one read each from an address of its own (127.0.1.x onwards), within the default.`,
    "",
    "| honest visitors | requests | requests/s | p50 ms | p99 ms | errors | streams opened | stream first event p99 ms | server CPU % | crowd's event-loop delay p99 ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    row("alone", conditions.alone),
    row("beside one hostile client", conditions.attacked),
    "",
    `Honest errors alone: ${counts(conditions.alone.figures.errors)}; beside the hostile client: ${counts(conditions.attacked.figures.errors)}`,
    `The hostile client, over ${fmt(attackSeconds)} s in ${String(reports.length)} rounds (held: the most at once in a round; the rest summed over the rounds):`,
    `  streams held ${String(most((report) => report.streams.heldAtMost))}; refused: ${counts(sum((report) => report.streams.refused))}`,
    `  slow bodies (Content-Length: 10000, a byte every 3 s) held ${String(most((report) => report.slowBodies.heldAtMost))}, ended: ${counts(sum((report) => report.slowBodies.ended))}`,
    `  slow headers (a byte every 3 s) held ${String(most((report) => report.slowHeaders.heldAtMost))}, ended: ${counts(sum((report) => report.slowHeaders.ended))}`,
    `  cookie-less writes: ${fmt(Object.values(cookieless).reduce((total, n) => total + n, 0) / attackSeconds)}/s, ${counts(cookieless)}; accepted: ${String(accepted)}`,
    `  voters minted: ${String(reports.reduce((total, report) => total + report.minted.voters, 0))} (reads asking for one: ${String(reports.reduce((total, report) => total + report.minted.reads, 0))}); their writes: ${counts(mintedWrites)}`,
    `  votes stored during the rounds: ${fmt(storedAfter - storedBefore)} = honest 201s ${String(honestVotes)} + minted voters' 201s ${String(mintedVotes)} + ${fmt(unexplained)} unexplained (cookie-less votes counted)`,
    `  server RSS after the rounds: ${rss === undefined ? "-" : rss.toFixed(1)} MB`,
  ];
}
