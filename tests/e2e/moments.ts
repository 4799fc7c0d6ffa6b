import { edition, eventSpan } from "../../content";

/**
 * Instants in each phase of the edition under test, for `?now=` previews: the browser tests check every phase of
 * whichever edition they run on, whatever today's date is.
 */
const minute = 60_000;
const day = 24 * 60 * minute;
const iso = (time: number) => new Date(time).toISOString();
const start = Date.parse(eventSpan.start);
const end = Date.parse(eventSpan.end);

export const editionMoments = {
  /** Three days and a bit before the first session: the countdown shows days, hours and minutes. */
  upcoming: iso(start - 3 * day - 5 * 60 * minute - 7 * minute),
  /** Five minutes into the first session. */
  live: iso(start + 5 * minute),
  /** A day after the last session ends. */
  over: iso(end + day),
} as const;

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
