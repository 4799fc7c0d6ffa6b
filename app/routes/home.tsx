import type { ReactNode } from "react";
import * as content from "../../content";
import { CalendarLink } from "../components/calendar-link";
import { GradientBlobs } from "../components/gradient-blobs";
import { LiveStrip } from "../components/live-strip";
import { SponsorGrid } from "../components/sponsor-grid";
import { ButtonLink } from "../components/ui/button-link";
import { PillHeading } from "../components/ui/pill-heading";
import { useClock } from "../lib/clock";
import { startCountdown } from "../lib/countdown";
import { useEditionPhase } from "../lib/use-edition-phase";
import { phaseOnly, type EditionPhase } from "../lib/on-air";
import { nextOnAirOnly } from "../lib/next-on-air";
import { nextDayWords, useNextOnAir } from "../lib/next-day";
import { agendaDayLink } from "../../common/programme-days";
import { pageMeta } from "../lib/seo";
import { livePath } from "../lib/stage";
import { dayCalendarPath } from "../../common/site-paths";
import { formatDateSpan, formatClock } from "../lib/time-in-edition-language";
import type { PageHandle } from "../root";
import type { Route } from "./+types/home";
import * as m from "../i18n/messages";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${content.event.name} | ${content.event.headline.replace(/\.$/, "")}`,
    description: content.event.description,
    path: "/",
  });

export const handle: PageHandle = { static: true };

/**
 * Runs at build time only: the page's numbers and sponsors. The page is served without React, but its module is
 * still a route of the client build, which must not carry the programme to count it.
 */
export function loader() {
  return {
    counts: {
      sessions: content.agenda.filter((slot) => slot.type !== "Break").length,
      talks: content.talks.length,
      demos: content.demos.length,
      sponsors: content.sponsors.length,
    },
    sponsors: content.sponsors,
  };
}

export default function Home({ loaderData: { counts, sponsors } }: Route.ComponentProps) {
  const event = content.event;
  const phase = useEditionPhase();
  const next = useNextOnAir();
  const stats = [
    { value: counts.sessions, label: m.homeStatSessions },
    { value: counts.talks, label: m.homeStatTalks },
    { value: counts.demos, label: m.homeStatDemos },
    { value: counts.sponsors, label: m.homeStatSponsors },
  ];

  return (
    <>
      <section aria-labelledby="home-title" className="relative isolate overflow-hidden">
        <GradientBlobs className="-z-10" drifting />
        <div className="mx-auto max-w-6xl px-6 pt-16 pb-20 sm:pt-24 sm:pb-28">
          <PillHeading as="h1" className="bg-ink/40">
            <span id="home-title">{event.name}</span>
          </PillHeading>
          <p className="mt-8 max-w-5xl font-display text-5xl leading-[1.02] font-bold tracking-tight sm:text-7xl lg:text-8xl">
            {event.headline}
          </p>
          <p className="mt-6 font-display text-2xl font-semibold text-orchid sm:text-3xl">
            {m.homeDates({ dates: formatDateSpan(event.date, event.endDate) })}
          </p>

          {/*
            One card per phase of the edition, all in the HTML and all but the current one hidden: the page is
            served without React, and its island (app/islands/home.ts) shows the right one for the visitor's clock.
          */}
          <div className="mt-10 max-w-2xl rounded-3xl border border-white/15 bg-ink/60 p-6 backdrop-blur-sm sm:p-8">
            <PhaseCard shownIn="upcoming" phase={phase} words={event.upcoming}>
              <StartCountdown />
              <div className="mt-6 flex flex-wrap gap-3">
                <ButtonLink href={event.links.register}>{m.actionRegister}</ButtonLink>
                <CalendarLink href={dayCalendarPath(content.event.name)}>{m.actionAddToCalendar}</CalendarLink>
              </div>
            </PhaseCard>
            <PhaseCard shownIn="live" phase={phase} words={event.live}>
              <CardActions
                main={
                  <ButtonLink href={livePath} reloadDocument>
                    {m.actionWatchLive}
                  </ButtonLink>
                }
              />
            </PhaseCard>
            {/* Between two days nothing is live: the next day, when it starts, and its programme (decision 043). */}
            <div {...phaseOnly(["between"], phase)}>
              {content.onAirSpans.slice(1).map((span) => {
                const words = nextDayWords(span.start, content.onAirSpans, event);
                return (
                  <div key={span.start} {...nextOnAirOnly(span.start, next)}>
                    <CardWords words={words} />
                    <Countdown to={span.start} />
                    <div className="mt-6">
                      <ButtonLink href={agendaDayLink(words.date)}>{m.homeDayProgramme({ day: words.day })}</ButtonLink>
                    </div>
                  </div>
                );
              })}
            </div>
            <PhaseCard shownIn="over" phase={phase} words={event.conclusion}>
              <CardActions main={<ButtonLink href={event.links.watch}>{m.actionWatchRecording}</ButtonLink>} />
            </PhaseCard>
          </div>
        </div>
      </section>

      <section aria-label={m.homeInNumbers} className="border-y border-line bg-panel">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-px px-6 py-10 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse justify-end gap-1 py-2">
              <dt className="text-sm text-muted">{stat.label}</dt>
              <dd className="font-display text-4xl font-bold sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="sponsors-title" className="mx-auto max-w-6xl px-6 py-20">
        <PillHeading>
          <span id="sponsors-title">{m.homeSponsors}</span>
        </PillHeading>
        <p className="mt-4 mb-10 max-w-2xl text-lg text-muted">{event.sponsorsIntro}</p>
        <SponsorGrid sponsors={sponsors} />
      </section>
      <LiveStrip />
    </>
  );
}

/** One phase's card: the edition's words for it, then what to do. */
function PhaseCard({
  shownIn,
  phase,
  words,
  children,
}: {
  shownIn: EditionPhase;
  phase: EditionPhase;
  words: { heading: string; message: string };
  children: ReactNode;
}) {
  return (
    <div {...phaseOnly([shownIn], phase)}>
      <CardWords words={words} />
      {children}
    </div>
  );
}

function CardWords({ words }: { words: { heading: string; message: string } }) {
  return (
    <>
      <h2 className="text-2xl font-bold">{words.heading}</h2>
      <p className="mt-2 text-lg leading-relaxed text-white/85">{words.message}</p>
    </>
  );
}

/** The card's main action, then the agenda. */
function CardActions({ main }: { main: ReactNode }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {main}
      <ButtonLink href="/agenda" variant="secondary">
        {m.homeBrowseAgenda}
      </ButtonLink>
    </div>
  );
}

/** When the first session starts, and the countdown to it. */
function StartCountdown() {
  const start = content.eventSpan.start;
  return (
    <div className="mt-5">
      <p className="text-white/85">
        {m.homeStreamStarts({ time: formatClock(start, content.event.timeZone), zone: content.event.timeZoneLabel })}
      </p>
      <Countdown to={start} />
    </div>
  );
}

/**
 * Days, hours and minutes to an instant. The prerendered numbers are the build's, so they stay invisible (their
 * space kept, so nothing moves) until the island writes the visitor's and shows them; the sentence before them
 * holds without a script.
 */
function Countdown({ to }: { to: string }) {
  const minute = useClock((now) => Math.floor(now.getTime() / 60_000));
  const parts = startCountdown(new Date(minute * 60_000), new Date(to));
  return (
    <dl data-countdown={to} className="invisible mt-3 flex gap-3">
      {parts.map((part) => (
        <div
          key={part.unit}
          className="flex min-w-20 flex-col-reverse rounded-2xl border border-white/15 bg-white/5 px-3 py-2 text-center"
        >
          <dt data-countdown-label={part.unit} className="text-sm text-muted">
            {part.label}
          </dt>
          <dd data-countdown-value={part.unit} className="font-display text-3xl font-bold tabular-nums">
            {part.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
