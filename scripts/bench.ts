import { readdirSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  clientDir,
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
  note?: string;
}

const rows: Row[] = [];

async function measure(name: string, url: string, pid: () => number | undefined, options: Parameters<typeof wrk>[1]) {
  await wrk(url, { ...options, seconds: warmup });
  const result = await wrk(url, { ...options, seconds });
  const row = { name, result, rss: rssMb(pid()) };
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
      "| what | requests/s | p50 ms | p99 ms | errors | server RSS MB |",
      "|---|---:|---:|---:|---:|---:|",
      ...rows.map((row) =>
        row.result
          ? `| ${row.name} | ${fmt(row.result.requestsPerSecond)} | ${fmt(row.result.p50Ms, 2)} | ${fmt(row.result.p99Ms, 2)} | ${row.result.non2xx + row.result.socketErrors} | ${fmt(row.rss, 1)} |`
          : `| ${row.name} | ${row.note ?? "-"} | | | | |`,
      ),
      "",
      "| ratio | measured | target | met |",
      "|---|---:|---:|---|",
    ];
    const ratio = (label: string, a: Row | undefined, b: Row | undefined, target: number) => {
      if (!a?.result || !b?.result)
        return lines.push(`| ${label} | ${b?.note ?? a?.note ?? "not measured"} | ${target} | - |`);
      const value = a.result.requestsPerSecond / b.result.requestsPerSecond;
      lines.push(`| ${label} | ${value.toFixed(2)} | ${target} | ${value >= target ? "yes" : "no"} |`);
    };
    for (const [index, pair] of pairs.entries()) {
      const label = index === 0 ? "GET /" : "largest JS";
      ratio(`${label}: our server / nginx`, pair.ours, pair.nginx, 0.8);
      ratio(`${label}: our server / bare node:http`, pair.ours, pair.bare, 0.8);
    }
    ratio("GET /api/demos: our server / bare node:http", demosOurs, demosBare, 0.85);
    const sqlite = votesSqlite.result!;
    const votesMet = sqlite.requestsPerSecond >= 5000 && sqlite.p99Ms < 50 && sqlite.non2xx + sqlite.socketErrors === 0;
    lines.push(
      `| SQLite votes/s (p99) | ${fmt(sqlite.requestsPerSecond)} (${fmt(sqlite.p99Ms, 1)} ms) | 5000 (< 50 ms) | ${votesMet ? "yes" : "no"} |`,
    );
    if (votesPg.result) {
      lines.push(
        `| PostgreSQL votes/s (p99) | ${fmt(votesPg.result.requestsPerSecond)} (${fmt(votesPg.result.p99Ms, 1)} ms) | - | - |`,
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
