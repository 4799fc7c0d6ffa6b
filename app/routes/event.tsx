import { memo, Suspense, useRef } from "react";
import { Link } from "react-router";
import * as content from "../../content";
import { FactList } from "../components/fact-list";
import { phaseActions } from "../components/phase-action";
import { PageHeader } from "../components/page-header";
import { SessionTime } from "../components/session-time";
import { ButtonLink } from "../components/ui/button-link";
import { Badge } from "../components/ui/badge";
import type { ProgrammeSession } from "../../content/programme";
import { programmePreloads, useRenderedProgramme, withProgramme } from "../lib/programme";
import { useLinksWithin } from "../lib/links-within";
import { pageMeta, titled } from "../lib/seo";
import { speakersPath } from "../../common/site-paths";
import { useDisplayZone } from "../lib/display-zone";
import { useEditionPhase } from "../lib/use-edition-phase";
import { phaseOnly, type EditionPhase } from "../lib/on-air";
import { nextDayWords, useNextOnAir } from "../lib/next-day";
import { formatDateSpan } from "../lib/time-in-edition-language";
import type { Route } from "./+types/event";
import * as m from "../i18n/messages";
import { sessionTypeWords } from "../lib/session-type-words";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.dayAtAGlance),
    description: m.eventDescription({ event: content.event.name }),
    path: "/event",
  });

/** Runs at build time only: the programme's first start and last end. The line-up comes from the programme's file. */
export function loader() {
  return { first: content.agenda[0]?.start, last: content.agenda.at(-1)?.end };
}

/** The line-up draws from the programme's file: it is fetched before the page's scripts, not once they have run. */
export const links: Route.LinksFunction = programmePreloads;

/** On client-side navigation, the page shows once the programme is there too, rather than without its line-up. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withProgramme(serverLoader);
}

/** An overview of the day, built from the agenda and the talk catalogue. */
export default function EventOverview({ loaderData: { first, last } }: Route.ComponentProps) {
  const event = content.event;
  const zone = useDisplayZone();
  const phase = useEditionPhase();
  const next = useNextOnAir();
  // The edition's words for each phase, as the home page says them (between two days, when the next begins); all in
  // the HTML, all but the current one hidden.
  const messages: Record<EditionPhase, string | undefined> = {
    upcoming: event.upcoming.message,
    live: event.live.message,
    between: next ? nextDayWords(next, content.onAirSpans, event).message : undefined,
    over: event.conclusion.message,
  };
  const facts = [
    { label: event.endDate ? m.eventDates : m.talkDate, value: formatDateSpan(event.date, event.endDate) },
    {
      label: m.talkTime,
      value: first && last ? <SessionTime start={first} end={last} zone={zone} /> : "",
    },
    { label: m.talkLocation, value: event.location },
  ];

  return (
    <>
      <PageHeader title={m.dayAtAGlance}>
        {Object.entries(messages).map(([shownIn, message]) =>
          message ? (
            <p key={shownIn} {...phaseOnly([shownIn as EditionPhase], phase)}>
              {message}
            </p>
          ) : null,
        )}
        <div className="mt-6">
          <FactList facts={facts} />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          {phaseActions.map((action) => (
            <div key={action.label} {...phaseOnly(action.phases, phase)}>
              <ButtonLink href={action.href}>{action.label}</ButtonLink>
            </div>
          ))}
          <ButtonLink href="/agenda" variant="secondary">
            {m.eventFullAgenda}
          </ButtonLink>
        </div>
      </PageHeader>
      <section aria-labelledby="lineup-title" className="mx-auto max-w-6xl px-6 py-12">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <h2 id="lineup-title" className="text-3xl font-bold">
            {m.eventLineUp}
          </h2>
          <Link to={speakersPath} className="font-semibold text-sky underline-offset-4 hover:underline">
            {m.speakersAll}
          </Link>
        </div>
        <Suspense>
          <LineUp />
        </Suspense>
      </section>
    </>
  );
}

/**
 * Each talk's page with what the line-up shows of the session that presents it (its title, type and speakers'
 * names), in the catalogue's order. It reads the programme from its file, inside a Suspense boundary that keeps the
 * prerendered line-up until the file has come; `memo` keeps the page's own updates from reaching it meanwhile. A
 * large programme's line-up is a thousand cards: their titles are plain links that one listener takes within the
 * app (decision 088). The cards are not `content-visibility: auto`: a thousand of them in a grid held Chromium's
 * headless shell for seconds after a click, where the list of the agenda and the directory do not.
 */
const LineUp = memo(function LineUp() {
  const { sessions, talks } = useRenderedProgramme();
  const list = useRef<HTMLUListElement>(null);
  useLinksWithin(list);
  const presenting = new Map<string, ProgrammeSession>();
  for (const session of sessions) {
    if (session.path !== undefined && !presenting.has(session.path)) presenting.set(session.path, session);
  }
  return (
    <ul ref={list} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {talks.map((path) => {
        const session = presenting.get(path);
        if (!session) return null;
        return (
          <li key={path} className="flex flex-col gap-2 rounded-3xl border border-line bg-panel p-6">
            <div>
              <Badge tone={session.type}>{sessionTypeWords(session.type)}</Badge>
            </div>
            <h3 className="text-lg font-bold">
              <a href={path} className="underline-offset-4 hover:underline">
                {session.title}
              </a>
            </h3>
            <p className="text-muted">{session.speakers.map((speaker) => speaker.name).join(", ")}</p>
          </li>
        );
      })}
    </ul>
  );
});
