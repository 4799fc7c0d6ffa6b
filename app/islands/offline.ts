import { serviceWorkerPath, skipWaitingMessage, webAppManifestPath } from "../../common/offline-pages";

/**
 * The page's side of the service worker and of the installable app (issue 32; docs/decisions/055), imported once
 * the page has loaded (app/lib/offline-after-load.ts), so that a first visit pays nothing for it; and, for the same
 * reason, what brings the announcement's banner to a hydrated page (issue 44).
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

/**
 * Offers the visitor a new build's worker, once: it waits until they say so, then takes over, and the page loads
 * again under it. Written on the browser's own API rather than workbox-window, whose 2 KB (gzip) every page loaded
 * after its first paint, for the three events used here (decision 065).
 */
function offerUpdate(waiting: ServiceWorker): void {
  void import("../components/update-notice").then(({ showUpdateNotice }) => {
    showUpdateNotice(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        window.location.reload();
      });
      waiting.postMessage({ type: skipWaitingMessage });
    });
  });
}

function startOffline(registration: ServiceWorkerRegistration): void {
  let offered = false;
  // A worker waits only when another controls the page: a first visit's worker installs and takes over at once.
  const offerOnce = (worker: ServiceWorker) => {
    if (offered || !navigator.serviceWorker.controller) return;
    offered = true;
    offerUpdate(worker);
  };
  if (registration.waiting) offerOnce(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offerOnce(installing);
    });
  });
  const check = () => {
    registration.update().catch(() => undefined);
  };
  window.addEventListener("online", check);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, checkEveryMs);
}

/**
 * The organisers' announcement (issue 44), on every hydrated page but the stream's screens (root.tsx marks them
 * `data-bare`): the page's show is followed from here, once the page has loaded, and the banner's code comes only
 * with an announcement, so that no page's load carries it before (decision 093). The home page's island does the
 * same without React.
 */
function showAnnouncements(): void {
  if (!("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-bare")) return;
  let loaded = false;
  void import("../lib/page-show").then(({ followPageShow }) => {
    followPageShow((show) => {
      if (loaded || !show?.announcement) return;
      loaded = true;
      void import("../components/announcement-banner").then(({ showAnnouncementBanner }) => {
        showAnnouncementBanner();
      });
    });
  });
}

nameManifest();
showAnnouncements();
// A browser without service workers (or one that forbids them, as a private window may) reads the site as it always
// did.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register(serviceWorkerPath).then(
    // A browser that blocks workers may also answer with no registration at all (Playwright's blocking does).
    (registration: ServiceWorkerRegistration | undefined) => {
      if (registration) startOffline(registration);
    },
    () => undefined,
  );
}
