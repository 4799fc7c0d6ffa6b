import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { get, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoadedEdition } from "../../content/load-edition";
import { fixedPaths } from "../../app/lib/page-list";
import { demoEventsPath } from "../../common/api-contract";
import { speakerPath } from "../../common/site-paths";
import { speakersWithSessions } from "../../app/lib/speaker-schedule";
import { clientDir, editionUnderLoad, machine, rssMb, startOurServer, wrk, wrkInstalled } from "./load/harness";
import { earnVoters, writeLuaVoterPool } from "./load/voters";

/**
 * npm run soak: two minutes of mixed load on the real server (pages, assets, API reads, votes from distinct
 * voters earned by a read each, a little of everything else) while 200 browsers follow the live leaderboard's stream, then the errors
 * (no 5xx, no socket errors, no 429: the limits are set for the soak; every stream still open, each having had
 * its snapshot and the counts' changes) and the server's memory sampled every few seconds. It fails when there
 * were errors or when memory still grows at the end: the last 30 s must sit within 10 % (or 16 MB) of the middle
 * of the run.
 *
 *   npm run soak                  120 s
 *   SOAK_SECONDS=30 npm run soak  shorter, for a try
 */

const seconds = Number(process.env.SOAK_SECONDS ?? 120);
const port = 4770;
const sampleEverySeconds = 5;
const liveStreams = 200;

/** The paths a visitor's browser asks for, from the edition and the build itself. */
function paths({ edition, talkLinks }: LoadedEdition) {
  const assets = readdirSync(path.join(clientDir, "assets")).filter((name) => /\.(js|css|woff2)$/.test(name));
  // Every one a 200: wrk counts any other status as an error, and a 404 here would hide a real one.
  const [speaker] = speakersWithSessions({ ...edition, talks: talkLinks });
  const pages = [...fixedPaths("listed"), ...fixedPaths("unlisted"), ...(speaker ? [speakerPath(speaker.id)] : [])];
  return { pages, assets: assets.map((name) => `/assets/${name}`), demos: edition.demos.map((demo) => demo.id) };
}

/** Browsers following the live leaderboard: what each stream has had, and whether it is still open. */
function followLeaderboard(port: number, count: number) {
  const streams = Array.from({ length: count }, () => {
    const stream = {
      status: 0,
      snapshot: false,
      changes: 0,
      open: true,
      request: undefined as ClientRequest | undefined,
    };
    stream.request = get({ host: "127.0.0.1", port, path: demoEventsPath, agent: false }, (response) => {
      stream.status = response.statusCode ?? 0;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (chunk.includes("event: snapshot")) stream.snapshot = true;
        stream.changes += chunk.split("event: counts").length - 1;
      });
      response.on("close", () => {
        stream.open = false;
      });
    });
    stream.request.on("error", () => {
      stream.open = false;
    });
    return stream;
  });
  return {
    report() {
      const healthy = streams.filter((s) => s.status === 200 && s.snapshot && s.changes > 0 && s.open).length;
      const changes = streams.map((s) => s.changes);
      return { healthy, fewestChanges: Math.min(...changes), mostChanges: Math.max(...changes) };
    },
    close() {
      for (const stream of streams) stream.request?.destroy();
    },
  };
}

/**
 * Votes per second the voter pool is sized for: a tenth of the requests are votes, and the soak has answered
 * 30,000 requests a second on a quiet machine.
 */
const poolVotesPerSecond = 3500;

/**
 * wrk's script: each request picks its kind by weight. The API's requests carry a voter cookie that a read earned
 * (VOTER_POOL, a Lua file returning them), as a browser's do; each vote is the next voter's vote for the next demo,
 * so no voter votes twice for a demo and every vote counts (a 409 would mean the pool was too small).
 */
