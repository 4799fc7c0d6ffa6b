import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { isChoosable, personalCalendarPath, selectionQuery } from "../../common/my-schedule";
import {
  clientDir,
  editionUnderLoad,
  get,
  hasTaskset,
  loadCore,
  machine,
  nginxInstalled,
  root,
  serverCore,
  startBareServer,
  startNginx,
  startOurServer,
  wrkInstalled,
  type Running,
  type WrkResult,
} from "./load/harness";
import { compete as competeInRounds, median, type Contender, type RoundsRow } from "./load/rounds";
import { hostileRows } from "./load/hostile-rows";
import { earnVoters, writeLuaVoterPool } from "./load/voters";

/**
 * npm run bench: our server against nginx (static files) and bare node:http (GET /api/demos), votes per second
 * on SQLite and PostgreSQL, and 1,000 honest visitors with and without one hostile client beside them
 * (load/hostile-rows.ts). Each server under test runs on core 0, wrk on core 1, 50 connections, the headers a
 * browser sends. Prints a table and the ratios; asserts nothing (the figures go to docs/performance.md).
 *
 * Servers that are compared take turns: each row's time is cut into rounds, and in every round each server of the
 * comparison runs once, a different one first each time. A ratio is the median of the rounds' own ratios, so a
 * shared machine getting busier or quieter during the run moves both sides of it alike. A second bare server beside
 * the first (the control row) shows how far two identical servers measure apart in the same run.
 *
 *   npm run bench                   10 rounds of 2 s per row after 2 s of warm-up, then 8 hostile rounds of 15 s,
 *                                   about 7 minutes in all
 *   BENCH_SECONDS=5 npm run bench   shorter (seconds per row)
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = 10;
// wrk counts whole seconds: a round shorter than one would not run.
if (!Number.isInteger(seconds / rounds) || seconds < rounds) {
  throw new Error(
    `BENCH_SECONDS must be a multiple of ${String(rounds)} (each server runs ${String(rounds)} rounds of whole seconds)`,
  );
}
const warmup = 2;
const ports = { ours: 4760, nginx: 4761, bare: 4762, oursPg: 4763, control: 4764, oursVotes: 4765, hostile: 4766 };
/** The hostile rows' rounds: 4 of each kind, so 15 s each makes 2 minutes of rounds by default. */
const hostileRoundSeconds = seconds * 0.75;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Row {
  name: string;
  result?: WrkResult;
  /** Each round's result, in round order, for rows measured in turns with others. */
  rounds?: WrkResult[];
  rss?: number;
  /** Share of its one core the server used during the row: under 100 % means the load generator was the limit. */
  cpuPercent?: number;
  note?: string;
}

const rows: Row[] = [];

type MeasuredRow = Row & RoundsRow;

/** Measures servers in turns (scripts/bench/load/rounds.ts, as bench:questions does); one row each, in the order given. */
async function compete(contenders: Contender[], roundCount = rounds): Promise<MeasuredRow[]> {
  const measured = await competeInRounds(contenders, {
    rounds: roundCount,
    roundSeconds: seconds / roundCount,
    warmupSeconds: warmup,
  });
  for (const row of measured) {
    rows.push(row);
    console.error(`  ${row.name}: ${Math.round(row.result.requestsPerSecond)} req/s`);
  }
  return measured;
}

/** One server alone (the vote rows, which have a target of their own rather than a ratio). */
async function measure(name: string, url: string, pid: () => number | undefined, options: Contender["options"]) {
  const [row] = await compete([{ name, url, pid, options }], 1);
  if (!row) throw new Error(`${name}: not measured`);
  return row;
}

function largestScript() {
  const assets = path.join(clientDir, "assets");
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.size - a.size);
  if (!scripts[0]) throw new Error("No JavaScript in build/client/assets: run `npm run build` first");
  return scripts[0];
}

/**
 * deploy/nginx.conf must answer as our server does where it matters: status, redirect target, the security
 * headers and caching. Returns the differences, one line each.
 */
