import { Link } from "react-router";
import * as content from "../../content";
import type { Speaker } from "../../content";
import { ExternalLink } from "../components/external-link";
import { JoinCard } from "../components/join-card";
import { Portrait } from "../components/portrait";
import { SessionList } from "../components/session-list";
import { ShareOnX } from "../components/share-on-x";
import { SpeakerCard } from "../components/speaker-card";
import { SpeakerNotFound } from "../components/speaker-not-found";
import { Badge } from "../components/ui/badge";
import { briefingBadgeColour, briefingBanner, briefingView, timelineOf } from "../lib/briefing";
import { useClock } from "../lib/clock";
import { normalisePath } from "../lib/lookups";
import { pageMeta } from "../lib/seo";
import { speakerShareIntent } from "../lib/share-intent";
import { briefingShareImagePath, speakerCalendarPath, speakerPath } from "../../common/site-paths";
import { editionSchedule } from "../lib/edition-schedule";
import { listedSession } from "../lib/speaker-schedule";
import { formatShortDate } from "../lib/time-in-edition-language";
import type { Route } from "./+types/briefing";
import * as m from "../i18n/messages";

/**
 * Runs at build time only. One module serves every fixed briefing: routes.ts gives each briefing path its own route
 * (briefings are a handful per edition), and the path picks the briefing. The page gets what it shows: the
 * speaker's sessions with the people in them by name, and the panel's people as their cards show them.
 */
export function loader({ url }: Route.LoaderArgs) {
  const briefing = content.briefings.find((entry) => entry.path === normalisePath(url.pathname));
  if (!briefing) throw new Error(`No briefing at ${url.pathname}`);
  const view = briefingView({ ...editionSchedule, briefingConfig: content.briefingConfig }, briefing);
  if (!view.found) return view;
  const card = ({ id, name, title, portrait }: Speaker) => ({ id, name, title, portrait });
  return {
    ...view,
    sessions: view.sessions.map(listedSession),
    panel: view.panel && { panellists: view.panel.panellists.map(card), moderator: card(view.panel.moderator) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData: view }) => {
  const event = content.event;
  if (!view.found) {
    return pageMeta({
      title: m.briefingNotFoundTitle({ title: m.speakerNotFoundTitle, site: event.shortName }),
      description: m.briefingNotFoundDescription({ name: event.name }),
      path: view.briefing.path,
      noindex: true,
    });
  }
  const { speaker } = view;
  return pageMeta({
    title: m.briefingTitle({ name: speaker.name, site: event.shortName }),
    description: m.briefingDescription({ name: speaker.name, event: event.name }),
    path: view.briefing.path,
    image: {
      path: briefingShareImagePath(view.briefing.slug),
      alt: m.briefingImageAlt({
        name: speaker.name,
        title: speaker.title,
        // The badges are the edition's words; joining them is the language's: "Speaker and Panel".
        badges: new Intl.ListFormat(m.locale, { type: "conjunction" }).format(view.briefing.badges),
        event: event.name,
      }),
    },
    noindex: true,
  });
};

export default function BriefingPage({ loaderData: view }: Route.ComponentProps) {
  if (!view.found) return <SpeakerNotFound />;

  const { briefing, speaker, sessions, joinTime, panel } = view;
  const event = content.event;
  const eventZone = { timeZone: event.timeZone, label: event.timeZoneLabel };
  const shareHref = speakerShareIntent(sessions, event);
  const importantLinks = [
    { label: m.briefingJoinLink, href: event.links.streamJoin },
    { label: m.briefingGroupChat, href: event.links.groupChat },
    { label: m.briefingShareLink, href: event.links.broadcast },
    { label: m.briefingWebsite, href: event.siteUrl },
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-6 sm:gap-8 sm:px-6 sm:py-10">
      <p className="rounded-2xl bg-linear-to-r from-electric to-magenta px-5 py-2.5 text-center font-display text-lg font-bold">
        <DayBanner />
      </p>
      <header className="flex items-center gap-4 sm:gap-6">
        <Portrait src={speaker.portrait} name={speaker.name} className="size-20 shrink-0 rounded-2xl sm:size-28" />
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold sm:text-5xl">
            {m.briefingGreeting({ name: speaker.firstName })}
          </h1>
          <p className="mt-1 text-sky">
            {speaker.name}, {speaker.title}
          </p>
          <div className="mt-2 flex gap-2">
            {briefing.badges.map((badge) => (
              <Badge key={badge} colour={briefingBadgeColour(badge)}>
                {badge}
              </Badge>
            ))}
          </div>
        </div>
      </header>

      {/* The join box comes first in the page, so a phone shows it right under the greeting; on a wide screen it
          moves to the right-hand column and stays in view. */}
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-10">
        {joinTime ? (
          <div className="lg:col-start-2 lg:row-start-1">
            <div className="lg:sticky lg:top-24">
              <JoinCard
                steps={timelineOf(sessions, joinTime, eventZone, event.date)}
                note={m.briefingJoinNote({
                  date: formatShortDate(joinTime, event.timeZone),
                  zone: event.timeZoneLabel,
                })}
                joinHref={event.links.streamJoin}
                calendarHref={speakerCalendarPath(briefing.speakerId)}
              />
            </div>
          </div>
        ) : null}

        <div className="flex flex-col gap-10 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="sessions-title">
            <h2 id="sessions-title" className="mb-4 text-2xl font-bold">
              {sessions.length > 1 ? m.briefingYourSessions : m.briefingYourSession}
            </h2>
            <SessionList sessions={sessions} variant="briefing" />
          </section>

          {panel ? (
            <section aria-labelledby="panel-title">
              <h2 id="panel-title" className="mb-4 text-2xl font-bold">
                {m.briefingYourPanel}
              </h2>
              <h3 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
                {m.briefingFellowPanellists}
              </h3>
              <div className="flex flex-col gap-3">
                {panel.panellists.map((panellist) => (
                  <SpeakerCard key={panellist.id} speaker={panellist} href={speakerPath(panellist.id)} />
                ))}
              </div>
              <h3 className="mt-6 mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
                {m.briefingModerator}
              </h3>
              <SpeakerCard speaker={panel.moderator} href={speakerPath(panel.moderator.id)} />
            </section>
          ) : null}

          <section aria-labelledby="links-title">
            <h2 id="links-title" className="mb-4 text-2xl font-bold">
              {m.briefingImportantLinks}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {importantLinks.map((link) => (
                <li key={link.label}>
                  <ExternalLink
                    href={link.href}
                    className="flex min-h-14 items-center justify-between gap-3 rounded-2xl border border-line bg-panel px-5 py-4 font-semibold hover:border-white/50"
                  >
                    {link.label}
                    <span aria-hidden="true" className="text-sky">
                      ↗
                    </span>
                  </ExternalLink>
                </li>
              ))}
            </ul>
            {shareHref ? (
              <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-3">
                <p className="text-muted">{m.briefingTellFollowers}</p>
                <ShareOnX href={shareHref} />
              </div>
            ) : null}
            <p className="mt-6">
              {event.walkthrough.intro}{" "}
              <ExternalLink href={event.links.walkthrough} className="text-sky underline underline-offset-4">
                {event.walkthrough.label}
              </ExternalLink>
            </p>
          </section>

          <p className="rounded-2xl border border-line px-5 py-4 text-white/85">{m.briefingAfterConference}</p>
          <p>
            <Link to="/" className="text-sky underline underline-offset-4">
              {m.speakerNotFoundBack}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

/** The day's line follows the clock (and ?now=); the prerendered page says what was true when it was built. */
function DayBanner() {
  return useClock((now) => briefingBanner(now, content.event));
}
