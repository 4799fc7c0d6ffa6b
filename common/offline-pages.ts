/**
 * What the service worker (app/service-worker/worker.ts) and the build step that writes it
 * (scripts/build/service-worker.ts) agree on, and what the page tells the worker (app/lib/offline.ts).
 */

/**
 * The service worker's page side (app/islands/offline.ts), which every page imports once it has loaded. Here, in a
 * module that imports nothing, rather than with the other site paths: the home page's island imports it, and
 * site-paths.ts would bring the edition's content, and with it the framework's chunk, to that static page.
 */
export const offlineIslandPath = "/islands/offline.js";

/** The web app manifest (scripts/build/web-app.ts writes it and its icons, drawn from the site's icon). */
export const webAppManifestPath = "/manifest.webmanifest";

/** The path of the worker, at the site's root so that it looks after every page. */
export const serviceWorkerPath = "/sw.js";

/**
 * The app's shell: React Router's "SPA fallback", the root layout with no route's content, which draws whatever page
 * the address names from that page's data. The worker answers a talk's, speaker's or track's page with it offline.
 */
export const offlineShellPath = "/__spa-fallback.html";

/**
 * The data of every talk's, speaker's and track's page, in one file the worker keeps: each page's `.data` as React Router
 * prerendered it, by its key (`/talks/x.data`). One download of the programme's texts rather than one per page.
 */
export const offlineDataPath = "/offline-pages.json";

/** The kept data of drawn pages, by each page's data key. */
export type OfflineData = Record<string, string>;

/** A page's data key: `/agenda` is `/agenda.data`, `/` is `/_root.data`. */
export function dataKeyOf(pagePath: string): string {
  return pagePath === "/" ? "/_root.data" : `${pagePath}.data`;
}

/**
 * The pages the worker draws offline from their data, as it tells them: every page of a folder whose pages share
 * one route (`/speakers/`, `/tracks/`), and the drawn pages at the top level by their path.
 */
export interface DrawnPages {
  folders: string[];
  pages: string[];
}

/**
 * Whether a path is a drawn page, or a drawn page's data. The worker asks it of every request, so the top-level
 * pages come as a set.
 */
export function isDrawn(
  { folders, pages }: { folders: readonly string[]; pages: ReadonlySet<string> },
  pathname: string,
): boolean {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return (
    pages.has(page) ||
    folders.some(
      (folder) => page.startsWith(folder) && page.length > folder.length && !page.slice(folder.length).includes("/"),
    )
  );
}

/** The start of every cache the worker makes for an edition; the build's id ends each. */
export function cachePrefix(edition: string): string {
  return `conference-${edition}`;
}

/**
 * How long a page waits for the network before it takes the build's copy: long enough for a page on a slow phone
 * connection when the network answers at all, short enough that saturated hall Wi-Fi does not hold the programme.
 */
export const pageWaitSeconds = 3;

/** What the page sends the waiting worker when the visitor asks for the updated programme (app/islands/offline.ts). */
export const skipWaitingMessage = "SKIP_WAITING";

/**
 * The key a built file is kept under: a page by its path (`agenda/index.html` is `/agenda`, `index.html` is
 * `/`), as a visitor asks for it; any other file by its own path.
 */
export function keyOfFile(file: string): string {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"/index.html".length)}`;
  return `/${file}`;
}

/**
 * Whether a kept key is a page or the data React Router loads for one (`/agenda.data`), which are asked of the
 * network first; the build's other files (scripts, styles, fonts, images) are named by their content or change
 * only with a build, and come from the copy.
 */
export function isPageKey(key: string): boolean {
  const name = key.slice(key.lastIndexOf("/") + 1);
  return !name.includes(".") || name.endsWith(".data");
}
