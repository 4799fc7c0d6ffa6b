import { offlineIslandPath } from "../../common/offline-pages";

/**
 * Imports the service worker's page side (app/islands/offline.ts) once the page has loaded: a first visit's paint,
 * its scripts and its requests come first (issue 32, "no cost to the first visit"). Called by every hydrated page
 * (app/entry.client.tsx) and by the home page's island. The island has a fixed name, so this is a plain import,
 * without Vite's preloading (vite.config.ts).
 */
export function startOfflineAfterLoad(): void {
  const start = () => {
    void import(/* @vite-ignore */ offlineIslandPath);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
