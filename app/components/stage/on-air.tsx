import type { ProgrammePerson, ProgrammeSession } from "../../../content/programme";
import type { LiveStatus } from "../../lib/on-air";
import type { DisplayZone } from "../../lib/display-zone";
import { formatClock, formatLongDate } from "../../lib/time-in-edition-language";
import { LateMark } from "../late-mark";
import { SessionProgress } from "../session-progress";
import * as m from "../../i18n/messages";

/** A session's title, linking to its talk page when it has one (a break has none). */
export function SessionTitle({ session }: { session: Pick<ProgrammeSession, "title" | "path"> }) {
  return session.path ? (
    <a href={session.path} className="font-semibold text-white underline underline-offset-4 hover:text-sky">
      {session.title}
    </a>
  ) : (
    <span className="font-semibold text-white">{session.title}</span>
  );
}

/**
 * What a stage shows of a session: a stage's own (its loader's) or the programme's (the rooms' overview), as the show
 * runs it (its instants moved, and by how much: show-schedule.ts).
 */
type Shown = Pick<ProgrammeSession, "title" | "start" | "end" | "path"> & {
  speakers: readonly Pick<ProgrammePerson, "name">[];
  moved?: number;
};

function Speakers({ session }: { session: Shown }) {
  const names = session.speakers.map((speaker) => speaker.name);
  return names.length > 0 ? <p className="text-muted">{names.join(", ")}</p> : null;
}

/**
 * Now and next on one stage: the session on air, its speakers, its time left and progress, then the next one. When
 * the stage has nothing on (between two days, or done for the day), what comes next on it, if anything.
 */
export function OnAir({
  status,
  later,
  zone,
}: {
  status: LiveStatus<Shown> | null;
  /** The stage's first session after now, for when nothing is on. */
  later: Shown | undefined;
  zone: DisplayZone;
}) {
  const { current, next } = status ?? { current: null, next: null };
  const upcoming = next ?? later;
  return (
    <div className="flex flex-col gap-5">
      {current ? (
        <div className="flex flex-col gap-2">
          <p className="flex items-center justify-between gap-3">
            <span className="inline-flex items-center gap-2 text-sm font-bold tracking-widest text-orchid uppercase">
              <span aria-hidden="true" className="size-2 rounded-full bg-magenta" />
              {m.liveNow}
            </span>
            <span className="font-display font-semibold text-white tabular-nums">{current.timeLeft}</span>
          </p>
          <p className="text-xl leading-snug">
            <SessionTitle session={current.session} />
          </p>
          <Speakers session={current.session} />
          <LateMark minutes={current.session.moved} />
          <SessionProgress progress={current.progress} />
        </div>
      ) : (
        <p className="text-lg text-white/85">{m.liveNothingOnAir}</p>
      )}
      {upcoming ? (
        <div className="flex flex-col gap-1 border-t border-line pt-4">
          <p className="text-sm font-bold tracking-widest text-muted uppercase">{m.liveNext}</p>
          <p>
            <SessionTitle session={upcoming} />
          </p>
          <p className="text-sm text-muted">
            {/* Later today needs no date; another day does. */}
            {next
              ? m.liveNextTime({ time: formatClock(upcoming.start, zone.timeZone), zone: zone.label })
              : m.liveNextWhen({
                  date: formatLongDate(upcoming.start, zone.timeZone),
                  time: formatClock(upcoming.start, zone.timeZone),
                  zone: zone.label,
                })}
          </p>
          <LateMark minutes={upcoming.moved} className="mt-1" />
        </div>
      ) : null}
    </div>
  );
}
