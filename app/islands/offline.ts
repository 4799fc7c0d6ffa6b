import { Workbox } from "workbox-window";
import { serviceWorkerPath } from "../lib/offline-pages";

/**
 * The page's side of the service worker (issue 32; docs/decisions/055), imported once the page has loaded
 * (app/lib/offline-after-load.ts), so that a first visit pays nothing for it.
 *
 * A page that stays open through the day learns of a new build: it asks for the worker again when the connection
 * returns, when the visitor comes back to the tab, and every quarter of an hour. A new build's worker then waits
 * until the visitor says so: the page shows "The programme has been updated" with a Reload button, which lets the
 * new worker take over and loads the page again, rather than serve a stale agenda on the day.
 */
const checkEveryMs = 15 * 60 * 1000;

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

// A browser without service workers (or one that forbids them) reads the site as it always did.
if ("serviceWorker" in navigator) startOffline();
