import { Link } from "react-router";
import * as content from "../../content";
import type { AgendaSlot } from "../../content";
import { OnAir } from "../components/stage/on-air";
import { StageHeader } from "../components/stage/stage-header";
import { StartCountdown } from "../components/stage/stage-programme";
import * as m from "../i18n/messages";
import { useDisplayZone } from "../lib/display-zone";
import { pageMeta, titled } from "../lib/seo";
import { sessionsOn, stagePath, stageStatus } from "../lib/stage";
import { stageDays, useStageClock } from "../lib/stage-clock";

/**
 * /live of an edition with rooms (routes.ts): what is on in each room and the way to its stage. A module of its
 * own, so that it carries none of a stage's parts (the player, the questions, the vote), and a stage none of its.
 */
export function loader() {
  return {
    rooms: content.rooms.map(({ id, name }) => ({ id, name })),
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
  const { now, phase } = useStageClock();
  const zone = useDisplayZone();
  const first = content.agenda[0];
  return (
    <>
      <StageHeader title={m.liveTitle} room={null} />
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-8 pb-16">
        {phase === "upcoming" && first ? <StartCountdown now={now} start={first.start} /> : null}
        {phase === "over" ? <p className="text-lg text-white/85">{m.liveThanks}</p> : null}
        <ul className="grid gap-6 md:grid-cols-2">
          {rooms.map((room) => (
            <RoomCard key={room.id} room={room} now={now} zone={zone} />
          ))}
        </ul>
      </div>
    </>
  );
}

function RoomCard({
  room,
  now,
  zone,
}: {
  room: { id: string; name: string };
  now: Date;
  zone: ReturnType<typeof useDisplayZone>;
}) {
  const status = stageStatus(now, stageDays, room.id);
  const later: AgendaSlot | undefined = sessionsOn(content.agenda, room.id).find(
    (session) => Date.parse(session.start) > now.getTime(),
  );
  return (
    <li className="flex flex-col gap-5 rounded-3xl border border-line bg-panel p-6">
      <h2 className="font-display text-2xl font-bold">{room.name}</h2>
      {later || status ? (
        <OnAir status={status} later={later} zone={zone} />
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