function luaScript({ pages, assets, demos }: ReturnType<typeof paths>) {
  const list = (items: string[]) => `{ ${items.map((item) => JSON.stringify(item)).join(", ")} }`;
  return `
local pages = ${list(pages)}
local assets = ${list(assets)}
local demos = ${list(demos)}
local origin = os.getenv("VOTE_ORIGIN")
local voters = dofile(os.getenv("VOTER_POOL"))
local n = 0
local votes = 0
local function voter()
  return voters[math.floor(votes / #demos) % #voters + 1]
end
request = function()
  n = n + 1
  local pick = n % 20
  if pick < 6 then
    return wrk.format("GET", pages[n % #pages + 1])
  elseif pick < 12 then
    return wrk.format("GET", assets[n % #assets + 1])
  elseif pick < 16 then
    return wrk.format("GET", "/api/demos", { ["Cookie"] = voter() })
  elseif pick < 17 then
    return wrk.format("GET", "/api/voting")
  elseif pick < 18 then
    return wrk.format("GET", "/api/demos/" .. demos[n % #demos + 1] .. "/has-voted", { ["Cookie"] = voter() })
  else
    local headers = { ["Origin"] = origin, ["Content-Length"] = "0", ["Cookie"] = voter() }
    local demo = demos[votes % #demos + 1]
    votes = votes + 1
    return wrk.format("POST", "/api/demos/" .. demo .. "/vote", headers, nil)
  end
end
`;
}

async function main() {
  if (!wrkInstalled) throw new Error("wrk is not installed: apt-get install -y wrk");
  const work = await mkdtemp(path.join(tmpdir(), "glosaic-soak-"));
  const script = path.join(work, "soak.lua");
  const pool = path.join(work, "voters.lua");
  const loaded = paths(editionUnderLoad());
  await writeFile(script, luaScript(loaded));
  // The whole pool is earned from 127.0.0.1: the server issues it as many voters as the soak needs.
  const server = await startOurServer(port, {
    DATABASE_PATH: path.join(work, "votes.sqlite"),
    RATE_LIMIT_NEW_VOTERS: "1000000000",
  });
  await writeLuaVoterPool(
    pool,
    await earnVoters(`http://127.0.0.1:${port}`, Math.ceil((seconds * poolVotesPerSecond) / loaded.demos.length)),
  );
  const followers = followLeaderboard(port, liveStreams);
  const samples: { at: number; rss: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const rss = rssMb(server.pid);
    if (rss !== undefined) samples.push({ at: (Date.now() - started) / 1000, rss });
  }, sampleEverySeconds * 1000);
  try {
    console.error(
      `Soak: ${seconds} s of mixed load on http://127.0.0.1:${port}, 50 connections, ${liveStreams} live leaderboards`,
    );
    const result = await wrk(`http://127.0.0.1:${port}/`, {
      seconds,
      script,
      env: { VOTE_ORIGIN: `http://127.0.0.1:${port}`, VOTER_POOL: pool },
    });
    clearInterval(sampler);
    const stillUp = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
    const middle = mean(samples.filter((s) => s.at >= seconds * 0.4 && s.at <= seconds * 0.6).map((s) => s.rss));
    const last = mean(samples.filter((s) => s.at >= seconds - 30).map((s) => s.rss));
    const growth = last - middle;
    const levelled = growth <= Math.max(middle * 0.1, 16);
    const streams = followers.report();
    const errors = result.non2xx + result.socketErrors + (liveStreams - streams.healthy);
    const { cores, model, load } = machine();
    console.log(
      [
        `Machine: ${cores} cores, ${model}; load average ${load} at the end; server on core 0, wrk on core 1`,
        `Requests: ${result.requests} in ${seconds} s (${Math.round(result.requestsPerSecond)}/s), p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
        `Errors: ${errors} (non-2xx/3xx ${result.non2xx}, socket errors ${result.socketErrors}, streams lost ${liveStreams - streams.healthy}); server still answering: ${stillUp ? "yes" : "NO"}`,
        `Live leaderboards: ${streams.healthy} of ${liveStreams} open to the end with their snapshot, each had ${streams.fewestChanges}-${streams.mostChanges} messages of changed counts`,
        `RSS MB every ${sampleEverySeconds} s: ${samples.map((s) => s.rss.toFixed(0)).join(" ")}`,
        `RSS: middle of the run ${middle.toFixed(1)} MB, last 30 s ${last.toFixed(1)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MB): ${levelled ? "levels off" : "STILL GROWING"}`,
      ].join("\n"),
    );
    if (errors > 0 || !stillUp || !levelled) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    followers.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
