import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { listeningAnnouncement } from "../../common/api-contract";
import { loadTestEnv, machine, pinned, root, rssMb, serverCore, wrk, wrkInstalled } from "./load/harness";
import { serverArgs } from "../../server/start-command";

/**
 * npm run footprint: start-up time and resident memory of the server, at rest and under load, compiled (as
 * `npm start` runs it) against the same source run through the tsx loader (as `npm start` ran it before decision
 * 014). The two take turns over several rounds on core 0 (wrk on core 1), and the table gives medians and the
 * ratio compiled / tsx, so a busy shared machine moves both alike. Asserts nothing: the figures go to
 * docs/performance.md.
 *
 *   FOOTPRINT_ROUNDS=7 npm run footprint   more rounds (default 5; about 20 s each)
 */

const rounds = Number(process.env.FOOTPRINT_ROUNDS ?? 5);
const port = 4765;
const loadSeconds = 5;

// The comparison baseline only: the server is started from one definition, server/start-command.ts.
const before = { name: "source through tsx (before)", args: ["--import", "tsx", "server/index.ts"] };
const after = { name: "compiled, npm start (after)", args: [...serverArgs] };

interface Sample {
  startMs: number;
  restMb: number;
  pagesMb: number;
  votesMb: number;
}

/** The highest resident memory seen while `work` runs, sampled every 50 ms. */
async function peakRss(pid: number, work: Promise<unknown>): Promise<number> {
  let peak = rssMb(pid) ?? NaN;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? NaN)), 50);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssMb(pid) ?? NaN);
}

async function measure(args: string[], work: string): Promise<Sample> {
  const [command, pinnedArgs] = pinned(serverCore, process.execPath, args);
  const startedAt = performance.now();
  const child = spawn(command, pinnedArgs, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: loadTestEnv(port, { DATABASE_PATH: path.join(work, `votes-${String(startedAt)}.sqlite`) }),
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    // Start-up ends when the server says it listens: it prints that line once the store and the site are ready.
    const startMs = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(listeningAnnouncement)) resolve(performance.now() - startedAt);
      });
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("exit", (code) => {
        reject(new Error(`The server exited (${String(code)}) before listening:\n${output}`));
      });
    });
    const pid = child.pid ?? NaN;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const restMb = rssMb(pid) ?? NaN;
    const base = `http://127.0.0.1:${String(port)}`;
    const pagesMb = await peakRss(pid, wrk(`${base}/agenda`, { seconds: loadSeconds }));
    const votesMb = await peakRss(
      pid,
      wrk(`${base}/`, {
        seconds: loadSeconds,
        script: path.join(root, "scripts/bench/load/vote.lua"),
        env: { VOTE_ORIGIN: base },
      }),
    );
    return { startMs, restMb, pagesMb, votesMb };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

if (!wrkInstalled) throw new Error("npm run footprint needs wrk: apt-get install -y wrk");
const work = await mkdtemp(path.join(tmpdir(), "glosaic-footprint-"));
const samples = { before: [] as Sample[], after: [] as Sample[] };
try {
  for (let round = 0; round < rounds; round++) {
    // A different variant goes first each round, so neither always runs on a machine the other just warmed.
    const order = round % 2 ? (["after", "before"] as const) : (["before", "after"] as const);
    for (const which of order) samples[which].push(await measure(which === "before" ? before.args : after.args, work));
    console.error(`  round ${String(round + 1)} of ${String(rounds)}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const columns = [
  { name: "start-up ms", key: "startMs", digits: 0 },
  { name: "RSS at rest MB", key: "restMb", digits: 1 },
  { name: "RSS peak, pages MB", key: "pagesMb", digits: 1 },
  { name: "RSS peak, votes MB", key: "votesMb", digits: 1 },
] as const;
const medianOf = (list: Sample[]) => columns.map(({ key }) => median(list.map((sample) => sample[key])));
const medians = { before: medianOf(samples.before), after: medianOf(samples.after) };
const { cores, model, load, node } = machine();
console.log(`${model}, ${cores} cores, load ${load}, Node ${node}; ${String(rounds)} rounds, medians\n`);
console.log(`| server | ${columns.map(({ name }) => name).join(" | ")} |`);
console.log(`| --- | ${columns.map(() => "---:").join(" | ")} |`);
for (const [variant, values] of [
  [before, medians.before],
  [after, medians.after],
] as const) {
  console.log(`| ${variant.name} | ${values.map((value, i) => value.toFixed(columns[i]?.digits)).join(" | ")} |`);
}
const ratios = medians.after.map((value, i) => (value / (medians.before[i] ?? NaN)).toFixed(2));
console.log(`| ratio after / before | ${ratios.join(" | ")} |`);
