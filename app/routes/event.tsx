import { Link } from "react-router";
import * as content from "../../content";
import { FactList } from "../components/fact-list";
import { phaseActions } from "../components/phase-action";
import { PageHeader } from "../components/page-header";
import { SessionTime } from "../components/session-time";
import { ButtonLink } from "../components/ui/button-link";
import { Badge } from "../components/ui/badge";
import { speakersByIds } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
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

/**
 * Runs at build time only: the day's first start and last end, and each talk's page with what the line-up shows of
 * the agenda slot that presents it (its title, type and speakers' names), in the catalogue's order. The talks' own
 * texts and the rest of the agenda stay out of the page.
 */
export function loader() {
  const agenda = content.agenda;
  return {
    first: agenda[0]?.start,
    last: agenda.at(-1)?.end,
    lineUp: content.talkLinks.flatMap((talk) => {
      const slot = agenda.find((candidate) => candidate.talkId === talk.id);
      if (!slot) return [];
      const names = speakersByIds(slot.speakerIds).map((speaker) => speaker.name);
      return [{ id: talk.id, path: talk.path, title: slot.title, type: slot.type, names: names.join(", ") }];
    }),
  };
}

/** An overview of the day, built from the agenda and the talk catalogue. */
export default function EventOverview({ loaderData: { first, last, lineUp } }: Route.ComponentProps) {
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
        <h2 id="lineup-title" className="mb-6 text-3xl font-bold">
          {m.eventLineUp}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {lineUp.map((talk) => (
            <li key={talk.id} className="flex flex-col gap-2 rounded-3xl border border-line bg-panel p-6">
              <div>
                <Badge tone={talk.type}>{sessionTypeWords(talk.type)}</Badge>
              </div>
              <h3 className="text-lg font-bold">
                <Link to={talk.path} className="underline-offset-4 hover:underline">
                  {talk.title}
                </Link>
              </h3>
              <p className="text-muted">{talk.names}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