async function compareWithNginx(ours: string, nginx: string, paths: string[]) {
  const compared = [
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
    "strict-transport-security",
    "cache-control",
    "location",
    "access-control-allow-origin",
  ];
  const differences: string[] = [];
  for (const urlPath of paths) {
    const ask = (base: string) => get(`${base}${urlPath}`, { "accept-encoding": "gzip, br" });
    const [a, b] = await Promise.all([ask(ours), ask(nginx)]);
    const header = (response: Awaited<ReturnType<typeof ask>>, name: string) => {
      const index = response.rawHeaders.findIndex((value, at) => at % 2 === 0 && value.toLowerCase() === name);
      return index === -1 ? undefined : response.rawHeaders[index + 1];
    };
    if (a.status !== b.status) differences.push(`${urlPath}: status ${a.status} here, ${b.status} from nginx`);
    for (const name of compared) {
      const [here, there] = [header(a, name), header(b, name)];
      // nginx writes absolute redirect targets; the path is what must agree.
      const same = name === "location" ? here === there?.replace(/^https?:\/\/[^/]+/, "") : here === there;
      if (!same)
        differences.push(`${urlPath}: ${name} ${JSON.stringify(here)} here, ${JSON.stringify(there)} from nginx`);
    }
  }
  return differences;
}

/** Each demo's count and the votes stored for it, by edition and demo. */
const tallyQuery = (schema: string) =>
  `select c.edition || ' ' || c.demo_id as demo, c.votes, (select count(*) from ${schema}votes_by_edition v where v.edition = c.edition and v.demo_id = c.demo_id) as stored from ${schema}vote_counts_by_edition c`;
/** pg answers count(*) as a string. */
interface TallyRow {
  demo: string;
  votes: number | string;
  stored: number | string;
}
type Tally = Map<string, { votes: number; stored: number }>;
const tallied = (rows: TallyRow[]): Tally =>
  new Map(rows.map((row) => [row.demo, { votes: Number(row.votes), stored: Number(row.stored) }]));

/**
 * Nothing lost or counted twice: what each demo's count gained during the vote row equals the votes stored for it
 * meanwhile. One line for the table's notes.
 */
function checkTallies(engine: string, before: Tally, after: Tally) {
  const wrong: string[] = [];
  let stored = 0;
  for (const [demo, now] of after) {
    const then = before.get(demo) ?? { votes: 0, stored: 0 };
    stored += now.stored - then.stored;
    if (now.votes - then.votes !== now.stored - then.stored) {
      wrong.push(`${demo}: count +${now.votes - then.votes}, stored +${now.stored - then.stored}`);
    }
  }
  return wrong.length === 0
    ? `${engine}: after the run every count equals its seed plus the votes stored (${String(stored)} votes).`
    : `${engine}: COUNTS DIFFER FROM THE STORED VOTES: ${wrong.join("; ")}`;
}

/**
 * The vote rows' servers issue a voter to every read (the whole pool is earned from 127.0.0.1), so they are servers
 * of their own: the read rows' server keeps the default, as a first visit's read meets it.
 */
const earningVoters = { RATE_LIMIT_NEW_VOTERS: "1000000000" };
/** Votes per second the voter pools are sized for: about twice the best SQLite row measured (10,669/s). */
const poolVotesPerSecond = 20_000;

/** A status count per line ("201 1234") as vote.lua leaves them; "-" when none were recorded. */
function statusesOf(stateFile: string) {
  const lines = readFileSync(stateFile, "utf8")
    .split("\n")
    .filter((line) => /^\d+ \d+$/.test(line))
    .sort();
  return lines.length ? lines.map((line) => line.replace(" ", ": ")).join(", ") : "-";
}

/**
 * The options of a vote row against the server at `base`: a pool of earned voters large enough that each votes at
 * most once per demo at `perSecond` over the warm-up and the row, written where vote.lua reads it.
 */
async function voteRowOptions(base: string, demos: number, perSecond: number, work: string, tag: string) {
  const cookies = await earnVoters(base, Math.ceil(((warmup + seconds) * perSecond) / demos));
  const pool = path.join(work, `voters-${tag}.lua`);
  const state = path.join(work, `vote-state-${tag}.txt`);
  await writeLuaVoterPool(pool, cookies);
  return {
    voters: cookies.length,
    state,
    options: {
      script: path.join(root, "scripts/bench/load/vote.lua"),
      env: { VOTE_ORIGIN: base, VOTE_DEMOS: String(demos), VOTER_POOL: pool, VOTE_STATE: state },
    },
  };
}

