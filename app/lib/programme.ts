import { programmePath, type Programme } from "../../content/programme";
import { useLive, type LiveResource } from "./live-data";

/**
 * The whole programme, compact (content/programme.ts), for the parts of a page that need all of it while the page
 * runs: the live strip on the day, the visitor's schedule, the overlays, the moderation queue and the rooms'
 * overview. It is a file the build writes, fetched after hydration through live-data.ts (decision 061) and shared by
 * every component of the page that reads it, rather than a module in the page's script: a programme of a thousand
 * sessions would weigh on every page's first load. Offline, the service worker has it.
 */
const programme: LiveResource<Programme> = {
  url: programmePath,
  // Nothing live follows it: a read that failed (the network away, no worker yet) is tried again until it answers.
  retry: true,
};

/**
 * The programme once it has arrived; undefined in the prerender, during hydration, until it arrives, and when not
 * `wanted` (the live strip asks for it only while a programme day is on air).
 */
export function useProgramme(wanted = true): Programme | undefined {
  return useLive(wanted ? programme : null).data;
}
