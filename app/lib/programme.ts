import { createContext, use, useContext } from "react";
import { programmePath, programmeSearchPath, type Programme } from "../../content/programme";
import { retryDelay, useLive, type LiveResource } from "./live-data";

/**
 * The whole programme, compact (content/programme.ts). It is a file the build writes, not a module in a page's
 * script, nor a page's loader data: a programme of a thousand sessions would weigh on every first load (decision
 * 077). Two kinds of reader share one fetch of it:
 *
 * - The parts a page prerenders from it (the agenda, the line-up, a stage) read it with `useRenderedProgramme`:
 *   in the prerender from `RenderedProgramme`, which the server's entry fills; in the browser they wait for the file
 *   inside a Suspense boundary, and React keeps the prerendered HTML there until it has come, then hydrates it.
 * - The parts that appear only once the page runs (the live strip on the day, the visitor's schedule, the overlays,
 *   the moderation queue, the rooms' overview) read it with `useProgramme`, through live-data.ts (decision 061).
 *
 * Offline, the service worker has it.
 */

/** The programme the prerender draws from; none in the browser, which fetches it. */
export const RenderedProgramme = createContext<Programme | null>(null);

/**
 * A promise that says whether it has settled, as React's `use` reads one: once the file has come, a part that renders
 * it (after a client-side navigation, say) gets the programme at once rather than suspending for a tick.
 */
type Tracked<T> = Promise<T> & { status?: "fulfilled"; value?: T };

let arriving: Tracked<Programme> | undefined;

/**
 * The file, fetched once per page and asked again after a failure (the network away, no worker yet) until it
 * answers: until then a prerendered part keeps its HTML, whose links work as plain links.
 */
function fetchProgramme(): Promise<Programme> {
  if (!arriving) {
    const tracked: Tracked<Programme> = (async () => {
      for (let failures = 0; ; failures += 1) {
        try {
          const response = await fetch(programmePath);
          if (response.ok) return (await response.json()) as Programme;
        } catch {
          // The network is away: tried again below, as a refusal is.
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures + 1)));
      }
    })();
    void tracked.then((programme) => Object.assign(tracked, { status: "fulfilled", value: programme }));
    arriving = tracked;
  }
  return arriving;
}

/**
 * The programme for a part that renders it: at once in the prerender and once the file has come; until then the
 * component suspends. Its Suspense boundary must not be re-rendered from above with other props before the file
 * comes (a `memo` component between them), or React would drop the prerendered HTML for the boundary's fallback.
 */
export function useRenderedProgramme(): Programme {
  // `use` is called whenever the browser reads the file, settled or not: React replays a part that suspended on it
  // and counts on the same calls the second time.
  return useContext(RenderedProgramme) ?? use(fetchProgramme());
}

/** A page of a route that renders the programme starts fetching it with the page, not once its script has run. */
/**
 * A route's data on client-side navigation, once the programme has come too: the page shows whole, rather than
 * without the part that renders the programme (decision 077).
 */
export async function withProgramme<Data>(loadRoute: () => Promise<Data>): Promise<Data> {
  const [data] = await Promise.all([loadRoute(), fetchProgramme()]);
  return data;
}

export const programmePreload = { rel: "preload", href: programmePath, as: "fetch", crossOrigin: "anonymous" } as const;

// The same fetch as the rendered parts', which retries on its own.
const programme: LiveResource<Programme> = { url: programmePath, load: fetchProgramme };

/**
 * The programme once it has arrived; undefined in the prerender, during hydration, until it arrives, and when not
 * `wanted` (the live strip asks for it only while a programme day is on air).
 */
export function useProgramme(wanted = true): Programme | undefined {
  return useLive(wanted ? programme : null).data;
}

/** The search file's words per session (content/programme.ts), read again after a failure as the programme is. */
const searchWords: LiveResource<Record<string, string>> = { url: programmeSearchPath, retry: true };

/**
 * The folded abstracts the agenda's search reads, fetched the first time a visitor searches (`wanted`), then kept
 * for the page; undefined until they have come, when the search reads titles and people alone.
 */
export function useProgrammeSearch(wanted: boolean): Record<string, string> | undefined {
  return useLive(wanted ? searchWords : null).data;
}
