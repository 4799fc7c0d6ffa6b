import { programmePath, programmeSearchPath, type Programme } from "../../content/programme";
import { useLive, type LiveResource } from "./live-data";
import { renderedFile } from "./rendered-file";

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

const programmeFile = renderedFile<Programme>(programmePath);

/** The programme the prerender draws from; none in the browser, which fetches it. */
export const RenderedProgramme = programmeFile.Rendered;

/** The programme for a part that renders it (see RenderedFile's `useRendered`). */
export const useRenderedProgramme = programmeFile.useRendered;

/**
 * A route's data on client-side navigation, once the programme has come too: the page shows whole, rather than
 * without the part that renders the programme (decision 077).
 */
export const withProgramme = programmeFile.withFile;

/** The links of a route that renders the programme: its preload, in the prerendered page only (renderedFile). */
export const programmePreloads = programmeFile.preloads;

// The same fetch as the rendered parts', which retries on its own.
const programme: LiveResource<Programme> = { url: programmePath, load: programmeFile.load };

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
