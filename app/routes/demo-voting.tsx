import { lazy, Suspense } from "react";
import * as content from "../../content";
import { Breadcrumb } from "../components/breadcrumb";
import { CatalogueLeaderboard } from "../components/leaderboard-view";
import { PageHeader } from "../components/page-header";
import { ButtonLink } from "../components/ui/button-link";
import { useClock } from "../lib/clock";
import { editionPhase } from "../lib/live";
import { pageMeta, titled } from "../lib/seo";
import type { Route } from "./+types/demo-voting";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled("Demo Voting"),
    description: `The community demo leaderboard of ${content.event.name}: the open source AI projects the audience voted for.`,
    path: "/demo-voting",
  });

/**
 * The leaderboard and its data layer arrive in a chunk of their own, after the page's first paint: the prerendered
 * HTML already shows the leaderboard from the catalogue, which React keeps on screen until the chunk has loaded and
 * hydrated it (the page's first-load JavaScript stays within budget; docs/decisions/007). Imported statically, the
 * page would load 1.2 KB less in all but 2.2 KB more before its first tap: 26.0 KB of its own, over the build's
 * 25 KB (docs/decisions/038).
 */
const LiveLeaderboard = lazy(() => import("../components/live-leaderboard"));

/** The demo leaderboard. */
export default function DemoVoting() {
  return (
    <>
      <PageHeader
        title="Demo Voting"
        breadcrumb={<Breadcrumb trail={[{ label: "Home", to: "/" }]} current="Demo Voting" />}
      >
        <Intro />
        <div className="mt-6">
          <ButtonLink href={content.event.links.register}>Register</ButtonLink>
        </div>
      </PageHeader>
      <Suspense fallback={<CatalogueLeaderboard />}>
        <LiveLeaderboard />
      </Suspense>
    </>
  );
}

const numberWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The page's first lines, in the tense of the edition's phase: the top demos are presented on the day. */
function Intro() {
  const over = useClock((now) => editionPhase(now, content.eventSpan) === "over");
  const count = content.event.presentedLive;
  const top = count === 1 ? "The demo" : `The ${numberWords[count - 1] ?? String(count)}`;
  return (
    <p>
      The community demos of {content.event.name}, ranked by the audience&apos;s votes. {top} with the most votes{" "}
      {over ? (count === 1 ? "was" : "were") : "will be"} presented live, with audience Q&amp;A.
    </p>
  );
}
