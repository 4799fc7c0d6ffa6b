import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { edition, editionId } from "../../content";
import { eachAtOnce } from "../../common/each-at-once";
import { builtEditionFile } from "../../content/editions";
import { offlinePages, sitemapPaths } from "../../app/lib/page-list";
import { schedulePaths } from "../../common/schedule-paths";
import { compactProgramme, programmePath, programmeSearch, programmeSearchPath } from "../../content/programme";
import { speakerDirectory, speakerDirectoryPath } from "../../content/speaker-directory";
import { stagePath, streamSources } from "../../app/lib/stage";
import { calendarFiles, speakerCalendarFiles } from "../../interop/calendar-files";
import { withPolicy } from "../../server/content-security-policy";
import { deferHydration } from "./defer-hydration";
import { inlineSmallImages } from "./inline-images";
import { scheduleFiles } from "../../interop/schedule-export";
import { some } from "../../interop/import/import-notes";
import { withSiteIcon } from "./site-icon";
import { drawnBy } from "./fontsource-pieces";
import { charactersFile, firstScreen, missingCharacters, paintedText } from "./subset-fonts";
import { defaultShareCard, renderShareCards, shareCards, speakerShareCards } from "./share-images";
import { offlineCopyBytes, writeServiceWorker } from "./service-worker";
import { writeWebApp } from "./web-app";

/**
 * After `react-router build`: write the sitemap and robots.txt (they need the content's site URL), the calendar
 * files, the schedule export and the talks' and speakers' share cards; finish the pages (React Router's SPA fallback
 * among them, the service worker's shell); write the service worker; then a brotli and a gzip variant of every
 * compressible file, so the server never compresses at request time.
 */
const clientDir = path.resolve("build/client");
const compressible = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest|ics)$/;
/** Below this, a compressed variant saves less than its headers cost. */
const minimumBytes = 512;

