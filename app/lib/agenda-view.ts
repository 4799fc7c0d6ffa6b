import type { ProgrammeSession } from "../../content/programme";
import { matchesQuery, searchKey } from "../../common/search-text";

/**
 * What the agenda shows, as its address says it (decision 084): `?day=YYYY-MM-DD`, and the filters that hold on
 * every day, `?room=` (a room's id), `?track=` (a track's slug), `?type=`, `?lang=` and `?q=` (the search). Any
 * other parameter (`?now=`) is kept as it is.
 */
export const filterKeys = ["room", "track", "type", "lang"] as const;
export type FilterKey = (typeof filterKeys)[number];

export type AgendaFilters = Partial<Record<FilterKey | "q", string>>;

/** The filters an address names; an empty value is none. */
export function readFilters(search: URLSearchParams): AgendaFilters {
  const filters: AgendaFilters = {};
  for (const key of [...filterKeys, "q"] as const) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** How many of the day-independent filters are set, the search apart: what the filters' control says it holds. */
export function filterCount(filters: AgendaFilters): number {
  return filterKeys.filter((key) => filters[key] !== undefined).length;
}

/**
 * The address's query with some parameters changed: a value sets one, undefined or "" removes it. The others keep
 * their place, so that an address a visitor shares reads as they built it.
 */
export function withParams(search: URLSearchParams, change: Partial<Record<string, string | undefined>>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** A session's language, the edition's default (English) where it names none, as the schema says. */
export const defaultLanguage = "en";
export const languageOf = (session: Pick<ProgrammeSession, "lang">) => session.lang ?? defaultLanguage;

/** What the search reads of a session in the programme itself: its title and its people, folded. */
export function programmeText(session: ProgrammeSession): string {
  return searchKey([session.title, ...session.speakers.map((speaker) => speaker.name), session.host ?? ""].join(" "));
}

/**
 * Whether a session passes the filters: in the room, track, type and language named, and, for a search, holding
 * every word of it in its title, people or (once the search file has come: `abstracts`) its abstract.
 */
export function sessionMatches(
  session: ProgrammeSession,
  filters: AgendaFilters,
  folded: (session: ProgrammeSession) => string,
): boolean {
  if (filters.room !== undefined && session.room !== filters.room) return false;
  if (filters.track !== undefined && session.track !== filters.track) return false;
  if (filters.type !== undefined && session.type !== filters.type) return false;
  if (filters.lang !== undefined && languageOf(session) !== filters.lang) return false;
  return filters.q === undefined || matchesQuery(folded(session), filters.q);
}

/**
 * The day an agenda shows. The prerendered page and its hydration show the page's own day (its loader's), so that
 * the HTML matches; once hydrated, the day the address names (`?day=`, or the path's `/agenda/<day>`), else the day
 * on air while the edition is live, else the page's own. A day the programme does not have is not shown.
 */
export function shownDay(
  days: readonly string[],
  {
    pageDay,
    hydrated,
    asked,
    live,
  }: { pageDay: string; hydrated: boolean; asked: (string | undefined)[]; live: string | undefined },
): string {
  if (!hydrated) return pageDay;
  return [...asked, live].find((day) => day !== undefined && days.includes(day)) ?? pageDay;
}
