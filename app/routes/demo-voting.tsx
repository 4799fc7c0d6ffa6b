import { Suspense } from "react";
import * as content from "../../content";
import { Breadcrumb } from "../components/breadcrumb";
import { DemoLeaderboard } from "../components/demo-leaderboard";
import { PageHeader } from "../components/page-header";
import * as m from "../i18n/messages";
import { ButtonLink } from "../components/ui/button-link";
import { useClock } from "../lib/clock";
import { editionPhase } from "../lib/on-air";
import { pageMeta, titled } from "../lib/seo";
import { speakerById } from "../lib/lookups";
import { demoPresenters } from "../lib/ranking";
import type { Route } from "./+types/demo-voting";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.navDemoVoting),
    description: m.demoVotingDescription({ name: content.event.name }),
    path: "/demo-voting",
  });

/**
 * Runs at build time only: the demos' catalogue, which the leaderboard is prerendered from and falls back to (spec
 * §7), and their presenters, rather than every speaker of the edition.
 */
export function loader() {
  return { demos: content.demos, presenters: demoPresenters(content.demos, speakerById) };
}

/** The demo leaderboard. */
export default function DemoVoting({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={m.navDemoVoting}
        breadcrumb={<Breadcrumb trail={[{ label: m.navHome, to: "/" }]} current={m.navDemoVoting} />}
      >
        <Intro />
        <div className="mt-6">
          <ButtonLink href={content.event.links.register}>{m.actionRegister}</ButtonLink>
        </div>
      </PageHeader>
      {/* A boundary of its own: React hydrates the leaderboard apart from the rest of the page (selective
          hydration). It was a lazy chunk, loaded after hydration; without TanStack Query it is 3 KB, and its own
          request cost more than it saved (docs/decisions/037). */}
      <Suspense>
        <DemoLeaderboard catalogue={loaderData} />
      </Suspense>
    </>
  );
}

/** The page's first lines, in the tense of the edition's phase: the top demos are presented on the day. */
function Intro() {
  const over = useClock((now) => editionPhase(now, content.onAirSpans) === "over");
  const count = content.event.presentedLive;
  // One message per case rather than a select: a select would bring messageformat's runtime to this page alone.
  const live =
    count === 1
      ? over
        ? m.demoVotingLiveOnePast
        : m.demoVotingLiveOne
      : (over ? m.demoVotingLivePast : m.demoVotingLive)({ count });
  return (
    <p>
      {m.demoVotingIntroLead({ name: content.event.name })} {live}
    </p>
  );
}
