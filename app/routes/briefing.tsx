import { Link, useLocation } from "react-router";
import { edition } from "../../content";
import { ExternalLink } from "../components/external-link";
import { SessionList } from "../components/session-list";
import { Badge } from "../components/ui/badge";
import { briefingByPath, normalisePath, speakerById } from "../lib/lookups";
import { pageMeta } from "../lib/seo";
import { joinTimeOf, sessionsOf } from "../lib/speaker-schedule";
import { formatClock, formatShortDate } from "../lib/time";
import type { Route } from "./+types/briefing";

/**
 * A speaker's briefing for the day: who, when to join, where, and the links they need. The optional configuration
 * entry (the spec's '{slug}-qa') can rename the session and stand in another speaker's name, title and photo.
 */
function briefingAt(pathname: string) {
  const briefing = briefingByPath(normalisePath(pathname));
  if (!briefing) throw new Error(`No briefing at ${pathname}`);
  const record = speakerById(briefing.speakerId);
  const override = briefing.configKey ? edition.briefingConfig[briefing.configKey] : undefined;
  const speaker = record && {
    name: override?.speaker?.name ?? record.name,
    title: override?.speaker?.title ?? record.title,
    portrait: override?.speaker?.imgUrl ?? record.portrait,
  };
  const sessions = sessionsOf(edition, briefing.speakerId).map((session) =>
    override?.title && session.type !== "Green room" ? { ...session, title: override.title } : session,
  );
  return { briefing, speaker, sessions, joinTime: joinTimeOf(edition, briefing.speakerId, sessions) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const { briefing, speaker } = briefingAt(location.pathname);
  const name = speaker?.name ?? "Speaker not found";
  return pageMeta({
    title: `Speaker Page: ${name} - ${edition.event.shortName}`,
    description: `Everything ${name} needs for ${edition.event.name}: sessions, when to join the stream, and the links.`,
    path: briefing.path,
    noindex: true,
  });
};

export default function BriefingPage() {
  const { briefing, speaker, sessions, joinTime } = briefingAt(useLocation().pathname);
  const { event } = edition;

  if (!speaker) {
    return (
      <section className="mx-auto max-w-3xl px-6 py-24 text-center">
        <h1 className="text-4xl font-bold">Speaker not found</h1>
        <p className="mt-6">
          <Link to="/" className="text-sky underline underline-offset-4">
            ← Back to conference
          </Link>
        </p>
      </section>
    );
  }

  const firstName = speaker.name.split(" ")[0];
  const importantLinks = [
    { label: "Join Link", href: event.links.streamJoin },
    { label: "Group chat", href: event.links.groupChat },
    { label: "Share Link", href: event.links.broadcast },
    { label: "Website", href: event.siteUrl },
  ];

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-6 py-10">
      <p className="rounded-2xl bg-linear-to-r from-electric to-magenta px-5 py-3 text-center font-display text-lg font-bold">
        Tomorrow is the day!
      </p>
      <header className="flex items-center gap-5">
        <img
          src={speaker.portrait}
          alt={`Portrait of ${speaker.name}`}
          width={400}
          height={400}
          className="size-24 shrink-0 rounded-3xl sm:size-28"
        />
        <div>
          <h1 className="font-display text-4xl font-bold">Hey {firstName}!</h1>
          <p className="text-sky">{speaker.title}</p>
          <div className="mt-2 flex gap-2">
            {briefing.badges.map((badge) => (
              <Badge key={badge}>{badge}</Badge>
            ))}
          </div>
        </div>
      </header>

      {joinTime ? (
        <section aria-labelledby="join-title" className="rounded-3xl border border-line bg-panel p-6">
          <h2 id="join-title" className="text-2xl font-bold">
            When to join
          </h2>
          <p className="mt-2 text-lg">
            {formatShortDate(joinTime, event.timeZone)}: join the stream (virtual green room) at{" "}
            {formatClock(joinTime, event.timeZone)} {event.timeZoneLabel}.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="mb-4 text-2xl font-bold">
          {sessions.length > 1 ? "Your Sessions" : "Your Session"}
        </h2>
        <SessionList sessions={sessions} />
      </section>

      <section aria-labelledby="links-title">
        <h2 id="links-title" className="mb-4 text-2xl font-bold">
          Important Links
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {importantLinks.map((link) => (
            <li key={link.label}>
              <ExternalLink
                href={link.href}
                className="block rounded-2xl border border-line bg-panel px-5 py-4 font-semibold hover:border-white/50"
              >
                {link.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          Loom on how it works (if interested):{" "}
          <ExternalLink href={event.links.walkthrough} className="text-sky underline underline-offset-4">
            Streamyard walkthrough
          </ExternalLink>
        </p>
      </section>

      <p className="text-white/85">
        After the conference: We&apos;ll post/share the recorded videos with you! Stay tuned for that.
      </p>
      <p>
        <Link to="/" className="text-sky underline underline-offset-4">
          ← Back to conference
        </Link>
      </p>
    </div>
  );
}
