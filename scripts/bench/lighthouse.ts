import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as content from "../../content";
import { fixedPages } from "../../shared/fixed-pages";
import { fixedPaths } from "../../app/lib/page-list";
import { speakerPath } from "../../shared/site-paths";
import { speakersWithSessions } from "../../app/lib/speaker-schedule";
import { editionSchedule } from "../../app/lib/edition-schedule";
import { chromiumArgs, chromiumPath, startBuiltServer } from "../tools/local-site";

/**
 * Lighthouse 12 on the built site, served by our own server exactly as in production, in Debian's Chromium.
 *
 *   npm run audit                    every route in sitemap.xml, mobile and desktop: reports/lighthouse.md
 *   npm run test:lighthouse          the sitemap's fixed pages, a talk and a speaker, mobile (part of npm test)
 *
 * Targets: 100 in Accessibility, Best Practices and SEO everywhere; Performance 100 on desktop and on mobile (the
 * sample, which runs on busy CI machines, fails below 95 on mobile); the largest paint within 1.2 s on mobile, in
 * the sample too; on mobile, a Total Blocking Time of at most 150 ms on the pages with the most to hydrate, by the
 * median of five runs. Runs are sequential: two audits at once on two cores would measure each other.
 */
const sample = process.argv.includes("--sample");
/**
 * The pages with the most to hydrate: the programme, the leaderboard and the visitor's own schedule. On mobile their
 * Total Blocking Time is held to `tbtTarget` by the median of five runs, always (docs/decisions/037). The visitor's
 * schedule is not in the sitemap, so it joins the routes audited.
 */
const heavyRoutes = new Set(["routes/agenda.tsx", "routes/demo-voting.tsx", "routes/my-schedule.tsx"]);
const heavyPaths = fixedPages
  .filter((page) => heavyRoutes.has(page.file) && page.kind !== "alias")
  .map((page) => page.path);
const tbtTarget = 150;

/** The sample: the fixed pages in the sitemap, a talk and a speaker. */
function samplePaths(): string[] {
  const [talk] = content.talks;
  const [speaker] = speakersWithSessions(editionSchedule);
  return [...fixedPaths("listed"), ...(talk ? [talk.path] : []), ...(speaker ? [speakerPath(speaker.id)] : [])];
}
type FormFactor = "mobile" | "desktop";
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Row {
  path: string;
  formFactor: FormFactor;
  scores: Record<(typeof categories)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  /** Lighthouse's measure of the host's speed in that run, and the mobile CPU slowdown it gave (1 on desktop). */
  benchmarkIndex: number;
  slowdown: number;
  /** Lighthouse's Performance score weighed without Total Blocking Time (see `blockingJudged`). */
  performanceWithoutTbt: number;
  /** Per category, the audits that cost it points. */
  lost: Record<(typeof categories)[number], string[]>;
  failing: string[];
}

/**
 * The largest contentful paint a mobile page must reach, in ms (simulated slow 4G, Lighthouse's default): 1.2 s,
 * in the audit and in the sample alike. Every page measures 1.05-1.14 s here, and a page that misses on its first
 * run is judged by the median of five (docs/decisions/034).
 */
const lcpTarget = 1200;

async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile("build/client/sitemap.xml", "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
}

function targetsFor(formFactor: FormFactor): Record<(typeof categories)[number], number> {
  const performance = formFactor === "mobile" && sample ? 95 : 100;
  return { performance, accessibility: 100, "best-practices": 100, seo: 100 };
}

/** What a row misses: each category below its target, with the audits that cost it, and a late largest paint. */
/**
 * A page kept out of search engines on purpose (a visitor's own schedule: `noindex`, not in the sitemap) loses
 * Lighthouse's crawlability audit by design; its SEO score is reported, not held to the target.
 */
const unlisted = new Set(fixedPaths("unlisted"));

