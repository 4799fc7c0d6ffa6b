import { twoDigits } from "../lib/countdown";
import { useClock } from "../lib/clock";
import { useVisitorZoneAt } from "../lib/visitor-zone";
import { formatClock, formatLongDate } from "../lib/time-in-edition-language";
import { type VotingWindow } from "../../common/voting-window";
import { votingCountdown } from "../lib/voting";
import * as m from "../i18n/messages";

const units = [
  ["days", m.countdownDays],
  ["hours", m.countdownHours],
  ["minutes", m.countdownMinutes],
  ["seconds", m.countdownSeconds],
] as const;

/**
 * Spec §4's voting countdown: days, hours, minutes and seconds to the close (or, before voting begins, to the
 * opening), ticking every second and stopping at zero, then the closing note.
 */
export function VotingCountdown({ window }: { window: VotingWindow }) {
  // Whole seconds since the epoch: one re-render per tick, none in between.
  const second = useClock((now) => Math.floor(now.getTime() / 1000));
  const { phase, remaining } = votingCountdown(new Date(second * 1000), window);
  const opens = window.opens.toISOString();
  // The opening is written out only before voting opens; in the other phases no zone or date is worked out.
  const zone = useVisitorZoneAt(phase === "upcoming" ? opens : null);

  return (
    <section
      aria-labelledby="voting-countdown-title"
      className="relative isolate overflow-hidden rounded-3xl border border-white/15 bg-gradient-to-br from-electric/25 via-panel to-magenta/20 p-6 sm:p-8"
    >
      {phase === "ended" ? (
        <>
          <h2 id="voting-countdown-title" className="font-display text-2xl font-bold sm:text-3xl">
            {m.votingEnded}
          </h2>
          <p className="mt-2 text-lg text-balance text-white/85">{m.votingEndedThanks}</p>
        </>
      ) : (
        <>
          <h2 id="voting-countdown-title" className="font-display text-2xl font-bold sm:text-3xl">
            {phase === "open" ? m.votingClosesIn : m.votingOpensIn}
          </h2>
          {zone ? (
            <p className="mt-2 text-lg text-white/85">
              {m.votingOpensAt({
                date: formatLongDate(opens, zone.timeZone),
                time: formatClock(opens, zone.timeZone),
                zone: zone.label,
              })}
            </p>
          ) : null}
          {/* A timer is not announced on every tick; the heading says what it counts to. */}
          <div role="timer" aria-live="off">
            <dl className="mt-4 grid grid-cols-4 gap-2 sm:flex sm:flex-wrap sm:gap-4">
              {units.map(([unit, word]) => (
                <div
                  key={unit}
                  className="flex min-w-0 flex-col-reverse items-center rounded-2xl border border-white/15 bg-ink/60 px-1 py-3 sm:min-w-28 sm:px-3"
                >
                  <dt className="text-[0.625rem] font-semibold tracking-[0.1em] text-muted uppercase sm:text-xs sm:tracking-[0.2em]">
                    {word}
                  </dt>
                  <dd className="font-display text-3xl font-bold tabular-nums sm:text-5xl">
                    {twoDigits(remaining[unit])}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      )}
    </section>
  );
}
