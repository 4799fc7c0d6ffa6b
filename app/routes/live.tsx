import { memo, Suspense, useMemo } from "react";
import { isRouteErrorResponse, redirect } from "react-router";
import * as content from "../../content";
import type { Stream } from "../../content";
import { QuestionsSection } from "../components/questions/lazy-questions-section";
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
import { backupStreamOf, sessionsOn, stagePath, stageStatus, streamOf } from "../lib/stage";
import { mainStage } from "../../common/show-contract";
import { useShow } from "../lib/show";
import { onStageSession, showProgramme, stageShow } from "../lib/show-schedule";
import { programmePreloads, useRenderedProgramme, withProgramme } from "../lib/programme";
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
    // What the show may switch the stage to when its own stream fails (issue 44).
    backup: backupStreamOf(content.stage, room?.id) ?? null,
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

/** The stage draws from the programme's file: it is fetched before the page's scripts, not once they have run. */
export const links: Route.LinksFunction = programmePreloads;

export default function Live({ loaderData }: Route.ComponentProps) {
  const { room, stream, backup, hasDemos, presenters } = loaderData;
  // The stage waits for the programme's file inside this boundary, which keeps the prerendered stage until then.
  return (
    <Suspense>
      <Stage
        room={room}
        stream={stream ?? undefined}
        backup={backup ?? undefined}
        hasDemos={hasDemos}
        presenters={presenters}
      />
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
 *
 * All of it as the show runs it (issue 44), once the page has read the show (the prerender and the hydration show
 * the printed programme): the stage's delay, the session on stage by hand, the stream it plays, and the session
 * whose pinned question is on air.
 */
const Stage = memo(function Stage({
  room,
  stream,
  backup,
  hasDemos,
  presenters,
}: {
  room: { id: string; name: string } | null;
  stream: Stream | undefined;
  backup: Stream | undefined;
  hasDemos: boolean;
  presenters: DemoPresenter[];
}) {
  const printed = useRenderedProgramme().sessions;
  const show = useShow(room?.id ?? mainStage);
  const programme = useMemo(() => showProgramme(printed, content.onAirSpans, show), [printed, show]);
  const sessions = sessionsOn(programme.sessions, room?.id);
  const shows = stageShow(show, room?.id ?? mainStage);
  const onStage = onStageSession(sessions, shows);
  const clock = useStageClock(programme.spans);
  const { now } = clock;
  // A session on stage by hand is live whatever the clock says (a pre-show before the first session, say).
  const phase = onStage ? "live" : clock.phase;
  const zone = useDisplayZone();
  const first = sessions[0];
  const status = stageStatus(now, programme.spans, sessions, room?.id, onStage);
  const later = sessions.find((session) => Date.parse(session.start) > now.getTime());
  const current = status?.current?.session;
  // The moderator owns the air: the session whose question is pinned keeps its questions here past its end.
  const asked = sessions.find((session) => session.id === shows.questionSession) ?? current;
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
  // The questions' window is the printed session's: the show moves the session, not when it takes questions.
  const window =
    asked && takesQuestions(asked.type, settings)
      ? questionWindowOf(printed.find((session) => session.id === asked.id) ?? asked, settings)
      : null;
  // The vote's counts are the live day's: a preview of another moment (?now=) shows none (the server's stream would
  // refuse it outside its real window).
  const preview = useHydrated() && previewInstant(document.location.search) !== null;
  const votingOpen = useVotingOpen(hasDemos) && !preview;

  return (
    <>
      <StageHeader title={room ? room.name : m.liveTitle} room={room?.id ?? null} />
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-8 lg:grid-cols-[1fr_20rem]">
        <StagePlayer
          stream={shows.stream === "backup" ? (backup ?? stream) : stream}
          label={label}
          caption={caption}
          slate={shows.stream === "slate"}
        />
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
        {asked && window ? (
          // A session's own section: the next session starts afresh, with its own questions and form.
          <Suspense key={asked.id}>
            <QuestionsSection
              sessionId={asked.id}
              opens={window.opens.toISOString()}
              closes={window.closes.toISOString()}
            />
          </Suspense>
        ) : null}
        {phase === "upcoming" ? <StageProgramme sessions={sessions} zone={zone} /> : null}
        {phase === "over" ? <StageRecordings sessions={sessions} /> : null}
      </div>
    </>
  );
});