/**
 * Whether this host can judge blocking time on mobile (docs/decisions/049). Lighthouse's benchmark measures how fast
 * the host runs JavaScript, and the slowdown is calibrated by it; but some of CI's virtual machines run the browser
 * itself several times slower than their JavaScript (a system call costs about 1.1 µs there, a page fault 14 µs), and
 * then every page "blocks", the home page's 3.3 KB of script included. So the baseline, the home page, is audited
 * first, five times, in the same browser: if its median blocking time exceeds `baselineBlockingLimit` (it is 0-60 ms
 * on a host whose browser keeps pace with its JavaScript, 190-640 ms on the slow ones), the run reports blocking time
 * and judges Performance without it. Every other target holds on every host.
 */
const baselinePath = "/";
const baselineBlockingLimit = 100;
let blockingJudged = true;

function failingOf(row: Omit<Row, "failing">): string[] {
  const targets = targetsFor(row.formFactor);
  const judged = categories.filter((category) => !(category === "seo" && unlisted.has(row.path)));
  const blockingCounts = row.formFactor === "desktop" || blockingJudged;
  const categoryMisses = judged.flatMap((category) => {
    const score = category === "performance" && !blockingCounts ? row.performanceWithoutTbt : row.scores[category];
    const lost = row.lost[category].filter((id) => blockingCounts || id !== "total-blocking-time");
    return score >= targets[category]
      ? []
      : [`${category} ${String(score)} < ${String(targets[category])} (${lost.join(", ")})`];
  });
  const lcpMiss =
    row.formFactor === "mobile" && row.lcp > lcpTarget
      ? [`LCP ${(row.lcp / 1000).toFixed(2)} s > ${(lcpTarget / 1000).toFixed(1)} s`]
      : [];
  const tbtMiss =
    row.formFactor === "mobile" && blockingJudged && heavyPaths.includes(row.path) && row.tbt > tbtTarget
      ? [`TBT ${Math.round(row.tbt).toString()} ms > ${String(tbtTarget)} ms`]
      : [];
  return [...categoryMisses, ...lcpMiss, ...tbtMiss];
}

/**
 * Lighthouse's mobile preset slows the CPU four times, which its authors chose to make a high-end desktop into a
 * mid-tier phone; on a slower host the same four times emulates a slower phone. A shared CI machine can be several
 * times slower for minutes on end without /proc/stat showing it (the hypervisor hides the time taken from it), and
 * every page then "blocks" for half a second. So, as Lighthouse's docs/throttling.md recommends, the slowdown is
 * calibrated by the host's `benchmarkIndex`, measured in the same run as the page: the phone emulated is the one
 * that four times gives on a quiet machine of this kind (index about 2,400: 2,245-2,632 over four runs here). The
 * slowdown stays between one and Lighthouse's four: a faster host keeps the default, as every figure in
 * docs/decisions was measured with it.
 */
const quietBenchmarkIndex = 2400;
const defaultSlowdown = 4;
function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.min(defaultSlowdown, Math.max(1, (defaultSlowdown * benchmarkIndex) / quietBenchmarkIndex));
}

/**
 * One audit: Lighthouse gathers the page into a folder of artifacts, and then audits them with the mobile slowdown
 * calibrated by the benchmark taken in that gathering (its gather and audit modes, which share one page load).
 */
async function audit(origin: string, chromePort: number, pagePath: string, formFactor: FormFactor): Promise<Row> {
  const folder = await mkdtemp(path.join(tmpdir(), "glosaic-lighthouse-"));
  const flags = {
    port: chromePort,
    output: "json" as const,
    logLevel: "error" as const,
    onlyCategories: [...categories],
  };
  const config = formFactor === "desktop" ? desktopConfig : undefined;
  const url = `${origin}${pagePath}`;
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    await lighthouse(url, { ...flags, gatherMode: folder }, config);
    // The slowdown is simulated in the audit phase only (throttlingMethod "simulate": the gathering runs at the
    // host's full speed), so the gathered artifacts hold for any multiplier; Lighthouse insists that the settings
    // saved with them match the audit's, so the calibrated multiplier is written into both.
    const file = path.join(folder, "artifacts.json");
    const artifacts = JSON.parse(await readFile(file, "utf8")) as {
      BenchmarkIndex: number;
      settings: { throttlingMethod: string; throttling: { cpuSlowdownMultiplier: number } };
    };
    if (formFactor === "mobile" && artifacts.settings.throttlingMethod === "simulate") {
      artifacts.settings.throttling.cpuSlowdownMultiplier = calibratedSlowdown(artifacts.BenchmarkIndex);
      await writeFile(file, JSON.stringify(artifacts));
    }
    result = await lighthouse(url, { ...flags, auditMode: folder, throttling: artifacts.settings.throttling }, config);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${pagePath} (${formFactor}): ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Row["scores"];
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = lhr.audits["resource-summary"]?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  // Name the audits that cost points, so a red run says what to fix.
  const lost = Object.fromEntries(
    categories.map((category) => [
      category,
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ]),
  ) as Row["lost"];
  const refs = (lhr.categories.performance?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && ref.id !== "total-blocking-time",
  );
  const weightWithoutTbt = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const performanceWithoutTbt = Math.round(
    (100 * refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0)) / weightWithoutTbt,
  );
  const row = {
    path: pagePath,
    performanceWithoutTbt,
    formFactor,
    scores,
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scriptBytes: resources?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    lost,
  };
  return { ...row, failing: failingOf(row) };
}