async function main() {
  if (!wrkInstalled) throw new Error("wrk is not installed: apt-get install -y wrk");
  const loaded = editionUnderLoad();
  const { edition } = loaded;
  /** The calendar feed of two sessions, which nginx passes to our server: the feed and its 400 are compared too. */
  const feedPath = `${personalCalendarPath}${selectionQuery(
    edition.agenda
      .filter(isChoosable)
      .slice(0, 2)
      .map((slot) => slot.id),
  )}`;
  const work = await mkdtemp(path.join(tmpdir(), "glosaic-bench-"));
  const running: Running[] = [];
  const script = largestScript();
  const scriptPath = `/assets/${script.name}`;
  const before = machine();
  console.error(
    `Bench: ${seconds} s per row after ${warmup} s of warm-up; servers on core ${serverCore}, wrk on core ${loadCore}`,
  );

  try {
    const ours = await startOurServer(ports.ours, { DATABASE_PATH: path.join(work, "votes.sqlite") });
    running.push(ours);
    const bare = await startBareServer(
      ports.bare,
      `http://127.0.0.1:${ports.ours}`,
      ["/", scriptPath, "/api/demos"],
      work,
    );
    running.push(bare);
    const control = await startBareServer(ports.control, `http://127.0.0.1:${ports.ours}`, ["/api/demos"], work);
    running.push(control);
    const nginx = nginxInstalled ? await startNginx(ports.nginx, ports.ours, work) : undefined;
    if (nginx) running.push(nginx);

    const oursAt = (urlPath: string) => `http://127.0.0.1:${ports.ours}${urlPath}`;
    const comparedPaths = [
      "/",
      "/agenda",
      "/countdown",
      "/brb",
      scriptPath,
      "/favicon.svg",
      "/robots.txt",
      "/schedule.json",
      "/schedule.xml",
      "/nowhere",
      "/404",
      "/about",
      "/agenda/",
      "/speakers/nobody",
      "/api/health",
      feedPath,
      personalCalendarPath,
    ];
    const headerDifferences = nginx
      ? await compareWithNginx(`http://127.0.0.1:${ports.ours}`, `http://127.0.0.1:${ports.nginx}`, comparedPaths)
      : undefined;
    const static_ = [
      ["GET /", "/"],
      [`GET largest JS (${(script.size / 1024).toFixed(0)} KB raw)`, scriptPath],
    ] as const;
    const pairs: { ours: Row; nginx?: Row; bare: Row }[] = [];
    for (const [label, urlPath] of static_) {
      let nginxContender: Contender | undefined;
      if (nginx) {
        const encoding = (await get(`http://127.0.0.1:${ports.nginx}${urlPath}`, { "accept-encoding": "gzip, br" }))
          .rawHeaders;
        const sent = encoding[encoding.findIndex((header) => header.toLowerCase() === "content-encoding") + 1];
        nginxContender = {
          name: `${label}: nginx (${sent ?? "identity"})`,
          url: `http://127.0.0.1:${ports.nginx}${urlPath}`,
          pid: nginx.workerPid,
        };
      }
      const contenders: Contender[] = [
        { name: `${label}: our server`, url: oursAt(urlPath), pid: () => ours.pid },
        ...(nginxContender ? [nginxContender] : []),
        {
          name: `${label}: bare node:http, same bytes`,
          url: `http://127.0.0.1:${ports.bare}${urlPath}`,
          pid: () => bare.pid,
        },
      ];
      const [oursRow, ...others] = await compete(contenders);
      const bareRow = others.at(-1);
      if (!oursRow || !bareRow) throw new Error(`${label}: not measured`);
      let nginxRow: Row | undefined = nginxContender ? others[0] : undefined;
      if (!nginxRow) {
        nginxRow = { name: `${label}: nginx`, note: "nginx not installed (apt-get install -y nginx)" };
        rows.splice(rows.indexOf(bareRow), 0, nginxRow);
      }
      pairs.push({ ours: oursRow, nginx: nginxRow, bare: bareRow });
    }

    const [demosOurs, demosBare, demosControl] = await compete([
      { name: "GET /api/demos: our server", url: oursAt("/api/demos"), pid: () => ours.pid },
      {
        name: "GET /api/demos: bare node:http, same bytes",
        url: `http://127.0.0.1:${ports.bare}/api/demos`,
        pid: () => bare.pid,
      },
      {
        name: "GET /api/demos: a second bare node:http (control)",
        url: `http://127.0.0.1:${ports.control}/api/demos`,
        pid: () => control.pid,
      },
    ]);

    const tallyNotes: string[] = [];
    const demoCount = edition.demos.length;
    const votesFile = path.join(work, "votes-row.sqlite");
    const oursVotes = await startOurServer(ports.oursVotes, { DATABASE_PATH: votesFile, ...earningVoters });
    running.push(oursVotes);
    const sqliteBase = `http://127.0.0.1:${ports.oursVotes}`;
    const sqliteVotes = await voteRowOptions(sqliteBase, demoCount, poolVotesPerSecond, work, "sqlite");
    const sqliteFile = new SQLite(votesFile, { readonly: true });
    const sqliteTally = () => tallied(sqliteFile.prepare<[], TallyRow>(tallyQuery("")).all());
    const sqliteBefore = sqliteTally();
    const votesSqlite = await measure(
      "POST vote, distinct voters: SQLite",
      `${sqliteBase}/`,
      () => oursVotes.pid,
      sqliteVotes.options,
    );
    tallyNotes.push(
      checkTallies("SQLite", sqliteBefore, sqliteTally()),
      `SQLite votes by status, warm-up included: ${statusesOf(sqliteVotes.state)} (${String(sqliteVotes.voters)} voters earned by a read each, every one voting once per demo).`,
    );
    sqliteFile.close();
    await oursVotes.stop();

    let votesPg: Row;
    const schema = `bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      try {
        const url = `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
        const oursPg = await startOurServer(ports.oursPg, { DATABASE_URL: url, ...earningVoters });
        running.push(oursPg);
        const pgBase = `http://127.0.0.1:${ports.oursPg}`;
        // Sized as SQLite's: PostgreSQL has measured anywhere from 1,900 to more than 5,000 votes a second.
        const pgVotes = await voteRowOptions(pgBase, demoCount, poolVotesPerSecond, work, "postgres");
        const pgTally = async () => tallied((await admin.query<TallyRow>(tallyQuery(`${schema}.`))).rows);
        const pgBefore = await pgTally();
        votesPg = await measure(
          "POST vote, distinct voters: PostgreSQL",
          `${pgBase}/`,
          () => oursPg.pid,
          pgVotes.options,
        );
        await oursPg.stop();
        tallyNotes.push(
          checkTallies("PostgreSQL", pgBefore, await pgTally()),
          `PostgreSQL votes by status, warm-up included: ${statusesOf(pgVotes.state)} (${String(pgVotes.voters)} voters).`,
        );
      } finally {
        await admin.query(`drop schema ${schema} cascade`);
      }
    } catch (error) {
      votesPg = {
        name: "POST vote, distinct voters: PostgreSQL",
        note: `PostgreSQL not reachable at ${databaseUrl}: ${(error as Error).message}`,
      };
      rows.push(votesPg);
    } finally {
      await admin.end().catch(() => undefined);
    }

    const hostile = await hostileRows({
      port: ports.hostile,
      work,
      roundSeconds: hostileRoundSeconds,
      loaded,
      running,
    });

    const after = machine();
    const fmt = (value: number | undefined, digits = 0) =>
      value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
    const lines = [
      `Machine: ${before.cores} cores, ${before.model}, Node ${before.node}; load average ${before.load} before, ${after.load} after`,
      hasTaskset
        ? `Pinned: each server under test on core ${serverCore} (taskset; nginx with 1 worker), wrk on core ${loadCore}; 50 connections, Accept-Encoding: gzip, br; ${seconds} s per row, compared servers in ${rounds} alternating rounds`
        : `Not pinned (taskset missing); 50 connections, Accept-Encoding: gzip, br; ${seconds} s per row, compared servers in ${rounds} alternating rounds`,
      "",
      "| what | requests/s | p50 ms | p99 ms | errors | server CPU % | server RSS MB |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((row) =>
        row.result
          ? `| ${row.name} | ${fmt(row.result.requestsPerSecond)} | ${fmt(row.result.p50Ms, 2)} | ${fmt(row.result.p99Ms, 2)} | ${row.result.non2xx + row.result.socketErrors} | ${fmt(row.cpuPercent)} | ${fmt(row.rss, 1)} |`
          : `| ${row.name} | ${row.note ?? "-"} | | | | | |`,
      ),
      "",
      "| ratio (requests/s) | median of rounds | rounds | per CPU-second |",
      "|---|---:|---:|---:|",
    ];
    // Figures to read, not targets: the ratios to nginx and to bare node:http were retired (issue 39).
    const ratio = (label: string, a: Row | undefined, b: Row | undefined) => {
      if (!a?.result || !b?.result) {
        lines.push(`| ${label} | ${b?.note ?? a?.note ?? "not measured"} | | |`);
        return undefined;
      }
      // The median of the rounds' ratios: each compares two runs made seconds apart.
      const perRound = (a.rounds ?? []).map(
        (round, index) => round.requestsPerSecond / (b.rounds?.[index]?.requestsPerSecond ?? NaN),
      );
      const value = median(perRound);
      // Requests per second of server CPU: the same ratio, less sensitive to other load on a shared machine.
      const perCpu =
        a.cpuPercent && b.cpuPercent
          ? a.result.requestsPerSecond / a.cpuPercent / (b.result.requestsPerSecond / b.cpuPercent)
          : NaN;
      const spread = `${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}`;
      lines.push(`| ${label} | ${value.toFixed(2)} | ${spread} | ${fmt(perCpu, 2)} |`);
      return value;
    };
    for (const [index, pair] of pairs.entries()) {
      const label = index === 0 ? "GET /" : "largest JS";
      ratio(`${label}: our server / nginx`, pair.ours, pair.nginx);
      ratio(`${label}: our server / bare node:http`, pair.ours, pair.bare);
    }
    ratio("GET /api/demos: our server / bare node:http", demosOurs, demosBare);
    // Two identical servers: how far apart this run measures what should be 1.00.
    const controlRatio = ratio("control: bare node:http / bare node:http", demosControl, demosBare);
    if (controlRatio !== undefined && Math.abs(controlRatio - 1) > 0.1) {
      lines.push(
        "",
        `The control measured ${controlRatio.toFixed(2)} where two identical servers should measure 1.00: the machine's other load moved the figures more than the differences they are meant to show. Run again when it is quieter.`,
      );
    }
    const sqlite = votesSqlite.result;
    const votesMet = sqlite.requestsPerSecond >= 5000 && sqlite.p99Ms < 50 && sqlite.non2xx + sqlite.socketErrors === 0;
    lines.push(
      `| SQLite votes/s (p99) | ${fmt(sqlite.requestsPerSecond)} (${fmt(sqlite.p99Ms, 1)} ms) | | | 5000 (< 50 ms) | ${votesMet ? "yes" : "no"} |`,
    );
    if (votesPg.result) {
      const postgres = votesPg.result;
      const met =
        postgres.requestsPerSecond >= 5000 && postgres.p99Ms < 50 && postgres.non2xx + postgres.socketErrors === 0;
      lines.push(
        `| PostgreSQL votes/s (p99) | ${fmt(postgres.requestsPerSecond)} (${fmt(postgres.p99Ms, 1)} ms) | | | 5000 (< 50 ms) | ${met ? "yes" : "no"} |`,
      );
    }
    lines.push("", ...tallyNotes, "", ...hostile);
    if (headerDifferences) {
      lines.push(
        "",
        headerDifferences.length === 0
          ? `deploy/nginx.conf: status, redirects, security headers and Cache-Control match our server on ${String(comparedPaths.length)} paths.`
          : `deploy/nginx.conf differs from our server:\n  ${headerDifferences.join("\n  ")}`,
      );
    }
    if (nginx && !nginx.brotli)
      lines.push("", "nginx without its brotli module: it sends gzip where our server sends brotli.");
    console.log(lines.join("\n"));
  } finally {
    for (const server of running.reverse()) await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
