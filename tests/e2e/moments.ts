import { edition, eventSpan, onAirSpans } from "../../content";
import { editionMomentsOf, day, iso } from "./phase-moments";

/**
 * Instants in each phase of the edition under test, for `?now=` previews: the browser tests check every phase of
 * whichever edition they run on, whatever today's date is.
 */
export const editionMoments = editionMomentsOf(eventSpan);

/**
 * Halfway through the night between the edition's first two programme days, when nothing is on air (decision 043);
 * undefined for an edition of one day.
 */
export const betweenDays = (() => {
  const [first, second] = onAirSpans;
  return first && second ? iso((Date.parse(first.end) + Date.parse(second.start)) / 2) : undefined;
})();

const opens = Date.parse(edition.event.voting.opens);
const closes = Date.parse(edition.event.voting.closes);

export const votingMoments = {
  upcoming: iso(opens - day),
  open: iso(opens + (closes - opens) / 2),
  ended: iso(closes + day),
} as const;

/** A site path previewed at an instant. */
export function at(path: string, instant: string): string {
  const [pathname = "", hash] = path.split("#");
  const query = `${pathname.includes("?") ? "&" : "?"}now=${encodeURIComponent(instant)}`;
  return `${pathname}${query}${hash === undefined ? "" : `#${hash}`}`;
}
