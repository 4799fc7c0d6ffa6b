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
