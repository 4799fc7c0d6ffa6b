import { useMemo } from "react";
import { Link } from "react-router";
import * as content from "../../content";
import { compactProgramme, type ProgrammeSession } from "../../content/programme";
import { OnAir } from "../components/stage/on-air";
import { StageHeader } from "../components/stage/stage-header";
import { StartCountdown } from "../components/stage/stage-programme";
import * as m from "../i18n/messages";
import { builtInstant } from "../lib/clock";
import { useDisplayZone } from "../lib/display-zone";
import { useProgramme } from "../lib/programme";
import { pageMeta, titled } from "../lib/seo";
import { sessionsOn, stagePath, stageStatus } from "../lib/stage";
import { stageInstant, useStageClock } from "../lib/stage-clock";
import { usePageShow } from "../lib/show";
import { onStageSession, showProgramme, stageShow, type ShownProgramme } from "../lib/show-schedule";
import type { ShowState } from "../../common/show-contract";

/**
 * What a room's card shows at an instant: what is on there now and next, and its first session after now for when
 * nothing is on; as the show runs it (`programme`, and the room's session on stage by hand).
 */
function roomOnAir(now: Date, programme: ShownProgramme<ProgrammeSession>, room: string, show: ShowState | undefined) {
  const own = sessionsOn(programme.sessions, room);
  return {
    status: stageStatus(now, programme.spans, own, room, onStageSession(own, stageShow(show, room))),
    later: own.find((session) => Date.parse(session.start) > now.getTime()) ?? null,
  };
}

type RoomOnAir = ReturnType<typeof roomOnAir>;

/**
 * /live of an edition with rooms (routes.ts): what is on in each room and the way to its stage. A module of its
 * own, so that it carries none of a stage's parts (the player, the questions, the vote), and a stage none of its.
 * The rooms' status follows the programme, which the page fetches once it runs (lib/programme.ts); until then (in
 * the prerendered HTML, and while it hydrates) each room shows what this loader worked out as of the build.
 */
export function loader() {
  const { sessions } = compactProgramme(content);
  const now = stageInstant(builtInstant(), content.onAirSpans);
  const printed = { sessions, spans: content.onAirSpans };
  return {
    rooms: content.rooms.map(({ id, name }) => ({ id, name, atBuild: roomOnAir(now, printed, id, undefined) })),
    // Said at build time, for the head alone (as on a room's stage).
    description: m.liveDescription({ event: content.event.name }),
  };
}

/**
 * What the loader gives. The route exists only in an edition with rooms, so React Router's generated types, made
 * for the edition being checked, may not have it: the module states its own.
 */
type LoaderData = ReturnType<typeof loader>;

export const meta = ({ loaderData }: { loaderData: LoaderData }) =>
  pageMeta({ title: titled(m.liveTitle), description: loaderData.description, path: stagePath() });

/** /live of an edition with rooms: each room, what is on there now and next, and the way to its stage. */
export default function RoomOverview({ loaderData }: { loaderData: LoaderData }) {
  const { rooms } = loaderData;
  const printed = useProgramme();
  const show = usePageShow();
  const programme = useMemo(
    () => printed && showProgramme(printed.sessions, content.onAirSpans, show),
    [printed, show],
  );
  const { now, phase } = useStageClock(programme?.spans ?? content.onAirSpans);
  const zone = useDisplayZone();
  return (
    <>
      <StageHeader title={m.liveTitle} room={null} />
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-8 pb-16">
        {phase === "upcoming" ? <StartCountdown now={now} start={content.eventSpan.start} /> : null}
        {phase === "over" ? <p className="text-lg text-white/85">{m.liveThanks}</p> : null}
        <ul className="grid gap-6 md:grid-cols-2">
          {rooms.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
              onAir={programme ? roomOnAir(now, programme, room.id, show) : room.atBuild}
              zone={zone}
            />
          ))}
        </ul>
      </div>
    </>
  );
}

function RoomCard({
  room,
  onAir: { status, later },
  zone,
}: {
  room: { id: string; name: string };
  onAir: RoomOnAir;
  zone: ReturnType<typeof useDisplayZone>;
}) {
  return (
    <li className="flex flex-col gap-5 rounded-3xl border border-line bg-panel p-6">
      <h2 className="font-display text-2xl font-bold">{room.name}</h2>
      {later || status ? (
        <OnAir status={status} later={later ?? undefined} zone={zone} />
      ) : (
        <p className="text-white/85">{m.liveNothingMore}</p>
      )}
      <p className="mt-auto">
        {/* Loads the page: a stage's security policy, which admits its stream, travels in its own document. */}
        <Link
          reloadDocument
          to={stagePath(room.id)}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-electric px-6 py-3 font-semibold text-white transition-colors hover:bg-electric-hover"
        >
          {m.liveGoToStage({ room: room.name })}
        </Link>
      </p>
    </li>
  );
}
