import { Workbox } from "workbox-window";
import { serviceWorkerPath, webAppManifestPath } from "../../shared/offline-pages";

/**
 * The page's side of the service worker and of the installable app (issue 32; docs/decisions/055), imported once
 * the page has loaded (app/lib/offline-after-load.ts), so that a first visit pays nothing for it.
 *
 * A page that stays open through the day learns of a new build: it asks for the worker again when the connection
 * returns, when the visitor comes back to the tab, and every quarter of an hour. A new build's worker then waits
 * until the visitor says so: the page shows "The programme has been updated" with a Reload button, which lets the
 * new worker take over and loads the page again, rather than serve a stale agenda on the day.
 */
const checkEveryMs = 15 * 60 * 1000;

/**
 * Names the web app manifest. Not in the page as built: Chromium fetches a manifest, and its largest icon, as soon
 * as a page names it, and on a slow phone those two requests delayed the largest paint of every page by 0.15 s
 * (Lighthouse, mobile: 1.20 s against 1.05 s). Nothing needs it before the page has loaded.
 */
function nameManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = webAppManifestPath;
  document.head.append(link);
}

function startOffline(): void {
  const worker = new Workbox(serviceWorkerPath);
  worker.addEventListener("waiting", () => {
    void import("../components/update-notice").then(({ showUpdateNotice }) => {
      showUpdateNotice(() => {
        worker.addEventListener("controlling", () => {
          window.location.reload();
        });
        worker.messageSkipWaiting();
      });
    });
  });
  // A worker that cannot be registered (a private window that allows none) leaves the page as it is.
  worker.register().catch(() => undefined);
  const check = () => {
    worker.update().catch(() => undefined);
  };
  window.addEventListener("online", check);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, checkEveryMs);
}

nameManifest();
// A browser without service workers (or one that forbids them) reads the site as it always did.
if ("serviceWorker" in navigator) startOffline();
