import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { edition } from "../../content";
import { Breadcrumb } from "../components/breadcrumb";
import { DemoLeaderboard } from "../components/demo-leaderboard";
import { PageHeader } from "../components/page-header";
import { ButtonLink } from "../components/ui/button-link";
import { createQueryClient } from "../lib/query-client";
import { pageMeta, titled } from "../lib/seo";
import type { Route } from "./+types/demo-voting";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled("Demo Voting"),
    description: `The community demo leaderboard of ${edition.event.name}: the open source AI projects the audience voted for.`,
    path: "/demo-voting",
  });

/**
 * The demo leaderboard. Its query client lives here rather than in the root, so the other pages do not load
 * TanStack Query (nor, through the leaderboard, Radix's toasts); a client per visit shows fresh counts each time.
 */
export default function DemoVoting() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Breadcrumb trail={[{ label: "Home", to: "/" }]} current="Demo Voting" />
      <PageHeader title="Demo Voting">
        <p>
          The community demos of {edition.event.name}, ranked by the audience&apos;s votes. The four with the most votes
          were presented live, with audience Q&amp;A.
        </p>
        <div className="mt-6">
          <ButtonLink href={edition.event.links.register}>Register</ButtonLink>
        </div>
      </PageHeader>
      <DemoLeaderboard />
    </QueryClientProvider>
  );
}
