import { readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  clientDir,
  cpuSeconds,
  get,
  hasTaskset,
  loadCore,
  machine,
  nginxInstalled,
  root,
  rssMb,
  serverCore,
  startBareServer,
  startNginx,
  startOurServer,
  wrk,
  wrkInstalled,
  type Running,
  type WrkResult,
} from "./load/harness";

/**
 * npm run bench: our server against nginx (static files) and bare node:http (GET /api/demos), and votes per second
 * on SQLite and PostgreSQL. Each server under test runs on core 0, wrk on core 1, 50 connections, the headers a
 * browser sends. Prints a table and the ratios; asserts nothing (the figures go to docs/performance.md).
 *
 *   npm run bench                   10 s per row after 2 s of warm-up, about 2.5 minutes in all
 *   BENCH_SECONDS=5 npm run bench   shorter
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = 2;
const ports = { ours: 4760, nginx: 4761, bare: 4762, oursPg: 4763 };
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Row {
  name: string;
  result?: WrkResult;
  rss?: number;
  /** Share of its one core the server used during the row: under 100 % means the load generator was the limit. */
  cpuPercent?: number;
  note?: string;
}

const rows: Row[] = [];

async function measure(name: string, url: string, pid: () => number | undefined, options: Parameters<typeof wrk>[1]) {
  await wrk(url, { ...options, seconds: warmup });
  const cpuBefore = cpuSeconds(pid());
  const startedAt = performance.now();
  const result = await wrk(url, { ...options, seconds });
  const cpuAfter = cpuSeconds(pid());
  const wall = (performance.now() - startedAt) / 1000;
  const cpuPercent =
    cpuBefore !== undefined && cpuAfter !== undefined ? ((cpuAfter - cpuBefore) / wall) * 100 : undefined;
  const row = { name, result, rss: rssMb(pid()), cpuPercent };
  rows.push(row);
  console.error(`  ${name}: ${Math.round(result.requestsPerSecond)} req/s`);
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

async function main() {
  if (!wrkInstalled) throw new Error("wrk is not installed: apt-get install -y wrk");
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
    const nginx = nginxInstalled ? await startNginx(ports.nginx, ports.ours, work) : undefined;
    if (nginx) running.push(nginx);

    const oursAt = (urlPath: string) => `http://127.0.0.1:${ports.ours}${urlPath}`;
    const headerDifferences = nginx
      ? await compareWithNginx(`http://127.0.0.1:${ports.ours}`, `http://127.0.0.1:${ports.nginx}`, [
          "/",
          "/agenda",
          "/countdown",
          "/brb",
          scriptPath,
          "/favicon.svg",
          "/robots.txt",
          "/nowhere",
          "/404",
          "/about",
          "/agenda/",
          "/speakers/nobody",
          "/api/health",
        ])
      : undefined;
    const static_ = [
      ["GET /", "/"],
      [`GET largest JS (${(script.size / 1024).toFixed(0)} KB raw)`, scriptPath],
    ] as const;
    const pairs: { ours: Row; nginx?: Row; bare: Row }[] = [];
    for (const [label, urlPath] of static_) {
      const oursRow = await measure(`${label}: our server`, oursAt(urlPath), () => ours.pid, { seconds });
      let nginxRow: Row;
      if (nginx) {
        const encoding = (await get(`http://127.0.0.1:${ports.nginx}${urlPath}`, { "accept-encoding": "gzip, br" }))
          .rawHeaders;
        const sent = encoding[encoding.findIndex((header) => header.toLowerCase() === "content-encoding") + 1];
        nginxRow = await measure(
          `${label}: nginx (${sent ?? "identity"})`,
          `http://127.0.0.1:${ports.nginx}${urlPath}`,
          nginx.workerPid,
          {
            seconds,
          },
        );
      } else {
        nginxRow = { name: `${label}: nginx`, note: "nginx not installed (apt-get install -y nginx)" };
        rows.push(nginxRow);
      }
      const bareRow = await measure(
        `${label}: bare node:http, same bytes`,
        `http://127.0.0.1:${ports.bare}${urlPath}`,
        () => bare.pid,
        {
          seconds,
        },
      );
      pairs.push({ ours: oursRow, nginx: nginxRow, bare: bareRow });
    }

    const demosOurs = await measure("GET /api/demos: our server", oursAt("/api/demos"), () => ours.pid, { seconds });
    const demosBare = await measure(
      "GET /api/demos: bare node:http, same bytes",
      `http://127.0.0.1:${ports.bare}/api/demos`,
      () => bare.pid,
      {
        seconds,
      },
    );

    const voteScript = path.join(root, "scripts/load/vote.lua");
    const votesSqlite = await measure("POST vote, distinct voters: SQLite", oursAt("/"), () => ours.pid, {
      seconds,
      script: voteScript,
      env: { VOTE_ORIGIN: `http://127.0.0.1:${ports.ours}` },
    });

    let votesPg: Row;
    const schema = `bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      try {
        const url = `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
        const oursPg = await startOurServer(ports.oursPg, { DATABASE_URL: url });
        running.push(oursPg);
        votesPg = await measure(
          "POST vote, distinct voters: PostgreSQL",
          `http://127.0.0.1:${ports.oursPg}/`,
          () => oursPg.pid,
          {
            seconds,
            script: voteScript,
            env: { VOTE_ORIGIN: `http://127.0.0.1:${ports.oursPg}` },
          },
        );
        await oursPg.stop();
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

    const after = machine();
    const fmt = (value: number | undefined, digits = 0) =>
      value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
    const lines = [
      `Machine: ${before.cores} cores, ${before.model}, Node ${before.node}; load average ${before.load} before, ${after.load} after`,
      hasTaskset
        ? `Pinned: each server under test on core ${serverCore} (taskset; nginx with 1 worker), wrk on core ${loadCore}; 50 connections, Accept-Encoding: gzip, br; ${seconds} s per row`
        : `Not pinned (taskset missing); 50 connections, Accept-Encoding: gzip, br; ${seconds} s per row`,
      "",
      "| what | requests/s | p50 ms | p99 ms | errors | server CPU % | server RSS MB |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((row) =>
        row.result
          ? `| ${row.name} | ${fmt(row.result.requestsPerSecond)} | ${fmt(row.result.p50Ms, 2)} | ${fmt(row.result.p99Ms, 2)} | ${row.result.non2xx + row.result.socketErrors} | ${fmt(row.cpuPercent)} | ${fmt(row.rss, 1)} |`
          : `| ${row.name} | ${row.note ?? "-"} | | | | | |`,
      ),
      "",
      "| ratio (requests/s) | measured | per CPU-second | target | met |",
      "|---|---:|---:|---:|---|",
    ];
    const ratio = (label: string, a: Row | undefined, b: Row | undefined, target: number) => {
      if (!a?.result || !b?.result)
        return lines.push(`| ${label} | ${b?.note ?? a?.note ?? "not measured"} | | ${target} | - |`);
      const value = a.result.requestsPerSecond / b.result.requestsPerSecond;
      // Requests per second of server CPU: the same ratio, less sensitive to other load on a shared machine.
      const perCpu =
        a.cpuPercent && b.cpuPercent
          ? a.result.requestsPerSecond / a.cpuPercent / (b.result.requestsPerSecond / b.cpuPercent)
          : NaN;
      lines.push(
        `| ${label} | ${value.toFixed(2)} | ${fmt(perCpu, 2)} | ${target} | ${value >= target ? "yes" : "no"} |`,
      );
    };
    for (const [index, pair] of pairs.entries()) {
      const label = index === 0 ? "GET /" : "largest JS";
      ratio(`${label}: our server / nginx`, pair.ours, pair.nginx, 0.8);
      ratio(`${label}: our server / bare node:http`, pair.ours, pair.bare, 0.8);
    }
    ratio("GET /api/demos: our server / bare node:http", demosOurs, demosBare, 0.85);
    const sqlite = votesSqlite.result;
    const votesMet = sqlite.requestsPerSecond >= 5000 && sqlite.p99Ms < 50 && sqlite.non2xx + sqlite.socketErrors === 0;
    lines.push(
      `| SQLite votes/s (p99) | ${fmt(sqlite.requestsPerSecond)} (${fmt(sqlite.p99Ms, 1)} ms) | | 5000 (< 50 ms) | ${votesMet ? "yes" : "no"} |`,
    );
    if (votesPg.result) {
      lines.push(
        `| PostgreSQL votes/s (p99) | ${fmt(votesPg.result.requestsPerSecond)} (${fmt(votesPg.result.p99Ms, 1)} ms) | | - | - |`,
      );
    }
    if (headerDifferences) {
      lines.push(
        "",
        headerDifferences.length === 0
          ? "deploy/nginx.conf: status, redirects, security headers and Cache-Control match our server on 13 paths."
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
