import { mySchedulePath } from "./my-schedule.ts";
import { speakersPath } from "./path-segments.ts";

/** How a fixed page is built and found. */
export type PageKind =
  /** Built, and listed in the sitemap. */
  | "listed"
  /** Built and openly routed, but kept out of the sitemap and search. */
  | "unlisted"
  /** Another path to a listed page's screen: built, not listed (the page's canonical address is the other path). */
  | "alias"
  /** Routed for client-side navigation only; nothing is built: the server answers with a 301 (site-paths.ts). */
  | "redirect"
  /** The screen for every path no route claims, built at its own path for the server to send with a 404. */
  | "not-found";

export type FixedPage = {
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** Given when two paths share a module: React Router would otherwise name both routes after the file. */
  id?: string;
} & ({ kind: Exclude<PageKind, "redirect"> } | { kind: "redirect"; /** Where the page moved. */ to: string });

/**
 * The site's fixed pages (spec §2): the pages the edition's content does not make. app/routes.ts builds its routes
 * from this table and app/lib/page-list.ts the sitemap and the prerender list, so a page added here is routed, built
 * and listed at once, and site-paths.ts the redirects. Talks, the panel, briefings and speakers come from the
 * edition instead.
 */
export const fixedPages: readonly FixedPage[] = [
  { path: "/", file: "routes/home.tsx", kind: "listed" },
  { path: "/agenda", file: "routes/agenda.tsx", id: "agenda", kind: "listed" },
  { path: "/talks_demos", file: "routes/agenda.tsx", id: "talks-demos", kind: "alias" },
  { path: "/about", file: "routes/about.tsx", kind: "redirect", to: "/agenda" },
  { path: "/demo-voting", file: "routes/demo-voting.tsx", kind: "listed" },
  { path: "/event", file: "routes/event.tsx", kind: "listed" },
  // Everyone on the programme, A to Z (decision 087): one page whatever the number of speakers, each of whom has a
  // page of their own in /speakers/ besides.
  { path: speakersPath, file: "routes/speakers.tsx", kind: "listed" },
  // The stage (stage.ts's livePath, which a unit test holds equal): the stream, now and next, the audience's part.
  // An edition with rooms gives each room a stage of its own besides (routes.ts, page-list.ts).
  { path: "/live", file: "routes/live.tsx", id: "live", kind: "listed" },
  // A visitor's own schedule (lib/favourites.ts): each visitor's page is their own, so search engines are not told.
  { path: mySchedulePath, file: "routes/my-schedule.tsx", kind: "unlisted" },
  // The stream's overlay screens.
  { path: "/countdown", file: "routes/countdown.tsx", kind: "unlisted" },
  { path: "/brb", file: "routes/brb.tsx", kind: "unlisted" },
  // The overlays the stream lays over its video (overlay.ts's overlayPaths, which a unit test holds equal).
  { path: "/overlay/lower-third", file: "routes/overlay-lower-third.tsx", kind: "unlisted" },
  { path: "/overlay/question", file: "routes/overlay-question.tsx", kind: "unlisted" },
  { path: "/overlay/leaderboard", file: "routes/overlay-leaderboard.tsx", kind: "unlisted" },
  { path: "/overlay/announcement", file: "routes/overlay-announcement.tsx", kind: "unlisted" },
  // The moderator's page for the audience's questions (question-contract.ts's moderatePath, which a unit test holds equal):
  // linked from nowhere, it asks for the moderator's token. Not imported from there, which would bring the
  // questions' module into the chunk every page loads, through site-paths.ts.
  { path: "/moderate", file: "routes/moderate.tsx", kind: "unlisted" },
  { path: "/404", file: "routes/not-found.tsx", kind: "not-found" },
];
