import { Link } from "react-router";
import * as content from "../../content";
import { Breadcrumb } from "../components/breadcrumb";
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
import { speakerCalendarPath, speakerPath, speakerShareImagePath, speakersPath } from "../../common/site-paths";
import { joinTimeOf, listedSession, roleOf, sessionsOf } from "../lib/speaker-schedule";
import { editionSchedule } from "../lib/edition-schedule";
import { prerenderedOrNotFound } from "../lib/prerendered-data";
import type { Route } from "./+types/speaker";
import * as m from "../i18n/messages";

/**
 * Runs at build time only, for the prerendered speakers (page-list.ts lists those with sessions): everything the
 * page shows of its speaker, their sessions with the people in them by name, and the biography. The browser holds
 * no copy of the speakers or the agenda to work it out.
 */
export function loader({ params }: Route.LoaderArgs) {
  const speaker = params.id ? speakerById(params.id) : undefined;
  const sessions = speaker ? sessionsOf(editionSchedule, speaker.id) : [];
  if (!speaker || sessions.length === 0) throw new Error(`No speaker with sessions has the id ${params.id}`);
  const { id, name, title, portrait, links, bio } = speaker;
  return {
    speaker: { id, name, title, portrait, links },
    bio: bio ?? null,
    role: roleOf(editionSchedule, id),
    sessions: sessions.map(listedSession),
    joinTime: joinTimeOf(editionSchedule, id, sessions) ?? null,
  };
}

/** On client-side navigation: the speaker's prerendered data, or the not-found page for an unknown id. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return prerenderedOrNotFound(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { speaker, role } = loaderData;
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
  const { speaker, bio, role, sessions, joinTime } = loaderData;
  const event = content.event;
  const zone = useDisplayZone();
  const shareHref = speakerShareIntent(sessions, event);

  return (
    <>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            trail={[
              { label: m.navHome, to: "/" },
              { label: m.speakersTitle, to: speakersPath },
            ]}
            current={speaker.name}
          />
        }
        title={speaker.name}
        eyebrow={<Badge>{role}</Badge>}
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