/**
 * One audit, or, when it misses a target or Lighthouse fails to record the page (it asks to be run again), or on a
 * page whose blocking time is held on mobile, the median of five: the machines are shared, and another process's
 * burst of work shows up as blocking time on our page. Lighthouse's own guidance is to take the median of five
 * runs. The row is the run of median Performance, with the median largest paint and blocking time of the five.
 */
async function auditSettled(origin: string, chromePort: number, pagePath: string, formFactor: FormFactor) {
  const first = await audit(origin, chromePort, pagePath, formFactor).catch((error: unknown) => error as Error);
  const alwaysFive = formFactor === "mobile" && (heavyPaths.includes(pagePath) || pagePath === baselinePath);
  if (!(first instanceof Error) && first.failing.length === 0 && !alwaysFive) return first;
  const runs = [first];
  for (let attempt = 0; attempt < 4; attempt++) {
    // A burst of other work may be what made it miss: each retry starts on an idle machine, as the first did.
    await settle(30);
    runs.push(await audit(origin, chromePort, pagePath, formFactor).catch((error: unknown) => error as Error));
  }
  const rows = runs.filter((run): run is Row => !(run instanceof Error));
  if (rows.length === 0) throw runs[0] as Error;
  const middle = Math.floor((rows.length - 1) / 2);
  const medianOf = (values: number[]) => values.sort((a, b) => a - b)[middle] ?? Number.NaN;
  const median = {
    ...([...rows].sort((a, b) => a.scores.performance - b.scores.performance)[middle] as Row),
    lcp: medianOf(rows.map((run) => run.lcp)),
    tbt: medianOf(rows.map((run) => run.tbt)),
  };
  return { ...median, failing: failingOf(median) };
}

function report(rows: Row[]): string {
  const lines = rows.map(
    (row) =>
      `| ${row.path} | ${row.formFactor} | ${categories.map((category) => String(row.scores[category])).join(" | ")} | ${(row.lcp / 1000).toFixed(2)} s | ${Math.round(row.tbt).toString()} ms | ${row.cls.toFixed(3)} | ${(row.scriptBytes / 1024).toFixed(1)} KB | ${Math.round(row.benchmarkIndex).toString()} / ${row.slowdown.toFixed(1)}x | ${String(row.performanceWithoutTbt)} |`,
  );
  return [
    "# Lighthouse",
    "",
    `Lighthouse 12.8.2 in Debian's Chromium against our own server (\`${sample ? "npm run test:lighthouse" : "npm run audit"}\`), ${new Date().toISOString()},`,
    `on ${String(cpus().length)} cores; load average ${loadBefore} before the run and ${loadavg()[0]?.toFixed(2) ?? "?"} after (simulated throttling scales with the machine's own speed).`,
    "Mobile: Lighthouse's default (Moto G Power, simulated slow 4G), its 4x CPU slowdown calibrated by the host's",
    `benchmark index in each run (4x at ${String(quietBenchmarkIndex)} and above, less on a slower host); desktop: its desktop preset.`,
    `Targets: Performance 100${sample ? " (95 on mobile in this sample)" : ""}; Accessibility, Best Practices and SEO 100; on mobile, LCP at most ${(lcpTarget / 1000).toFixed(1)} s,`,
    `and TBT at most ${String(tbtTarget)} ms on ${heavyPaths.join(", ")}.`,
    "A route that misses a target on its first run, and each of those three on mobile, is run five times in all and",
    "reported by the median Performance of the five, with their median LCP and TBT.",
    blockingJudged
      ? `Blocking time judged: the home page, audited first as the baseline, blocked at most ${String(baselineBlockingLimit)} ms.`
      : `Blocking time reported, not judged: the home page, the baseline, blocked more than ${String(baselineBlockingLimit)} ms, so this host's browser is slower than its JavaScript; Performance is judged without TBT (the last column).`,
    "",
    "| route | form | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | JavaScript transferred | host index / slowdown | Performance without TBT |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...lines,
    "",
  ].join("\n");
}