async function writeSitemapAndRobots() {
  const { siteUrl } = edition.event;
  const urls = sitemapPaths(edition)
    .map((pagePath) => `  <url><loc>${new URL(pagePath, siteUrl).href}</loc></url>`)
    .join("\n");
  await writeFile(
    path.join(clientDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  await writeFile(
    path.join(clientDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n`,
  );
}

/** Writes a file under build/client at a site path, creating its folder. */
async function writeAt(sitePath: string, body: string | Buffer) {
  const file = path.join(clientDir, sitePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

/** Writes files, sixteen at a time: a file per session and per speaker is thousands at a large conference. */
async function writeEach(written: Iterable<{ path: string; body: string | Buffer }>) {
  await eachAtOnce(written, 16, (file) => writeAt(file.path, file.body));
}

/** The programme the pages fetch once they run (content/programme.ts): one file, so that no page's script carries it. */
async function writeProgramme() {
  await writeAt(programmePath, JSON.stringify(compactProgramme(edition)));
  await writeAt(programmeSearchPath, JSON.stringify(programmeSearch(edition)));
}

/** The speakers' directory /speakers renders from (content/speaker-directory.ts), rather than from its page's data. */
async function writeSpeakerDirectory() {
  await writeAt(speakerDirectoryPath, JSON.stringify(speakerDirectory(edition)));
}

async function writeCalendars() {
  const calendars = [...calendarFiles(edition), ...speakerCalendarFiles(edition)];
  await writeEach(calendars);
  return calendars.length;
}

/** The programme for schedule apps: /schedule.json and /schedule.xml. Says what the schema made it change. */
async function writeSchedule() {
  const { files, notes } = scheduleFiles(edition, schedulePaths);
  for (const file of files) await writeAt(file.path, file.body);
  for (const note of notes) console.log(`postbuild: schedule export: ${note}`);
  return files.map((file) => file.path);
}

/** The share cards; says once which characters no font of theirs draws (each drawn as an empty box). */
async function writeShareCards() {
  const { images, undrawn, drawn } = await renderShareCards(
    [defaultShareCard(edition), ...shareCards(edition), ...speakerShareCards(edition)],
    edition.event.name,
  );
  await writeEach(Array.from(images, ([sitePath, body]) => ({ path: sitePath, body })));
  if (undrawn.length > 0) {
    console.log(
      `postbuild: share cards: ${String(undrawn.length)} characters are in no font the cards have, each drawn as an empty box: ${some(undrawn, 8)}`,
    );
  }
  return { count: images.size, drawn };
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** A built file's text by its site path (cached: the same logos and portraits recur on many pages). */
const siteFiles = new Map<string, string | undefined>();
function siteFile(sitePath: string): string | undefined {
  if (!siteFiles.has(sitePath)) {
    const file = path.join(clientDir, sitePath);
    siteFiles.set(sitePath, file.startsWith(clientDir) && existsSync(file) ? readFileSync(file, "utf8") : undefined);
  }
  return siteFiles.get(sitePath);
}

/**
 * The stage's pages (/live and each room's), by their file: only their policy admits the edition's streams. A
 * link to them must load the page (not navigate within the app), so that their own policy is the one in force.
 */
const stageFiles = new Set(
  [stagePath(), ...edition.rooms.map((room) => stagePath(room.id))].map((page) => `${page.slice(1)}/index.html`),
);

/**
 * The text face's files and the characters each draws. A page whose first screen shows a character of one with a
 * unicode-range (the ligature symbols' file, a script's: scripts/build/subset-fonts.ts) preloads it, so that it is
 * fetched with the others, not after the stylesheet has named it; the main file every page preloads already
 * (app/root.tsx). The display face's are left to the stylesheet, for the rare heading that needs one.
 */
async function textFontsWithRanges(characters: string) {
  const assets = path.join(clientDir, "assets");
  const fonts = (await readdir(assets)).filter((file) => /^inter-.*\.woff2$/.test(file));
  return Promise.all(
    fonts.map(async (file) => ({
      href: `/assets/${file}`,
      drawn: drawnBy(await readFile(path.join(assets, file)), characters),
    })),
  );
}

/**
 * Every prerendered page gets its small SVG images written in, hydrates after its first paint, then gets its
 * Content-Security-Policy, with the hashes of its own inline scripts as they now are.
 */
async function finishPages() {
  let count = 0;
  const characters = await readFile(charactersFile, "utf8");
  const rangedFonts = await textFontsWithRanges(characters);
  for await (const file of files(clientDir)) {
    if (!file.endsWith(".html")) continue;
    let html = await readFile(file, "utf8");
    // The fonts hold the characters scripts/build/subset-fonts.ts found in the content and the app; a page that shows
    // another (a word built some other way) would paint it in a fallback face.
    const missing = missingCharacters(html, characters);
    if (missing.length > 0) {
      throw new Error(
        `${path.relative(clientDir, file)} shows characters the subset fonts lack (${missing.join(" ")}): add them to scripts/build/subset-fonts.ts`,
      );
    }
    // At the end of <head>, after what the page's components render there (the main file's preload among them).
    const text = new Set(paintedText(firstScreen(html)));
    const preloads = rangedFonts
      .filter(({ href, drawn }) => !html.includes(href) && drawn.some((character) => text.has(character)))
      .map(
        ({ href }) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="anonymous"/>`,
      );
    html = html.replace("</head>", `${preloads.join("")}</head>`);
    const streams = stageFiles.has(path.relative(clientDir, file)) ? streamSources(edition.stage) : undefined;
    await writeFile(file, withPolicy(deferHydration(inlineSmallImages(withSiteIcon(html), siteFile)), streams));
    count++;
  }
  return count;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's quality for a file. Its best (11) where every visitor reads the file and it is worth the time: the
 * scripts and styles. Elsewhere 9 for files of 64 KB and more (the agenda, the programme's files), and 7 for the many
 * small pages and calendar files, two per session at a large conference: a talk page 10% larger (6.1 KB against 5.5)
 * at a fortieth of the time (0.4 ms against 20). At 1,100 sessions this took the step from 9.5 s to 2.6 s for 0.3%
 * more bytes in all (decision 079).
 */
function brotliQuality(file: string, size: number): number {
  if (file.startsWith(path.join(clientDir, "assets") + path.sep)) return constants.BROTLI_MAX_QUALITY;
  return size >= 64 * 1024 ? 9 : 7;
}

/**
 * Each compressible file's variants, a few files at a time, the largest first so that none is left alone at the
 * end: zlib works in Node's thread pool, on every core.
 */
async function precompress() {
  const chosen: { file: string; size: number }[] = [];
  for await (const file of files(clientDir)) {
    if (!compressible.test(file)) continue;
    const { size } = await stat(file);
    if (size >= minimumBytes) chosen.push({ file, size });
  }
  await eachAtOnce(
    chosen.sort((a, b) => b.size - a.size),
    4,
    async ({ file, size }) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file, size) } }),
        gzipped(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    },
  );
  return chosen.length;
}

/** How long each step took, in seconds, said at the end: where a large programme's build spends its time. */
const took: string[] = [];
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  took.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

// Which edition this build is of, for the server (see builtEditionFile).
await writeFile(builtEditionFile(clientDir), `${JSON.stringify({ id: editionId })}\n`);
await step("sitemap", writeSitemapAndRobots);
await step("programme", writeProgramme);
await step("speakers' directory", writeSpeakerDirectory);
const calendars = await step("calendars", writeCalendars);
const schedules = await step("schedule", writeSchedule);
const cards = await step("share cards", writeShareCards);
const webApp = await step("web app", () => writeWebApp(clientDir, edition));
const pages = await step("pages", finishPages);
// Once the pages are final: the worker keeps them by their revisions.
const worker = await step("service worker", () => writeServiceWorker(clientDir, editionId, offlinePages(edition)));
const count = await step("compression", precompress);
const offlineBytes = await offlineCopyBytes(clientDir, worker.keys);
console.log(
  `postbuild: sitemap with ${String(sitemapPaths(edition).length)} pages, robots.txt, ${programmePath}, ${programmeSearchPath}, ${speakerDirectoryPath}, ${String(calendars)} calendar files, ${schedules.join(" and ")}, ${String(cards.count)} share cards (${String(cards.drawn)} drawn, the others kept), ${webApp.join(" and ")}, ${String(pages)} pages hydrating after paint, with a security policy, a service worker (build ${worker.build}) keeping ${String(worker.keys.length)} files (${String(Math.round(worker.size / 1024))} KB, ${String(Math.round(offlineBytes / 1024))} KB to download), ${String(count)} files precompressed`,
);
console.log(`postbuild: ${took.join(", ")}`);
