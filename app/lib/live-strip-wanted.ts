import * as content from "../../content";
import { useClock } from "./clock";
import { onAirAt } from "./on-air";
import { usePageShow } from "./show";
import { useHydrated } from "./use-hydrated";
import { showChangesProgramme } from "./use-show-schedule";

/**
 * Whether the live strip has anything to show: once the page has hydrated (the build's instant says nothing about
 * when the page is read), while a day is on air by the printed programme, or while the show changes what is on (a
 * day may then run past its printed end). Apart from the strip, so that the agenda loads the strip's code only then.
 */
export function useLiveStripWanted(): boolean {
  const hydrated = useHydrated();
  const printedOnAir = useClock((instant) => onAirAt(instant, content.onAirSpans) !== undefined);
  const show = usePageShow();
  return hydrated && (printedOnAir || showChangesProgramme(show));
}
