import { useSyncExternalStore } from "react";

/**
 * A page's search text kept in its address (`?q=`), so that a search can be shared and is there again when the
 * visitor comes back to it. The address is the only copy: a search box and the list it filters read it as a store.
 *
 * It is written with the History API, replacing the address as the visitor types (one step back leaves the page, not
 * one letter), rather than through the router: a navigation would run the page's loaders again at every letter and
 * make every link on the page render again. The router's own history state is kept as it is, so its later navigations
 * and the back button find theirs.
 */
export const queryParameter = "q";

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Back and forward to another address of the page (an index letter's anchor, say) bring its search with it.
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

/** The search in the address as it is now, for code outside a render. */
export const currentAddressQuery = () => new URLSearchParams(window.location.search).get(queryParameter) ?? "";

/**
 * The search in the address; empty in the prerender and while React hydrates it, whose HTML shows everything, then
 * the address's.
 */
export function useAddressQuery(): string {
  return useSyncExternalStore(subscribe, currentAddressQuery, () => "");
}

/** Puts a search into the address, or takes it out when empty, in place of the current entry. */
export function setAddressQuery(query: string): void {
  const url = new URL(window.location.href);
  if (query === "") url.searchParams.delete(queryParameter);
  else url.searchParams.set(queryParameter, query);
  if (url.href === window.location.href) return;
  window.history.replaceState(window.history.state, "", url);
  for (const listener of listeners) listener();
}
