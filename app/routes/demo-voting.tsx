import { Suspense } from "react";
import * as content from "../../content";
import { Breadcrumb } from "../components/breadcrumb";
import LiveLeaderboard from "../components/live-leaderboard";
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
      {/* A boundary of its own: React hydrates the leaderboard apart from the rest of the page (selective
          hydration). It was a lazy chunk, loaded after hydration; without TanStack Query it is 3 KB, and its own
          request cost more than it saved (docs/decisions/037). */}
      <Suspense>
        <LiveLeaderboard />
      </Suspense>
    </>
  );
}

const numberWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The page's first lines, in the tense of the edition's phase: the top demos are presented on the day. */
function Intro() {
  const over = useClock((now) => editionPhase(now, content.onAirSpans) === "over");
  const count = content.event.presentedLive;
  const top = count === 1 ? "The demo" : `The ${numberWords[count - 1] ?? String(count)}`;
  return (
    <p>
      The community demos of {content.event.name}, ranked by the audience&apos;s votes. {top} with the most votes{" "}
      {over ? (count === 1 ? "was" : "were") : "will be"} presented live, with audience Q&amp;A.
    </p>
  );
}
