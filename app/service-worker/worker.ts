/**
 * The service worker (issue 32; docs/decisions/055): the programme in the pocket. Built by scripts/build/service-worker.ts
 * into /sw.js, which writes the list of files to keep (`self.__WB_MANIFEST`: the programme's pages, the data
 * React Router loads for them, their scripts, styles, fonts and images) and names the edition and the build.
 *
 * - Pages are asked of the network first, with a short wait, so that a changed programme shows when the visitor is
 *   online; when the network fails or is too slow, the page comes from this build's copy. A page the network
 *   answers is not kept: the copy stays the build's own, whose scripts are kept with it.
 * - The talks' and speakers' pages, as many as the programme has, are drawn (decision 079): offline, the page is the
 *   app's shell, and its data comes from the one kept file of every drawn page's data, so that the shell draws the
 *   page as the network would have sent it.
 * - Scripts, styles, fonts and images are named by their content or change only with a build: they come from the
 *   copy at once.
 * - Nothing else is touched: the API, the event streams, the personal calendar feed and the admin routes go to
 *   the network as if there were no worker, and a vote, a question or an upvote made offline fails on the page,
 *   which says it was not sent. Nothing is queued, so nothing is sent twice when the connection returns.
 * - The caches are named after the edition and the build; a build's worker, once it takes over, deletes its own
 *   edition's older caches, and leaves any other edition's alone.
 */
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { addRoute, matchPrecache, precache } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import {
  cachePrefix,
  isDrawn,
  isPageKey,
  offlineDataPath,
  offlineShellPath,
  pageWaitSeconds,
  skipWaitingMessage,
  type DrawnPages,
  type OfflineData,
} from "../../common/offline-pages";
import { programmePath } from "../../content/programme";
import { speakerDirectoryPath } from "../../content/speaker-directory";

declare const self: ServiceWorkerGlobalScope;
/** The edition's id and the build's, written in by scripts/build/service-worker.ts. */
declare const EDITION: string;
declare const BUILD: string;
/** The pages drawn from their data, written in by scripts/build/service-worker.ts. */
declare const DRAWN: DrawnPages;

const prefix = cachePrefix(EDITION);
setCacheNameDetails({ prefix, suffix: BUILD });

const kept = self.__WB_MANIFEST;
precache(kept);
// The programme the pages fetch once they run, and the speakers' directory, are data as a page's is: a page read
// online lists the programme as it is now, not as this copy has it, and hydrates from the same as its HTML.
const pages = new Set([
  ...kept.map((entry) => (typeof entry === "string" ? entry : entry.url)).filter(isPageKey),
  programmePath,
  speakerDirectoryPath,
]);

// A kept page, its data or the programme: the network first, then the copy. Registered before the copy's own route, which would
// answer from the copy at once.
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && pages.has(url.pathname),
  new NetworkOnly({
    networkTimeoutSeconds: pageWaitSeconds,
    plugins: [
      {
        handlerDidError: async ({ request }) => matchPrecache(new URL(request.url).pathname),
      },
    ],
  }),
);

const drawn = { folders: DRAWN.folders, pages: new Set(DRAWN.pages) };

/** The kept data of the drawn pages, read from the copy once per start of the worker. */
let offlineData: Promise<OfflineData> | undefined;
function keptData(): Promise<OfflineData> {
  offlineData ??= matchPrecache(offlineDataPath)
    .then((response) => (response ? (response.json() as Promise<OfflineData>) : {}))
    .catch(() => ({}));
  return offlineData;
}

// A talk's or speaker's page, or its data: the network first, then the shell, or the page's kept data.
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && isDrawn(drawn, url.pathname),
  new NetworkOnly({
    networkTimeoutSeconds: pageWaitSeconds,
    plugins: [
      {
        handlerDidError: async ({ request }) => {
          const { pathname } = new URL(request.url);
          if (!pathname.endsWith(".data")) return matchPrecache(offlineShellPath);
          const data = (await keptData())[pathname];
          // As the server sends a page's data (React Router's single fetch); none for a page the build did not make.
          return data === undefined ? undefined : new Response(data, { headers: { "Content-Type": "text/x-script" } });
        },
      },
    ],
  }),
);
addRoute();

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(`${prefix}-`) && !name.endsWith(`-${BUILD}`))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// Once active, the worker looks after the pages already open too, the first visit's among them: their scripts
// loaded later come from the copy, and a page that asks for the updated programme is told when it has taken over.
clientsClaim();

// The page's "Reload" after a new build: this worker takes over from the one that served the open pages.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === skipWaitingMessage) void self.skipWaiting();
});
