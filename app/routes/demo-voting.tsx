import { Link } from "react-router";
import { edition } from "../../content";
import { PageHeader } from "../components/page-header";
import { ButtonLink } from "../components/ui/button-link";
import { speakerById } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import type { Route } from "./+types/demo-voting";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled("Demo Voting"),
    description: `The community demo leaderboard of ${edition.event.name}: the open source AI projects the audience voted for.`,
    path: "/demo-voting",
  });

export default function DemoVoting() {
  const ranked = [...edition.demos].sort((a, b) => b.votes - a.votes);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mx-auto max-w-6xl px-6 pt-6 text-sm">
        <ol className="flex gap-2 text-muted">
          <li>
            <Link to="/" className="hover:text-white">
              Home
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page" className="text-white">
            Demo Voting
          </li>
        </ol>
      </nav>
      <PageHeader title="Demo Voting">
        <p>Voting Has Ended. Thank you for your participation! The top demos have been selected.</p>
        <div className="mt-6">
          <ButtonLink href={edition.event.links.register}>Register</ButtonLink>
        </div>
      </PageHeader>
      <ol className="mx-auto grid max-w-6xl gap-4 px-6 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {ranked.map((demo, index) => {
          const presenter = speakerById(demo.presenterId);
          return (
            <li key={demo.id} className="flex flex-col gap-3 rounded-3xl border border-line bg-panel p-6">
              <p className="font-display text-3xl font-bold text-orchid">#{index + 1}</p>
              <h2 className="text-xl font-bold">{demo.title}</h2>
              {presenter ? (
                <p className="text-sky">
                  {presenter.name}, {presenter.title}
                </p>
              ) : null}
              <p className="flex-1 text-white/85">{demo.description}</p>
              <p className="font-semibold">{demo.votes} votes</p>
              <button
                type="button"
                disabled
                className="min-h-11 cursor-not-allowed rounded-full border border-white/30 px-5 py-2 font-semibold text-white/80"
              >
                Voting Ended
              </button>
            </li>
          );
        })}
      </ol>
    </>
  );
}
