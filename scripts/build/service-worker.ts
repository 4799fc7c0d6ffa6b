import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { getManifest } from "workbox-build";
import {
  dataKeyOf,
  isPageKey,
  keyOfFile,
  offlineDataPath,
  offlineShellPath,
  serviceWorkerPath,
  type DrawnPages,
  type OfflineData,
} from "../../common/offline-pages";
import type { OfflinePages } from "../../app/lib/page-list";
import { programmePath } from "../../content/programme";
import { speakerDirectoryPath } from "../../content/speaker-directory";

/**
 * Writes the service worker (app/service-worker/worker.ts, issue 32) into a finished build: the files it keeps
 * for reading offline, each with its revision (Workbox's own manifest, through `workbox-build`), and the build's
 * id, which names its caches. Run by scripts/build/postbuild.ts once the pages are final, before the files are
 * compressed; the browser tests run it again on a copy of the build to deploy "a new build".
 *
 * What is kept (decision 079): the pages kept whole and the data React Router loads for each; the app's shell and
 * one file of the drawn pages' data (the talks', speakers' and tracks', as many as the programme has), whence the
 * shell draws them; the programme the pages fetch once they run (the visitor's schedule lists from it) and the
 * speakers' directory that /speakers renders from (decision 087); every script, style and font of the build, since
 * the pages load some of theirs only when they need them (the live strip on the day, the questions); the edition's
 * icon and logos and the app's manifest and icons. Not the speakers' portraits
 * (as many as the programme has; a drawn page draws a portrait it cannot load as initials), the stream's player
 * (hls.js, half a megabyte, of no use without the network), nor share cards and calendar files, which are for
 * sharing and downloading.
 */

/** The stream player's chunk, named by Vite after the module it holds. */
const playerChunk = "assets/hls-*.js";

/**
 * The build's files of a page: `/` is `index.html`, `/agenda` is `agenda/index.html`, with its data beside it
 * (`agenda.data`) when its route loads any.
 */
function pageFiles(clientDir: string, pagePath: string): string[] {
  const page = pagePath === "/" ? "index.html" : `${pagePath.slice(1)}/index.html`;
  const data = dataKeyOf(pagePath).slice(1);
  return existsSync(path.join(clientDir, data)) ? [page, data] : [page];
}

/**
 * Writes the drawn pages' data into one file (offlineDataPath), each page's `.data` as it was prerendered. A drawn
 * page without data would be drawn as nothing offline: the build stops instead.
 */
async function writeOfflineData(clientDir: string, drawn: readonly string[]): Promise<void> {
  const data: OfflineData = {};
  for (const pagePath of drawn) {
    const key = dataKeyOf(pagePath);
    data[key] = await readFile(path.join(clientDir, key), "utf8").catch(() => {
      throw new Error(`service worker: the drawn page ${pagePath} has no ${key} in the build`);
    });
  }
  await writeFile(path.join(clientDir, offlineDataPath), JSON.stringify(data));
}

/** The drawn pages as the worker tells them: by their folder, or by their path at the top level. */
export function drawnPages({ drawn, folders }: OfflinePages): DrawnPages {
  const inFolder = (page: string) => folders.some((folder) => page.startsWith(folder));
  return { folders, pages: drawn.filter((page) => !inFolder(page)) };
}

export interface WrittenServiceWorker {
  /** The build's id: a digest of every kept file's revision, so the same files give the same id. */
  build: string;
  /** The keys of the kept files (`/agenda`, `/agenda.data`, `/assets/app-….js`). */
  keys: string[];
  /** Their total size in bytes, uncompressed. */
  size: number;
}

export async function writeServiceWorker(
  clientDir: string,
  editionId: string,
  offline: OfflinePages,
): Promise<WrittenServiceWorker> {
  const assets = await readdir(path.join(clientDir, "assets"));
  if (!assets.some((file) => /^hls-.+\.js$/.test(file))) {
    throw new Error(`service worker: no ${playerChunk} in the build: name the stream player's chunk anew here`);
  }
  await writeOfflineData(clientDir, offline.drawn);
  const { manifestEntries, size, warnings } = await getManifest({
    globDirectory: clientDir,
    globPatterns: [
      ...offline.pages.flatMap((pagePath) => pageFiles(clientDir, pagePath)),
      offlineShellPath.slice(1),
      offlineDataPath.slice(1),
      programmePath.slice(1),
      speakerDirectoryPath.slice(1),
      "assets/*.{js,css,woff2}",
      "islands/*.js",
      // The edition's icon and logos, in one pattern: an edition may have no logos (an imported one has no
      // sponsors), and Workbox refuses a pattern that matches nothing. Not the portraits, one per speaker: a kept
      // page has its own written in, and a drawn page's portrait that cannot load is drawn as initials.
      "{favicon.svg,logos/**/*.svg}",
      "manifest.webmanifest",
      "icons/*.png",
    ],
    globIgnores: [playerChunk],
    // The framework's chunk is a third of a megabyte; Workbox's default limit is 2 MB and would only hide a file.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    manifestTransforms: [
      (entries) => ({
        // Scripts, styles and fonts under /assets/ are named by their content: no revision to check.
        manifest: entries.map((entry) => {
          const key = keyOfFile(entry.url);
          return { ...entry, url: key, revision: key.startsWith("/assets/") ? null : entry.revision };
        }),
        warnings: [],
      }),
    ],
  });
  if (warnings.length > 0) throw new Error(`service worker: ${warnings.join("; ")}`);
  const entries = manifestEntries.map((entry) => ({ url: entry.url, revision: entry.revision }));
  const id = createHash("sha256")
    .update(entries.map((entry) => `${entry.url} ${String(entry.revision)}`).join("\n"))
    .digest("hex")
    .slice(0, 12);
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, "../../app/service-worker/worker.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    legalComments: "none",
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      "self.__WB_MANIFEST": JSON.stringify(entries),
      EDITION: JSON.stringify(editionId),
      BUILD: JSON.stringify(id),
      DRAWN: JSON.stringify(drawnPages(offline)),
    },
  });
  const file = path.join(clientDir, serviceWorkerPath);
  await writeFile(file, result.outputFiles[0]?.contents ?? "");
  // Compressed variants of an earlier worker would be served in its place; scripts/build/postbuild.ts makes them anew.
  await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
  return { build: id, keys: entries.map((entry) => entry.url), size };
}

/** A kept key's file in the build: `/` is `index.html`, a page `/agenda` is `agenda/index.html`. */
function fileOfKey(key: string): string {
  if (key === "/") return "index.html";
  return isPageKey(key) && !key.endsWith(".data") ? `${key.slice(1)}/index.html` : key.slice(1);
}

/**
 * What a browser downloads for the offline copy, in bytes: each kept file's brotli variant where the build made one
 * (every browser with a service worker takes brotli), else the file. Once the files are precompressed.
 */
export async function offlineCopyBytes(clientDir: string, keys: readonly string[]): Promise<number> {
  const sizes = await Promise.all(
    keys.map(async (key) => {
      const file = path.join(clientDir, fileOfKey(key));
      return (await stat(`${file}.br`).catch(() => stat(file))).size;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The keys of the files a built worker keeps, as its manifest lists them. */
export function keptKeys(clientDir: string): string[] {
  const worker = readFileSync(path.join(clientDir, serviceWorkerPath), "utf8");
  return [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1] as string);
}
