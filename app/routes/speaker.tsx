import { Link, redirect, useParams } from "react-router";
import { edition } from "../../content";
import { ExternalLink } from "../components/external-link";
import { PageHeader } from "../components/page-header";
import { SessionList } from "../components/session-list";
import { ZoneSwitch } from "../components/zone-switch";
import { Badge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button-link";
import { speakerById } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import { speakerPath } from "../lib/site-paths";
import { joinTimeOf, roleOf, sessionsOf } from "../lib/speaker-schedule";
import { useDisplayZone } from "../lib/display-zone";
import { formatClock } from "../lib/time";
import type { Route } from "./+types/speaker";

/** Only people with sessions have a page; any other id goes to the not-found page (the server does the same). */
function speakerWithSessions(id: string | undefined) {
  const speaker = id ? speakerById(id) : undefined;
  return speaker && sessionsOf(edition, speaker.id).length > 0 ? speaker : undefined;
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return speakerWithSessions(params.id) ? null : redirect("/404");
}

export const meta: Route.MetaFunction = ({ params }) => {
  const speaker = speakerWithSessions(params.id);
  if (!speaker) return [];
  return pageMeta({
    title: titled(speaker.name),
    description: `${speaker.name}, ${speaker.title}, at ${edition.event.name}: their sessions and links.`,
    path: speakerPath(speaker.id),
  });
};

export default function SpeakerPage() {
  const speaker = speakerWithSessions(useParams().id);
  if (!speaker) throw new Error("Unknown speaker");
  const { event } = edition;
  const zone = useDisplayZone();
  const sessions = sessionsOf(edition, speaker.id);
  const joinTime = joinTimeOf(edition, speaker.id, sessions);

  return (
    <>
      <PageHeader title={speaker.name} eyebrow={<Badge>{roleOf(edition, speaker.id)}</Badge>}>
        <p className="text-sky">{speaker.title}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 md:grid-cols-[16rem_1fr]">
        <div className="flex flex-col gap-5">
          <img
            src={speaker.portrait}
            alt={`Portrait of ${speaker.name}`}
            width={400}
            height={400}
            className="aspect-square w-40 rounded-3xl md:w-full"
          />
          <p className="leading-relaxed text-white/85">{speaker.bio}</p>
          {speaker.links.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {speaker.links.map((link) => (
                <li key={link.url}>
                  <ExternalLink href={link.url} className="text-sky underline underline-offset-4">
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-col gap-8">
          <section aria-labelledby="sessions-title">
            <h2 id="sessions-title" className="mb-4 text-2xl font-bold">
              Sessions
            </h2>
            <div className="mb-5">
              <ZoneSwitch />
            </div>
            <SessionList sessions={sessions} />
          </section>
          {joinTime ? (
            <section aria-labelledby="join-title" className="rounded-3xl border border-line bg-panel p-6">
              <h2 id="join-title" className="text-2xl font-bold">
                Join the stream
              </h2>
              <p className="mt-2 text-lg">
                Join at {formatClock(joinTime, zone.timeZone)} {zone.label}.
              </p>
              <div className="mt-4">
                <ButtonLink href={event.links.streamJoin}>Join Link</ButtonLink>
              </div>
            </section>
          ) : null}
          <p>
            <Link to="/" className="text-sky underline underline-offset-4">
              ← Back to conference
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
