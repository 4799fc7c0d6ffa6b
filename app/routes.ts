import { index, route, type RouteConfig } from "@react-router/dev/routes";
import * as content from "../content";
import { fixedPages, type FixedPage } from "../common/fixed-pages";
import { stagePath } from "./lib/stage";
import { talkFolders } from "./lib/page-list";
import { agendaPath } from "../common/programme-days";
import { trackPath } from "../common/site-paths";

function fixedRoute({ path, file, id, kind }: FixedPage) {
  if (path === "/") return index(file);
  // The not-found screen answers every path no other route claims; the build writes it at its own path (/404).
  if (kind === "not-found") return route("*", file);
  // The agenda takes a day, each prerendered at its own path (/agenda/2026-10-08) by the one route (decision 084).
  if (path === agendaPath) return route(`${path.slice(1)}/:day?`, file, id ? { id } : {});
  return route(path.slice(1), file, id ? { id } : {});
}

const catchAll = (page: FixedPage) => page.kind === "not-found";

/**
 * /live of an edition with rooms is the overview of its rooms, each room's stage at its own path (below): a module
 * of its own, which carries none of a stage's parts (decision 053).
 */
const withRoomsOverview = (page: FixedPage): FixedPage =>
  page.path === stagePath() && content.rooms.length > 0 ? { ...page, file: "routes/live-overview.tsx" } : page;

/**
 * Talk pages in a folder (an import's /talks/<id>) share one route, `talks/:talk`, not one per talk, so the router's
 * manifest, which every page loads, does not grow with the programme; the loader picks the talk by its path, and
 * content validation keeps talks out of the other parameter routes' folders (/speakers/, /live/). Talks at the top
 * level (the reference edition's /nomic) keep a route each: a `:talk` route there would claim /404 and every unknown
 * one-segment path, so the not-found page, prerendered and served for them, would hydrate as a talk page.
 */
const talkRoutes = [
  ...talkFolders(content).map((folder, index) =>
    route(`${folder}:talk`, "routes/talk.tsx", { id: `talks-${String(index)}` }),
  ),
  ...content.talks
    .filter((talk) => talk.path.lastIndexOf("/") === 0)
    .map((talk) => route(talk.path.slice(1), "routes/talk.tsx", { id: `talk-${talk.id}` })),
];

// The route table of spec §2: the fixed pages from their table, talk and briefing paths from the content, so a new
// edition's pages appear by adding content, and every path the content names has a route.
export default [
  ...fixedPages
    .filter((page) => !catchAll(page))
    .map(withRoomsOverview)
    .map(fixedRoute),
  ...(content.panelPage ? [route(content.panelPage.path.slice(1), "routes/panel.tsx")] : []),
  ...talkRoutes,
  ...content.briefings.map((briefing) =>
    route(briefing.path.slice(1), "routes/briefing.tsx", { id: `briefing-${briefing.slug}` }),
  ),
  // Every room's stage, one route whatever the number of rooms (each room's path is prerendered: page-list.ts); an
  // unknown room is the not-found page, as on the server (live.tsx's clientLoader).
  ...(content.rooms.length > 0 ? [route(stagePath(":room").slice(1), "routes/live.tsx", { id: "live-room" })] : []),
  route("speakers/:id", "routes/speaker.tsx"),
  // Every track's page, one route whatever the number of tracks (each track's path is prerendered: page-list.ts); an
  // edition without tracks has none, so /tracks/<anything> there is the not-found page.
  ...(content.tracks.length > 0 ? [route(trackPath(":track").slice(1), "routes/track.tsx")] : []),
  // The catch-all last, where a reader looks for it (React Router ranks routes: the order does not change matching).
  ...fixedPages.filter(catchAll).map(fixedRoute),
] satisfies RouteConfig;
