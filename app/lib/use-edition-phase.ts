import * as content from "../../content";
import { useClock } from "./clock";
import { editionPhase, type EditionPhase } from "./on-air";

/**
 * The edition's phase now (upcoming, live, between two days, over), from its sessions' instants. The prerendered
 * HTML holds the phase of its build; a hydrated page follows the clock, and `?now=`, from then on.
 */
export function useEditionPhase(): EditionPhase {
  return useClock((now) => editionPhase(now, content.onAirSpans));
}
