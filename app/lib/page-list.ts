import type { Edition } from "../../content/schema";
import { fixedPages, type PageKind } from "../../common/fixed-pages";
import { mySchedulePath } from "../../common/my-schedule";
import { speakerPath, trackPath } from "../../common/site-paths";
import { tracksWithSessions } from "../../content/tracks";
import { livePath, stagePath } from "./stage";
import { agendaDayPath, programmeDays } from "../../common/programme-days";
import { speakersWithSessions } from "./speaker-schedule";

// The lists of every page, for the build, the sitemap and the tests: the fixed pages' table and the edition's, of
// the edition given (the build passes its own; tests may pass any). Kept apart from site-paths.ts, whose path
// helpers pages import: these lists read the talks, briefings and schedule, which those pages need not carry.

/** The fixed pages of one kind, in the table's order. */
export function fixedPaths(kind: PageKind): string[] {
  return fixedPages.filter((page) => page.kind === kind).map((page) => page.path);
}

/** Pages listed in the sitemap: everything a visitor or a search engine should find, each under its canonical path. */
export function sitemapPaths(edition: Edition): string[] {
  return [
    ...fixedPaths("listed"),
    ...edition.rooms.map((room) => stagePath(room.id)),
    ...edition.talks.map((talk) => talk.path),
    ...(edition.panelPage ? [edition.panelPage.path] : []),
    ...speakersWithSessions(edition).map((speaker) => speakerPath(speaker.id)),
    ...trackPaths(edition),
  ];
}

/** The tracks' pages: one per track with sessions (none in an edition without tracks). */
function trackPaths(edition: Pick<Edition, "tracks" | "agenda">): string[] {
  return tracksWithSessions(edition).map((track) => trackPath(track.slug));
}

/** The tracks' folder, where the edition has tracks: its pages share one route (app/routes.ts). */
function trackFolders(edition: Pick<Edition, "tracks">): string[] {
  return edition.tracks.length > 0 ? [trackPath("")] : [];
}

/**
 * Pages that exist but are kept out of search: speakers' briefing pages (they carry the green-room link) and the
 * unlisted fixed pages (the stream's overlay screens). They are still prerendered and openly routed.
 */
export function unlistedPaths(edition: Edition): string[] {
  return [...edition.briefings.map((briefing) => briefing.path), ...fixedPaths("unlisted")];
}

/**
 * Every path built to static HTML: the sitemap's, the aliases (/talks_demos, the agenda under its second name), the
 * unlisted pages, and the not-found page that the server sends with a 404. Redirects are answered, not built.
 */
export function prerenderPaths(edition: Edition): string[] {
  return [
    ...sitemapPaths(edition),
    ...agendaDayPaths(edition),
    ...fixedPaths("alias"),
    ...unlistedPaths(edition),
    ...fixedPaths("not-found"),
  ];
}

/**
 * The agenda of each day after the first, at its own path (/agenda/2026-10-08), so that every day reads without
 * JavaScript: the server answers `/agenda?day=` with them (decision 084). /agenda itself is the first day's. Out of
 * the sitemap: each is the agenda, which the sitemap lists once.
 */
export function agendaDayPaths(edition: Pick<Edition, "agenda" | "event">): string[] {
  return programmeDays(edition.agenda, edition.event.timeZone)
    .slice(1)
    .map((day) => agendaDayPath(day.date));
}

/**
 * What a visitor can read offline after one visit (issue 32; decision 079), in proportion to the programme.
 * - `pages` are kept whole, each with its data: the fixed pages the sitemap lists (the home page, the agenda, the
 *   event page, the live page), the panel's page, the agenda under its second name, and the visitor's own schedule.
 * - `drawn`: the talks', speakers' and tracks' pages, whose number grows with the programme. Their data is kept in
 *   one file, and offline the worker answers them with the app's shell, which draws each page from its data.
 * - `folders`: the folders whose pages share one route, by which the worker tells a drawn page from any other.
 * Not the rooms' stages (a stream needs the network), the briefings, the moderator's page or the stream's screens.
 */
export interface OfflinePages {
  pages: string[];
  drawn: string[];
  folders: string[];
}

export function offlinePages(edition: Edition): OfflinePages {
  return {
    pages: [
      ...fixedPaths("listed"),
      ...(edition.panelPage ? [edition.panelPage.path] : []),
      ...fixedPaths("alias"),
      mySchedulePath,
    ],
    drawn: [
      ...edition.talks.map((talk) => talk.path),
      ...speakersWithSessions(edition).map((speaker) => speakerPath(speaker.id)),
      ...trackPaths(edition),
    ],
    folders: ["/speakers/", ...trackFolders(edition), ...talkFolders(edition).map((folder) => `/${folder}`)],
  };
}

/**
 * The folders of talk pages below the top level (an import's /talks/<id>, as "talks/"): each is one route with a
 * parameter (app/routes.ts), so the router's manifest does not grow with the programme. Talks at the top level keep a
 * route each: a top-level parameter would claim every unknown one-segment path.
 */
export function talkFolders(edition: Pick<Edition, "talks">): string[] {
  const folders = edition.talks.map((talk) => talk.path.slice(1, talk.path.lastIndexOf("/") + 1));
  return [...new Set(folders)].filter((folder) => folder !== "");
}

/**
 * Every folder whose pages share one route with a parameter: the speakers', the rooms' stages, the tracks' and the
 * talks'. A path in one of them that no page has would hydrate the not-found page under that route, so the app
 * sends it to /404 on navigation and the server when it is asked for it (server/static.ts).
 */
export function routedFolders(edition: Pick<Edition, "talks" | "tracks">): string[] {
  return [
    "/speakers/",
    `${livePath}/`,
    ...trackFolders(edition),
    ...talkFolders(edition).map((folder) => `/${folder}`),
  ];
}

/**
 * What kind of page a built path is, for figures by kind (npm run bench:scale, the suite's large build): a fixed
 * page by its own path, the others by their kind, however many the programme has.
 */
export function pageKindOf(edition: Edition): (pagePath: string) => string {
  const kinds = new Map<string, string>([
    ...edition.talks.map((talk): [string, string] => [talk.path, "talk pages"]),
    ...speakersWithSessions(edition).map((speaker): [string, string] => [speakerPath(speaker.id), "speaker pages"]),
    ...edition.rooms.map((room): [string, string] => [stagePath(room.id), "rooms' stages"]),
    ...trackPaths(edition).map((pagePath): [string, string] => [pagePath, "track pages"]),
    ...edition.briefings.map((briefing): [string, string] => [briefing.path, "briefings"]),
  ]);
  return (pagePath) => kinds.get(pagePath) ?? pagePath;
}
