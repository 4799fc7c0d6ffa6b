import { Link, redirect, useParams } from "react-router";
import * as content from "../../content";
import { ExternalLink } from "../components/external-link";
import { JoinCard } from "../components/join-card";
import { PageHeader } from "../components/page-header";
import { Portrait } from "../components/portrait";
import { SessionList } from "../components/session-list";
import { ShareOnX } from "../components/share-on-x";
import { ZoneSwitch } from "../components/zone-switch";
import { Badge } from "../components/ui/badge";
import { timelineOf } from "../lib/briefing";
import { useDisplayZone } from "../lib/display-zone";
import { firstNameOf } from "../lib/first-name";
import { speakerById } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import { speakerShareIntent } from "../lib/share-intent";
import { speakerCalendarPath, speakerPath, speakerShareImagePath } from "../../common/site-paths";
import { joinTimeOf, roleOf, sessionsOf } from "../lib/speaker-schedule";
import { editionSchedule } from "../lib/edition-schedule";
import type { Route } from "./+types/speaker";
import * as m from "../i18n/messages";

/** Only people with sessions have a page; any other id goes to the not-found page (the server does the same). */
function speakerWithSessions(id: string | undefined) {
  const speaker = id ? speakerById(id) : undefined;
  return speaker && sessionsOf(editionSchedule, speaker.id).length > 0 ? speaker : undefined;
}

/**
 * Runs at build time only, for the prerendered speakers: it renders each speaker's page into its HTML and gives the
 * page its speaker's biography, the one part of the speakers the browser's copy of the edition leaves out (see
 * editionAsData in vite.config.ts): every page would otherwise carry every biography.
 */
export function loader({ params }: Route.LoaderArgs) {
  return { bio: (params.id ? speakerById(params.id)?.bio : undefined) ?? null };
}

/** On client-side navigation: an unknown id goes to the not-found page; a known one fetches its prerendered data. */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  return speakerWithSessions(params.id) ? await serverLoader() : redirect("/404");
}

export const meta: Route.MetaFunction = ({ params }) => {
  const speaker = speakerWithSessions(params.id);
  if (!speaker) return [];
  const role = roleOf(editionSchedule, speaker.id);
  return pageMeta({
    title: titled(speaker.name),
    description: m.speakerDescription({ speaker: withTitle(speaker), event: content.event.name }),
    path: speakerPath(speaker.id),
    image: {
      path: speakerShareImagePath(speaker.id),
      alt: m.speakerShareImageAlt({ speaker: withTitle(speaker), role, event: content.event.name }),
    },
  });
};

/** "Ada Okoro, Co-founder, Nomic", or the name alone for a speaker without a title (an imported one). */
function withTitle(speaker: { name: string; title?: string | undefined }): string {
  return speaker.title ? m.speakerWithTitle({ name: speaker.name, title: speaker.title }) : speaker.name;
}

export default function SpeakerPage({ loaderData }: Route.ComponentProps) {
  const { bio } = loaderData;
  const speaker = speakerWithSessions(useParams().id);
  if (!speaker) throw new Error("Unknown speaker");
  const event = content.event;
  const zone = useDisplayZone();
  const sessions = sessionsOf(editionSchedule, speaker.id);
  const joinTime = joinTimeOf(editionSchedule, speaker.id, sessions);
  const shareHref = speakerShareIntent(sessions, event);

  return (
    <>
      <PageHeader
        title={speaker.name}
        eyebrow={<Badge>{roleOf(editionSchedule, speaker.id)}</Badge>}
        media={
          <Portrait src={speaker.portrait} name={speaker.name} className="size-24 shrink-0 rounded-3xl sm:size-40" />
        }
      >
        {speaker.title ? <p className="text-sky">{speaker.title}</p> : null}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-10 sm:py-12 lg:grid-cols-[1fr_24rem]">
        {joinTime ? (
          <div className="lg:col-start-2 lg:row-start-1">
            <div className="lg:sticky lg:top-24">
              <JoinCard
                steps={timelineOf(sessions, joinTime, zone, event.date)}
                note={m.zoneTimesIn({ zone: zone.description })}
                joinHref={event.links.streamJoin}
                calendarHref={speakerCalendarPath(speaker.id)}
              >
                {shareHref ? <ShareOnX href={shareHref} /> : null}
              </JoinCard>
            </div>
          </div>
        ) : null}
        <div className="flex flex-col gap-10 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="sessions-title">
            <h2 id="sessions-title" className="mb-4 text-2xl font-bold">
              {m.speakerSessions}
            </h2>
            <div className="mb-5">
              <ZoneSwitch />
            </div>
            <SessionList sessions={sessions} />
          </section>
          {bio || speaker.links.length > 0 ? (
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="mb-4 text-2xl font-bold">
                {m.speakerAbout({ name: firstNameOf(speaker.name) })}
              </h2>
              {bio ? <p className="max-w-prose text-lg leading-relaxed text-white/85">{bio}</p> : null}
              {speaker.links.length > 0 ? (
                <ul className="mt-5 flex flex-wrap gap-3">
                  {speaker.links.map((link) => (
                    <li key={link.url}>
                      <ExternalLink
                        href={link.url}
                        className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold text-sky hover:border-white/50"
                      >
                        {link.label}
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
          <p>
            <Link to="/" className="text-sky underline underline-offset-4">
              {m.speakerNotFoundBack}
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
