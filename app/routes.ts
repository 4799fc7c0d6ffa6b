import { index, route, type RouteConfig } from "@react-router/dev/routes";
import * as content from "../content";

// The route table of spec §2. Talk and briefing paths come from the content, so a new edition's pages appear
// by adding content, and every path the content names has a route.
export default [
  index("routes/home.tsx"),
  route("agenda", "routes/agenda.tsx", { id: "agenda" }),
  route("talks_demos", "routes/agenda.tsx", { id: "talks-demos" }),
  route("about", "routes/about.tsx"),
  route("demo-voting", "routes/demo-voting.tsx"),
  route("event", "routes/event.tsx"),
  route("countdown", "routes/countdown.tsx"),
  route("brb", "routes/brb.tsx"),
  route(content.panelPage.path.slice(1), "routes/panel.tsx"),
  ...content.talks.map((talk) => route(talk.path.slice(1), "routes/talk.tsx", { id: `talk-${talk.id}` })),
  ...content.briefings.map((briefing) =>
    route(briefing.path.slice(1), "routes/briefing.tsx", { id: `briefing-${briefing.slug}` }),
  ),
  route("speakers/:id", "routes/speaker.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
