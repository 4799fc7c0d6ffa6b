import { useEffect, useMemo } from "react";
import * as content from "../../content";
import type { ProgrammeRoom, ProgrammeSession } from "../../content/programme";
import { useClock } from "../lib/clock";
import { useDisplayZone, type DisplayZone } from "../lib/display-zone";
import { liveDay, liveStatus, onAirAt, roomsLive, type LiveStatus, type RoomStatus, type Timed } from "../lib/on-air";
import { useProgramme } from "../lib/programme";
import { programmeDays } from "../../common/programme-days";
import { mainStage } from "../../common/show-contract";
import { usePageShow } from "../lib/show";
import { useShowSchedule } from "../lib/use-show-schedule";
import { useLiveStripWanted } from "../lib/live-strip-wanted";
import { livePath } from "../lib/stage";
import { formatClock } from "../lib/time-in-edition-language";
import * as m from "../i18n/messages";
import { rich } from "../i18n/rich";
import { SessionProgress } from "./session-progress";

/**
 * "Now / next" while a day's programme is live, updated every second; nothing at all before or after it, nor in the
 * night between two days. With rooms, one line per room. It is fixed to the bottom of the window, so appearing
 * after hydration moves nothing on the page. The programme is fetched only while a day is on air (the edition's
 * days on air say when, without it), or while the show runs a stage late (a day may then run past its printed end).
 * All of it as the show runs it (issue 44): each stage's delay and session on stage by hand. `onDaysOnAir` hears the
 * edition's days on air as the show runs them, whenever they change: the home page's island, which has no React of
 * its own, shows its live card by them.
 */
export function LiveStrip({ onDaysOnAir }: { onDaysOnAir?: (spans: readonly Timed[]) => void }) {
  // Nothing in the prerendered HTML, nor outside the days on air.
  const show = usePageShow();
  const schedule = useShowSchedule(show);
  const printed = useProgramme(useLiveStripWanted());
  const programme = useMemo(
    () =>
      printed && {
        ...printed,
        ...(schedule?.showProgramme(printed.sessions, content.onAirSpans, show) ?? {
          sessions: printed.sessions,
          spans: content.onAirSpans,
        }),
      },
    [printed, show, schedule],
  );
  const spans = programme?.spans ?? content.onAirSpans;
  useEffect(() => onDaysOnAir?.(spans), [onDaysOnAir, spans]);
  // Outside a live day the selected value stays 0, so the page does not re-render every second for nothing.
  const now = useClock((instant) => (programme && onAirAt(instant, spans) ? instant.getTime() : 0));
  // Each programme day's sessions, worked out once per programme: the clock asks every second what is on.
  const days = useMemo(
    () => (programme ? programmeDays(programme.sessions, content.event.timeZone).map((day) => day.sessions) : []),
    [programme],
  );
  const zone = useDisplayZone();
  const sessions = programme && now ? liveDay(new Date(now), days) : null;
  if (!programme || !sessions) return null;
  const onStage = (stage: string) => schedule?.onStageSession(sessions, schedule.stageShow(show, stage)) ?? null;

  return (
    <aside
      aria-label={m.liveStripLabel}
      data-live-strip
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/20 bg-ink/95 backdrop-blur-sm"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2.5 sm:gap-6 sm:px-6 sm:py-3">
        {programme.rooms.length > 0 ? (
          <RoomLines
            statuses={roomsLive(new Date(now), sessions, programme.rooms, (room) => onStage(room.id))}
            zone={zone}
          />
        ) : (
          <OneStream status={liveStatus(new Date(now), sessions, onStage(mainStage))} zone={zone} />
        )}
        {/* A plain link, as the titles are: the site's own stage, where the stream plays (decision 043). */}
        <a
          href={livePath}
          className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-full bg-electric px-4 text-sm font-semibold text-white hover:bg-electric-hover sm:px-5 sm:text-base"
        >
          {m.actionWatchLive}
        </a>
      </div>
    </aside>
  );
}

/** A plain link, not the router's: the strip also runs on the home page, which has no router (islands/home). */
function SessionTitle({ title, path }: { title: string; path: string | undefined }) {
  return path ? (
    <a href={path} className="font-semibold text-white underline-offset-4 hover:underline">
      {title}
    </a>
  ) : (
    <span className="font-semibold text-white">{title}</span>
  );
}

function OneStream({ status, zone }: { status: LiveStatus<ProgrammeSession> | null; zone: DisplayZone }) {
  const { current, next } = status ?? { current: null, next: null };
  return (
    <div className="min-w-0 flex-1">
      {current ? (
        <>
          <p className="flex items-baseline gap-x-3">
            <NowLabel />
            <span className="min-w-0 truncate">
              <SessionTitle title={current.session.title} path={current.session.path} />
            </span>
            <span className="shrink-0 font-display font-semibold text-white tabular-nums">{current.timeLeft}</span>
          </p>
          <SessionProgress progress={current.progress} className="my-1.5" />
        </>
      ) : null}
      {next ? (
        <p className="truncate text-sm text-muted">
          <Next session={next} zone={zone} />
        </p>
      ) : null}
    </div>
  );
}

/**
 * One line per room, its name first: what is on and its time left, or what comes next there. On wide screens a
 * room's next session follows the one on air; a phone keeps to the room and the title on air (the word "Now" and
 * the time left would leave the title no room). A room done for the day is left out.
 */
function RoomLines({ statuses, zone }: { statuses: RoomStatus<ProgrammeSession, ProgrammeRoom>[]; zone: DisplayZone }) {
  return (
    <ul className="grid min-w-0 flex-1 grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
      {statuses.map(({ room, current, next }) => (
        <li key={room.id} className="col-span-2 grid grid-cols-subgrid items-baseline">
          <span className="max-w-28 truncate text-sm font-semibold text-white sm:max-w-48">{room.name}</span>
          <span className="flex min-w-0 items-baseline gap-x-3">
            {current ? (
              <>
                <NowLabel compact />
                <span className="min-w-0 truncate">
                  <SessionTitle title={current.session.title} path={current.session.path} />
                </span>
                <span className="hidden shrink-0 font-display font-semibold text-white tabular-nums sm:inline">
                  {current.timeLeft}
                </span>
              </>
            ) : null}
            {next ? (
              <span className={`min-w-0 truncate text-sm text-muted ${current ? "hidden md:inline" : ""}`}>
                <Next session={next} zone={zone} />
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "● NOW"; `compact`, the dot alone below the sm breakpoint (the word stays for screen readers). */
function NowLabel({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-2 text-sm font-bold tracking-widest text-orchid uppercase">
      <span aria-hidden="true" className="size-2 rounded-full bg-magenta" />
      {compact ? <span className="sr-only sm:not-sr-only">{m.liveNow}</span> : m.liveNow}
    </span>
  );
}

function Next({ session, zone }: { session: ProgrammeSession; zone: DisplayZone }) {
  return (
    <>
      {rich(
        m.liveNextRich({
          next: <span className="font-semibold text-white">{m.liveNext}</span>,
          time: formatClock(session.start, zone.timeZone),
          zone: zone.label,
          title: <SessionTitle title={session.title} path={session.path} />,
        }),
      )}
    </>
  );
}
