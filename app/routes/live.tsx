import { memo, Suspense } from "react";
import { isRouteErrorResponse, redirect } from "react-router";
import * as content from "../../content";
import type { Stream } from "../../content";
import { QuestionsSection } from "../components/questions/questions-section";
import { OnAir } from "../components/stage/on-air";
import { StagePlayer } from "../components/stage/stage-player";
import { StageProgramme, StageRecordings, StartCountdown } from "../components/stage/stage-programme";
import { StageTopDemos } from "../components/stage/stage-top-demos";
import { StageHeader } from "../components/stage/stage-header";
import { useDisplayZone } from "../lib/display-zone";
import { normalisePath, speakerById } from "../lib/lookups";
import { demoPresenters, type DemoPresenter } from "../lib/ranking";
import { useStageClock } from "../lib/stage-clock";
import { questionWindowOf, takesQuestions } from "../../common/question-contract";
import { pageMeta, titled } from "../lib/seo";
import { sessionsOn, stagePath, stageStatus, streamOf } from "../lib/stage";
import { programmePreload, useRenderedProgramme, withProgramme } from "../lib/programme";
import { formatClock, formatLongDate } from "../lib/time-in-edition-language";
import { previewInstant } from "../lib/preview";
import { useHydrated } from "../lib/use-hydrated";
import { useVotingOpen } from "../lib/use-top-demos";
import type { Route } from "./+types/live";
import * as m from "../i18n/messages";

/**
 * Runs at build time only: one module serves the stage of an edition with one stream (/live) and every room's stage
 * (/live/:room, one route whatever the number of rooms: routes.ts), and the room in the path picks the room. /live of
 * an edition with rooms is the rooms' overview (live-overview.tsx). The stage's sessions come from the programme's
 * file (lib/programme.ts), as the agenda's do: a room of a large conference has a hundred.
 */
export function loader({ url }: Route.LoaderArgs) {
  // By the path rather than the route's parameter: an edition with one stream has no route with one.
  const path = normalisePath(url.pathname);
  const room = content.rooms.find((candidate) => stagePath(candidate.id) === path);
  return {
    room: room ? { id: room.id, name: room.name } : null,
    stream: streamOf(content.stage, room?.id) ?? null,
    // Whether there is a demo vote to show: a flag, so that the page does not carry the demos' catalogue.
    hasDemos: content.demos.length > 0,
    // Whom the top demos name: the demos' presenters, not every speaker.
    presenters: demoPresenters(content.demos, speakerById),
    // Said here, at build time, for the head alone: the words stay out of the page's script (its budget is tight).
    description: room
      ? m.liveRoomDescription({ room: room.name, event: content.event.name })
      : m.liveDescription({ event: content.event.name }),
  };
}

/**
 * On client-side navigation: a room's prerendered data, or the not-found page for a room the edition lacks (the
 * build wrote no data for it, and the server answers 404, as it does for the page).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await withProgramme(serverLoader);
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) return redirect("/404");
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { room, description } = loaderData;
  return pageMeta({
    title: titled(room ? m.liveRoomTitle({ room: room.name }) : m.liveTitle),
    description,
    path: stagePath(room?.id),
  });
};

/** The stage draws from the programme's file: it is fetched as the page loads, not after its script. */
export const links: Route.LinksFunction = () => [programmePreload];

export default function Live({ loaderData }: Route.ComponentProps) {
  const { room, stream, hasDemos, presenters } = loaderData;
  // The stage waits for the programme's file inside this boundary, which keeps the prerendered stage until then.
  return (
    <Suspense>
      <Stage room={room} stream={stream ?? undefined} hasDemos={hasDemos} presenters={presenters} />
    </Suspense>
  );
}

/** A session's day and start, in the visitor's zone, for the words around them. */
function when(start: string, zone: ReturnType<typeof useDisplayZone>) {
  return { date: formatLongDate(start, zone.timeZone), time: formatClock(start, zone.timeZone), zone: zone.label };
}

/**
 * One stage: the stream, now and next there, the session's questions and, while the demo vote is open, its top
 * three. Before the edition, the countdown and the stage's programme; after it, the recordings. `memo`: the page's
 * data is all that changes it, so nothing from above re-renders it while it waits for the programme.
 */
const Stage = memo(function Stage({
  room,
  stream,
  hasDemos,
  presenters,
}: {
  room: { id: string; name: string } | null;
  stream: Stream | undefined;
  hasDemos: boolean;
  presenters: DemoPresenter[];
}) {
  const sessions = sessionsOn(useRenderedProgramme().sessions, room?.id);
  const { now, phase } = useStageClock();
  const zone = useDisplayZone();
  const first = sessions[0];
  const status = stageStatus(now, content.onAirSpans, sessions, room?.id);
  const later = sessions.find((session) => Date.parse(session.start) > now.getTime());
  const current = status?.current?.session;
  const label = room ? room.name : content.event.name;
  const caption =
    phase === "upcoming" && first
      ? m.liveStarts(when(first.start, zone))
      : phase === "over"
        ? m.liveEnded
        : phase === "between" && later
          ? m.liveBack(when(later.start, zone))
          : (current?.title ?? m.liveStream);
  const settings = content.event.questions;
  const window = current && takesQuestions(current.type, settings) ? questionWindowOf(current, settings) : null;
  // The vote's counts are the live day's: a preview of another moment (?now=) shows none (the server's stream would
  // refuse it outside its real window).
  const preview = useHydrated() && previewInstant(document.location.search) !== null;
  const votingOpen = useVotingOpen(hasDemos) && !preview;

  return (
    <>
      <StageHeader title={room ? room.name : m.liveTitle} room={room?.id ?? null} />
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-8 lg:grid-cols-[1fr_20rem]">
        <StagePlayer stream={stream} label={label} caption={caption} />
        <aside
          aria-label={m.liveOnThisStage}
          className="flex h-fit flex-col gap-5 rounded-3xl border border-line bg-panel p-6"
        >
          {phase === "upcoming" && first ? (
            <StartCountdown now={now} start={first.start} />
          ) : phase === "over" ? (
            <p className="text-lg text-white/85">{m.liveThanks}</p>
          ) : (
            <OnAir status={status} later={later} zone={zone} />
          )}
          {votingOpen ? <StageTopDemos presenters={presenters} /> : null}
        </aside>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-6 pb-16">
        {current && window ? (
          // A session's own section: the next session starts afresh, with its own questions and form.
          <QuestionsSection
            key={current.id}
            sessionId={current.id}
            opens={window.opens.toISOString()}
            closes={window.closes.toISOString()}
          />
        ) : null}
        {phase === "upcoming" ? <StageProgramme sessions={sessions} zone={zone} /> : null}
        {phase === "over" ? <StageRecordings sessions={sessions} /> : null}
      </div>
    </>
  );
});
