import * as content from "../../content";
import { lazy, Suspense } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import { AgendaSchedule } from "../components/agenda-schedule";
import { CalendarLink } from "../components/calendar-link";
import { MyScheduleLink } from "../components/favourite-toggle";
import { PageHeader } from "../components/page-header";
import { ButtonLink } from "../components/ui/button-link";
import { Badge, sessionTypeOrder } from "../components/ui/badge";
import { ZoneSwitch } from "../components/zone-switch";
import { useEditionPhase } from "../lib/use-edition-phase";
import { useLiveStripWanted } from "../lib/live-strip-wanted";
import { nextDayWords, useNextOnAir } from "../lib/next-day";
import { pageMeta, titled } from "../lib/seo";
import { agendaDayLink, programmeDays } from "../../common/programme-days";
import { programmeShape } from "../lib/programme-shape";
import { programmePreloads, withProgramme } from "../lib/programme";
import { schedulePaths } from "../../common/schedule-paths";
import { dayCalendarPath } from "../../common/site-paths";
import { livePath } from "../lib/stage";
import { formatDateSpan, formatDayName } from "../lib/time-in-edition-language";
import type { Route } from "./+types/agenda";
import * as m from "../i18n/messages";
import { rich } from "../i18n/rich";
import { sessionTypeWords } from "../lib/session-type-words";

/** The edition's day, or its span: "May 7, 2031", "May 7–9, 2031". */
const dates = formatDateSpan(content.event.date, content.event.endDate);

/**
 * The most session types the legend lists: beyond, a legend is a list to read rather than a key to glance at (39C3
 * has 25), and every session writes its type out anyway (decision 084).
 */
const legendMost = 8;

/**
 * Runs at build time only, once for /agenda and once for each day's page (/agenda/<day>): the header's words about
 * the programme, the legend's types and the day the page shows. The schedule itself comes from the programme's file
 * (agenda-schedule.tsx), whatever the programme's size, never in the page's data.
 */
export function loader({ params }: Route.LoaderArgs) {
  const days = programmeDays(content.agenda, content.event.timeZone);
  const day = days.find((each) => each.date === params.day) ?? days[0];
  // Only the programme's days are prerendered; any other is the not-found page, as for any unknown path.
  if (params.day !== undefined && day?.date !== params.day) throw new Error(`The programme has no day ${params.day}`);
  // The session types the legend explains: those of the six the agenda colours that the edition uses, in their
  // order, then the edition's own. An imported programme of talks and workshops does not list demos it has none of.
  const usedTypes = new Set(content.agenda.map((slot) => slot.type));
  const legendTypes = [...new Set<string>([...sessionTypeOrder.filter((type) => usedTypes.has(type)), ...usedTypes])];
  return {
    count: content.agenda.length,
    // "sessions, one stream.", or how many rooms and days the sessions fill.
    shape: programmeShape(content.rooms.length, days.length),
    legendTypes: legendTypes.length > legendMost ? [] : legendTypes,
    day: day?.date ?? content.event.date,
    // A day at a time, with search and filters (agenda-browser.tsx), where the edition has rooms or several days;
    // the spec's one table of the day where it has one stream and one day (agenda-schedule.tsx decides alike).
    byDay: content.rooms.length > 0 || days.length > 1,
  };
}

export const meta: Route.MetaFunction = ({ params, loaderData }) =>
  pageMeta({
    // A later day's page (/agenda/<day>) is a screen of its own: its title names the day, and its address is the one
    // the day tabs write (/agenda?day=<day>), which the server answers with it.
    title: titled(
      params.day === undefined ? m.agendaTitle : m.agendaDayTitle({ day: formatDayName(loaderData.day, "long") }),
    ),
    description: m.agendaDescription({ name: content.event.name, dates, zone: content.event.timeZoneName }),
    // /agenda and /talks_demos are one screen, so both name /agenda as the page search engines should index.
    path: params.day === undefined ? "/agenda" : agendaDayLink(loaderData.day),
  });

/** The page's schedule draws from the programme's file: it is fetched before the page's scripts, not once they have run. */
export const links: Route.LinksFunction = programmePreloads;

/** On client-side navigation, the page shows once the programme is there too, rather than without its schedule. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withProgramme(serverLoader);
}

/**
 * The strip of what is on now, fixed to the window's foot: its code comes only while it has something to show (a day
 * on air, or the show changing it), after hydration, so the agenda's first load, near its budget, does not carry it
 * on the other days of the year.
 */
