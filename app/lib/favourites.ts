import { useSyncExternalStore } from "react";
import * as content from "../../content";

/**
 * The sessions a visitor chose, kept in their browser's storage: no account, no cookie, nothing sent to the server.
 * Stored as the session (agenda slot) ids in the order chosen, comma-separated as in a shared link's `sessions`.
 *
 * Keyed by edition, so next year's site on the same address starts with an empty schedule rather than with ids
 * from another programme.
 */
export const favouritesStorageKey = `my-schedule:${content.editionId}`;

const listeners = new Set<() => void>();
const none: readonly string[] = [];
// Where storage is blocked (privacy settings), the choice lives as long as the page does.
let unstored: string | null = null;
// One array per stored value, so React sees the same snapshot until the value changes.
let snapshot: { raw: string | null; ids: readonly string[] } = { raw: null, ids: none };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(favouritesStorageKey);
  } catch {
    return unstored;
  }
}

/** The chosen ids, as stored (an id the programme has since dropped included: the page that lists them says so). */
export function readFavourites(): readonly string[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, ids: raw ? raw.split(",").filter(Boolean) : none };
  return snapshot.ids;
}

/** Replaces the chosen sessions, here and in every component and tab that shows them. */
export function saveFavourites(ids: readonly string[]): void {
  unstored = ids.join(",");
  try {
    window.localStorage.setItem(favouritesStorageKey, unstored);
  } catch {
    // Kept for this page only (unstored); the toggles still answer.
  }
  for (const listener of listeners) listener();
}

export function toggleFavourite(id: string): void {
  const ids = readFavourites();
  saveFavourites(ids.includes(id) ? ids.filter((chosen) => chosen !== id) : [...ids, id]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A choice made in another tab shows here too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/**
 * The chosen ids. The prerendered HTML and the first render in the browser have none (the server snapshot), so
 * hydration matches; the visitor's own follow at once.
 */
export function useFavourites(): readonly string[] {
  return useSyncExternalStore(subscribe, readFavourites, () => none);
}
