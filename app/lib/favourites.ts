import * as content from "../../content";
import { storedValue, useStored } from "./stored-value";

/**
 * The sessions a visitor chose, kept in their browser's storage: no account, no cookie, nothing sent to the server.
 * Stored as the session (agenda slot) ids in the order chosen, comma-separated as in a shared link's `sessions`.
 *
 * Keyed by edition, so next year's site on the same address starts with an empty schedule rather than with ids
 * from another programme.
 */
export const favouritesStorageKey = `my-schedule:${content.editionId}`;

const none: readonly string[] = [];
const favourites = storedValue(favouritesStorageKey, (raw) => (raw ? raw.split(",").filter(Boolean) : none));

/** The chosen ids, as stored (an id the programme has since dropped included: the page that lists them says so). */
export const readFavourites = (): readonly string[] => favourites.read();

/** Replaces the chosen sessions, here and in every component and tab that shows them. */
export function saveFavourites(ids: readonly string[]): void {
  favourites.write(ids.join(","));
}

export function toggleFavourite(id: string): void {
  const ids = readFavourites();
  saveFavourites(ids.includes(id) ? ids.filter((chosen) => chosen !== id) : [...ids, id]);
}

/**
 * The chosen ids. The prerendered HTML and the first render in the browser have none, so hydration matches; the
 * visitor's own follow at once.
 */
export const useFavourites = (): readonly string[] => useStored(favourites);