const LiveStrip = lazy(() => import("../components/live-strip").then((module) => ({ default: module.LiveStrip })));

/** The strip when it is wanted: a component of its own, so that the show's arrival re-renders it alone. */
function LiveStripWhenWanted() {
  return useLiveStripWanted() ? (
    <Suspense>
      <LiveStrip />
    </Suspense>
  ) : null;
}

/**
 * The day tabs, the filters and the search change only the address's query, which the schedule reads itself: the
 * page's data (its header, its legend, its own day) stays, so nothing is fetched again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function Agenda({ loaderData: { count, shape, legendTypes, day, byDay } }: Route.ComponentProps) {
  const event = content.event;
  const phase = useEditionPhase();
  const next = useNextOnAir();
  // The programme for schedule apps, in the formats pretalx and frab export (interop/schedule-export.ts).
  const formats = (
    <p className={`text-sm text-muted ${byDay ? "mt-12" : ""}`}>
      {rich(
        m.agendaFormatsRich({
          json: <FileLink href={schedulePaths.json}>schedule.json</FileLink>,
          xml: <FileLink href={schedulePaths.xml}>schedule.xml</FileLink>,
        }),
      )}
    </p>
  );
  return (
    <>
      <PageHeader title={m.agendaTitle}>
        <p>{m.agendaSummary({ dates, location: event.location, count, shape })}</p>
        <div className="mt-6 flex flex-col gap-5">
          <ZoneSwitch />
          {/*
            Before the day the calendar leads; while a day is on air, the site's stage; between two days, when the
            next begins (decision 043); afterwards, the recordings.
          */}
          {phase === "between" && next ? (
            <p className="font-semibold text-white">{nextDayWords(next, content.onAirSpans, event).message}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <CalendarLink href={dayCalendarPath(content.event.name)}>{m.actionAddToCalendar}</CalendarLink>
            {phase === "live" ? (
              <ButtonLink href={livePath} reloadDocument>
                {m.actionWatchLive}
              </ButtonLink>
            ) : null}
            {phase === "over" ? <ButtonLink href={event.links.watch}>{m.actionWatchRecordings}</ButtonLink> : null}
            <MyScheduleLink className="inline-flex min-h-12 items-center rounded-full px-4 font-semibold text-sky underline underline-offset-4 hover:text-white" />
          </div>
          {byDay ? null : formats}
        </div>
      </PageHeader>

      {/*
        A day at a time keeps to what a visitor reads first: on a phone the first session is on the first screen, so
        the legend (every session writes its type out) shows from lg, and the formats follow the schedule.
      */}
      <div className={`mx-auto max-w-6xl px-6 ${byDay ? "pt-6 pb-12 lg:pt-12" : "py-12"}`}>
        {legendTypes.length > 0 ? (
          <section
            aria-labelledby="legend-title"
            className={`mb-8 flex-wrap items-center gap-x-4 gap-y-2 ${byDay ? "hidden lg:flex" : "flex"}`}
          >
            <h2 id="legend-title" className="font-sans text-sm font-semibold text-muted">
              {m.agendaSessionTypes}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {legendTypes.map((type) => (
                <li key={type}>
                  <Badge tone={type}>{sessionTypeWords(type)}</Badge>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <Suspense>
          <AgendaSchedule pageDay={day} />
        </Suspense>
        {byDay ? formats : null}

        {phase === "over" ? (
          <section
            aria-labelledby="thanks-title"
            className="mt-12 rounded-3xl border border-white/15 bg-panel p-6 sm:p-8"
          >
            <h2 id="thanks-title" className="text-2xl font-bold">
              {event.conclusion.heading}
            </h2>
            <p className="mt-2 max-w-3xl text-lg text-white/85">{event.conclusion.message}</p>
            <div className="mt-6">
              <ButtonLink href={event.links.watch}>{m.actionWatchRecording}</ButtonLink>
            </div>
          </section>
        ) : null}
      </div>
      <LiveStripWhenWanted />
    </>
  );
}

/** A built file, not a page: a plain link, so the browser fetches it rather than the app routing to it. */
function FileLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="font-semibold text-sky underline underline-offset-4 hover:text-white">
      {children}
    </a>
  );
}
