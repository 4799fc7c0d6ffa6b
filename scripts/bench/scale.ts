import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultEditionId, readEditionInput, testEditionsRoot } from "../../content/editions";
import { validateEdition } from "../../content/validate";
import type { Edition } from "../../content/schema";
import { importSchedule } from "../../interop/schedule-import";
import { largeSchedule, type LargeScheduleOptions } from "../../interop/test-support/large-schedule";
import { measure } from "../build/js-budget";
import { keptKeys, offlineCopyBytes } from "../build/service-worker";
import { pageKindOf } from "../../app/lib/page-list";
import { freePort, startBuiltServer } from "../tools/local-site";
import { machine, rssMb, root } from "./load/harness";

/**
 * npm run bench:scale [-- --edition <id>]...: what a programme's size costs, at 24 sessions (the reference edition),
 * 300 and 1,100 (generated, FOSDEM's shape: scripts/tools/generate-schedule.ts), and for any edition named. For
 * each, in one run on one machine:
 * - the build, twice: with no share card drawn before (an empty card cache of its own), then again with every card
 *   kept, each with its time and the peak memory of all its processes together, and the ratio to the reference
 *   edition's;
 * - the first-load JavaScript of each kind of page, the largest of its kind (gzip, as the build's budget counts it);
 * - the server: from its start until /api/health answers, and its memory at rest;
 * - the offline copy: files kept and bytes a browser downloads for it;
 * - the share cards: how many, their total and the largest.
 * Prints a Markdown table; asserts nothing (decision 057). The generated editions are written into tests/editions
 * for the run and removed after it; build/ holds the last edition built.
 */

const { values } = parseArgs({ options: { edition: { type: "string", multiple: true } } });

interface Size {
  label: string;
  edition: string;
  /** A generated programme, imported for the run. */
  generated?: Partial<LargeScheduleOptions>;
}

const sizes: Size[] = [
  { label: "reference", edition: defaultEditionId },
  {
    label: "generated 300",
    edition: "bench-scale-300",
    generated: { sessions: 300, rooms: 12, days: 2, persons: 330, tracks: 20 },
  },
  { label: "generated 1,100", edition: "bench-scale-1100", generated: {} },
  ...(values.edition ?? []).map((edition) => ({ label: edition, edition })),
];

/** The peak resident memory of a process and all its descendants together, sampled every 200 ms, in MB. */
function treeRssMb(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone since the listing
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  return [...tree].reduce((sum, each) => sum + (rssMb(each) ?? 0), 0);
}

/** `npm run build` of an edition: seconds and peak MB; its output is kept for a failure's sake. */
async function build(edition: string, cardCache: string): Promise<{ seconds: number; peakMb: number }> {
  const started = performance.now();
  const child = spawn("npm", ["run", "build"], {
    cwd: root,
    env: { ...process.env, EDITION: edition, SHARE_CARD_CACHE: cardCache },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(child.pid ?? 0))), 200);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`EDITION=${edition} npm run build failed:\n${output}`);
  return { seconds: (performance.now() - started) / 1000, peakMb };
}

/** The server on the build: milliseconds until /api/health answers, and its memory 3 s later. */
async function serve(): Promise<{ startMs: number; restMb: number }> {
  const database = path.join(tmpdir(), `glosaic-bench-scale-${String(process.pid)}.sqlite`);
  const started = performance.now();
  const server = await startBuiltServer({ at: { port: await freePort(), database } });
  const startMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const restMb = rssMb(server.pid) ?? NaN;
  await server.stopForRestart();
  for (const file of [database, `${database}-wal`, `${database}-shm`]) rmSync(file, { force: true });
  return { startMs, restMb };
}

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

interface Row {
  label: string;
  sessions: number;
  rooms: number;
  speakers: number;
  cold: { seconds: number; peakMb: number };
  warm: { seconds: number; peakMb: number };
  js: Map<string, number>;
  server: { startMs: number; restMb: number };
  offline: { files: number; bytes: number };
  cards: { count: number; bytes: number; largest: number };
}