/** The share of the machine's CPU time that was idle over the next second (all cores, from /proc/stat). */
async function idleShare(): Promise<number> {
  const read = async () => {
    const fields =
      (await readFile("/proc/stat", "utf8")).split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const before = await read();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await read();
  return after.total > before.total ? (after.idle - before.idle) / (after.total - before.total) : 1;
}

/**
 * Lighthouse's mobile preset multiplies the time our page's tasks take on this machine, so whatever else the
 * machine is still doing (in `npm test`, what the browser tests leave behind a moment before) shows up as our
 * blocking time. Wait, up to a bound, until the CPU has been at least 90 % idle for three seconds in a row. (The
 * load average was the first measure; it trails the machine by minutes, so it both waited too long after the
 * browser tests and could not see a short burst.)
 */
async function settle(boundSeconds = 90) {
  const started = Date.now();
  let quietSeconds = 0;
  let idle = 1;
  while (quietSeconds < 3 && Date.now() - started < boundSeconds * 1000) {
    idle = await idleShare();
    quietSeconds = idle >= 0.9 ? quietSeconds + 1 : 0;
  }
  const waited = Math.round((Date.now() - started) / 1000);
  console.log(
    quietSeconds >= 3
      ? `The machine was idle after ${String(waited)} s.`
      : `Gave up waiting for an idle machine after ${String(waited)} s (last second ${(idle * 100).toFixed(0)} % idle).`,
  );
}

await settle();
const loadBefore = loadavg()[0]?.toFixed(2) ?? "?";
const paths = [...new Set([baselinePath, ...(sample ? samplePaths() : await sitemapPaths()), ...heavyPaths])];
const formFactors: FormFactor[] = sample ? ["mobile"] : ["mobile", "desktop"];
const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
const rows: Row[] = [];
try {
  for (const formFactor of formFactors) {
    for (const pagePath of paths) {
      let row = await auditSettled(server.url, chrome.port, pagePath, formFactor);
      if (formFactor === "mobile" && pagePath === baselinePath && row.tbt > baselineBlockingLimit) {
        blockingJudged = false;
        row = { ...row, failing: failingOf(row) };
        console.log(
          `The home page blocked for ${Math.round(row.tbt).toString()} ms (median of five; host index ${Math.round(row.benchmarkIndex).toString()}): this host's browser is slower than its JavaScript, so blocking time is reported, not judged.`,
        );
      }
      rows.push(row);
      console.log(
        `${row.failing.length > 0 ? "FAIL" : "ok  "} ${formFactor.padEnd(7)} ${pagePath.padEnd(34)} ${categories.map((category) => String(row.scores[category]).padStart(3)).join(" ")}${row.failing.length > 0 ? `  ${row.failing.join("; ")} (host index ${Math.round(row.benchmarkIndex).toString()}, slowdown ${row.slowdown.toFixed(1)}x)` : ""}`,
      );
    }
  }
} finally {
  chrome.kill();
  server.stop();
}

await mkdir("reports", { recursive: true });
const file = sample ? "reports/lighthouse-sample.md" : "reports/lighthouse.md";
await writeFile(file, report(rows));
const failed = rows.filter((row) => row.failing.length > 0);
console.log(`\n${String(rows.length)} audits written to ${file}; ${String(failed.length)} below target.`);
if (failed.length > 0) process.exit(1);
