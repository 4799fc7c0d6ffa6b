import { Link } from "react-router";
import * as content from "../../content";
import type { ProgrammeRoom, ProgrammeSession } from "../../content/programme";
import { Breadcrumb } from "../components/breadcrumb";
import { FavouriteToggle } from "../components/favourite-toggle";
import { LateMark } from "../components/late-mark";
import { PageHeader } from "../components/page-header";
import { SessionTime } from "../components/session-time";
import { TrackMark } from "../components/track-link";
import { Badge } from "../components/ui/badge";
import { ZoneSwitch } from "../components/zone-switch";
import { useDisplayZone, type DisplayZone } from "../lib/display-zone";
import { prerenderedOrNotFound } from "../lib/prerendered-data";
import { pageMeta, titled } from "../lib/seo";
import { sessionTypeWords } from "../lib/session-type-words";
import { formatDayName } from "../lib/time-in-edition-language";
import { trackSchedule } from "../lib/track-schedule";
import { useMovedSessions } from "../lib/use-show-schedule";
import { isChoosable } from "../../common/my-schedule";
import { agendaOfTrack, trackPath } from "../../common/site-paths";
import type { ClientLoaderFunctionArgs, LoaderFunctionArgs } from "react-router";
import * as m from "../i18n/messages";

/**
 * Runs at build time only, for the prerendered tracks (page-list.ts lists those with sessions): the track and its
 * own sessions, day by day, in the agenda's compact form. The page's data grows with its track, never with the
 * programme, and the browser holds no copy of the agenda to work it out.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const schedule = params.track ? trackSchedule(content, params.track, content.event.timeZone) : undefined;
  if (!schedule || schedule.days.length === 0) throw new Error(`No track with sessions has the slug ${params.track}`);
  const count = schedule.days.reduce((sum, day) => sum + day.sessions.length, 0);
  return {
    ...schedule,
    count,
    description: m.trackDescription({ track: schedule.track.name, event: content.event.name, count }),
  };
}

/** On client-side navigation: the track's prerendered data, or the not-found page for an unknown slug. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return prerenderedOrNotFound(serverLoader);
}

/**
 * What the loader gives. The route exists only in an edition with tracks, so React Router's generated types, made
 * for the edition being checked, may not have it: the module states its own.
 */
type LoaderData = ReturnType<typeof loader>;

export const meta = ({ loaderData }: { loaderData: LoaderData }) =>
  pageMeta({
    title: titled(m.trackTitle({ track: loaderData.track.name })),
    description: loaderData.description,
    path: trackPath(loaderData.track.slug),
  });

export default function TrackPage({ loaderData }: { loaderData: LoaderData }) {
  const { track, days, rooms, count } = loaderData;
  const zone = useDisplayZone();
  const moved = useMovedSessions();
  return (
    <>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            trail={[
              { label: m.navHome, to: "/" },
              { label: m.navAgenda, to: "/agenda" },
            ]}
            current={track.name}
          />
        }
        eyebrow={<Badge>{m.talkTrack}</Badge>}
        title={track.name}
        media={<TrackMark track={track} className="size-10 sm:size-14" />}
      >
        <p>{m.trackSummary({ count, days: days.length })}</p>
        <p className="mt-4">
          <Link
            to={agendaOfTrack(track.slug)}
            className="font-semibold text-sky underline underline-offset-4 hover:text-white"
          >
            {m.trackOnAgenda}
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-6 py-10 sm:py-12">
        <ZoneSwitch />
        {days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}-title`}>
            <h2 id={`day-${day.date}-title`} className="mb-5 text-2xl font-bold sm:text-3xl">
              {formatDayName(day.date, "long")}
            </h2>
            <ol className="flex flex-col gap-3">
              {day.sessions.map((session) => (
                <TrackSession
                  key={session.id}
                  session={session}
                  day={day.date}
                  zone={zone}
                  rooms={rooms}
                  moved={moved.get(session.id)}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </>
  );
}

/**
 * One session of the track, in time order through its day, its room named on it: a visitor follows a track from
 * one session to the next, wherever it is held, so the day reads as a sequence rather than room by room (a track
 * of an imported programme moves between rooms; one that keeps to a room names the same on each). A card is laid
 * out only as it nears the screen: a track of a large programme holds dozens (decision 088).
 */
function TrackSession({
  session,
  day,
  zone,
  rooms,
  moved,
}: {
  session: ProgrammeSession;
  day: string;
  zone: DisplayZone;
  rooms: ProgrammeRoom[];
  /** The minutes the show moved it, if it did. */
  moved: number | undefined;
}) {
  const room = rooms.find((candidate) => candidate.id === session.room);
  const people = session.speakers.map((speaker) => speaker.name).join(m.listSeparator);
  return (
    <li className="grid gap-x-6 gap-y-2 rounded-2xl border border-line bg-panel p-5 [contain-intrinsic-size:auto_12rem] [content-visibility:auto] sm:grid-cols-[12rem_1fr]">
      <div className="flex flex-wrap items-start justify-between gap-2 sm:flex-col sm:justify-start">
        <p className="font-display font-semibold">
          <SessionTime start={session.start} end={session.end} zone={zone} day={day} />
          <LateMark minutes={moved} className="mt-1" />
        </p>
        {room ? (
          <p className="text-sm font-semibold text-sky">
            <span className="sr-only">{m.agendaRoomPrefix}</span>
            {room.name}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-start gap-2">
        <h3 className="text-lg font-bold text-balance">
          {session.path ? (
            <Link to={session.path} className="underline decoration-white/30 underline-offset-4 hover:decoration-white">
              {session.title}
            </Link>
          ) : (
            session.title
          )}
        </h3>
        {people || session.host ? (
          <p className="text-white/85">
            {people}
            {session.host ? (
              <span className="block text-sm text-muted">{m.agendaHostedBy({ name: session.host })}</span>
            ) : null}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={session.type}>{sessionTypeWords(session.type)}</Badge>
          {isChoosable(session) ? <FavouriteToggle id={session.id} title={session.title} /> : null}
        </div>
      </div>
    </li>
  );
}