async function bench(size: Size): Promise<Row> {
  if (size.generated) {
    const folder = mkdtempSync(path.join(tmpdir(), "glosaic-bench-scale-"));
    const file = path.join(folder, "schedule.json");
    writeFileSync(file, JSON.stringify(largeSchedule(size.generated)));
    await importSchedule({ source: file, root: testEditionsRoot, editionId: size.edition });
    rmSync(folder, { recursive: true, force: true });
  }
  const edition: Edition = validateEdition(readEditionInput(size.edition), size.edition);
  const cardCache = mkdtempSync(path.join(tmpdir(), "glosaic-bench-cards-"));
  try {
    const cold = await build(size.edition, cardCache);
    const warm = await build(size.edition, cardCache);
    const clientDir = path.join(root, "build/client");
    const pages = await measure(clientDir);
    const kindOf = pageKindOf(edition);
    const js = new Map<string, number>();
    for (const page of pages) {
      const kind = kindOf(page.route);
      js.set(kind, Math.max(js.get(kind) ?? 0, page.total));
    }
    const keys = keptKeys(clientDir);
    const cards = filesUnder(path.join(clientDir, "og")).map((file) => statSync(file).size);
    return {
      label: size.label,
      sessions: edition.agenda.length,
      rooms: edition.rooms.length,
      speakers: edition.speakers.length,
      cold,
      warm,
      js,
      server: await serve(),
      offline: { files: keys.length, bytes: await offlineCopyBytes(clientDir, keys) },
      cards: {
        count: cards.length,
        bytes: cards.reduce((sum, bytes) => sum + bytes, 0),
        largest: Math.max(0, ...cards),
      },
    };
  } finally {
    rmSync(cardCache, { recursive: true, force: true });
    if (size.generated) rmSync(path.join(testEditionsRoot, size.edition), { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const host = machine();
console.log(`bench:scale on ${host.cores} cores (${host.model}), load ${host.load}, Node ${host.node}\n`);
const rows: Row[] = [];
for (const size of sizes) {
  console.log(`${size.label}: building twice, then serving ...`);
  rows.push(await bench(size));
}
const [reference] = rows;
if (!reference) throw new Error("bench:scale measured nothing");
const ratio = (seconds: number, of: number) => `${(seconds / of).toFixed(1)}x`;
const kindsShown = [...new Set(rows.flatMap((row) => [...row.js.keys()]))];
const lines: [string, (row: Row) => string][] = [
  ["sessions / rooms / speakers", (row) => `${String(row.sessions)} / ${String(row.rooms)} / ${String(row.speakers)}`],
  [
    "build, no card drawn before",
    (row) => `${row.cold.seconds.toFixed(0)} s (${ratio(row.cold.seconds, reference.cold.seconds)})`,
  ],
  [
    "build, every card kept",
    (row) => `${row.warm.seconds.toFixed(0)} s (${ratio(row.warm.seconds, reference.warm.seconds)})`,
  ],
  ["build's peak memory", (row) => `${(Math.max(row.cold.peakMb, row.warm.peakMb) / 1024).toFixed(2)} GB`],
  ...kindsShown.map((kind): [string, (row: Row) => string] => [
    `first-load JS, ${kind} (gzip)`,
    (row) => (row.js.has(kind) ? kb(row.js.get(kind) ?? 0) : "-"),
  ]),
  ["server start (until /api/health)", (row) => `${(row.server.startMs / 1000).toFixed(1)} s`],
  ["server memory at rest", (row) => `${row.server.restMb.toFixed(0)} MB`],
  ["offline copy (files, download)", (row) => `${String(row.offline.files)}, ${kb(row.offline.bytes)}`],
  [
    "share cards (count, total, largest)",
    (row) => `${String(row.cards.count)}, ${mb(row.cards.bytes)}, ${kb(row.cards.largest)}`,
  ],
];
console.log(
  [
    `| | ${rows.map((row) => row.label).join(" | ")} |`,
    `|---|${rows.map(() => "---:").join("|")}|`,
    ...lines.map(([name, cell]) => `| ${name} | ${rows.map(cell).join(" | ")} |`),
  ].join("\n"),
);
