import * as content from "../../content";
import { GradientBlobs } from "../components/gradient-blobs";
import * as m from "../i18n/messages";
import { useClock } from "../lib/clock";
import { useHydrated } from "../lib/use-hydrated";
import { remainingUntil, twoDigits, wallTimeToday } from "../lib/countdown";
import { pageMeta, titled } from "../lib/seo";
import { zonedHourMinute } from "../../common/time";
import type { PageHandle } from "../root";
import type { Route } from "./+types/countdown";

export const handle: PageHandle = { bare: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.countdownScreenTitle),
    description: m.countdownScreenDescription({ event: content.event.name }),
    path: "/countdown",
    noindex: true,
  });

/** Stream screen: counts down to the opening time, on the streaming computer's clock, every second. */
export default function Countdown() {
  // "--" until the page runs: the build's instant says nothing about when the screen is shown.
  const hydrated = useHydrated();
  const now = useClock((instant) => instant.getTime());
  // The day opens at the stream's first instant's wall-clock time, counted on the streaming computer's own clock.
  const { hour, minute } = zonedHourMinute(content.eventSpan.start, content.event.timeZone);
  const remaining = hydrated
    ? remainingUntil(
        new Date(now),
        wallTimeToday(new Date(now), hour, minute, Intl.DateTimeFormat().resolvedOptions().timeZone),
      )
    : null;

  const units = [
    { label: m.countdownScreenHours, value: remaining ? remaining.hours + remaining.days * 24 : null },
    { label: m.countdownScreenMinutes, value: remaining?.minutes ?? null },
    { label: m.countdownScreenSeconds, value: remaining?.seconds ?? null },
  ];

  return (
    <main className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden px-[4vw] text-center">
      <GradientBlobs className="-z-10" drifting />
      <h1 className="font-display text-[7vw] leading-none font-bold tracking-tight">
        {m.countdownScreenHeading({ name: content.event.shortName.toLocaleUpperCase(m.locale) })}
      </h1>
      <div role="timer" aria-live="off" className="mt-[5vh] flex gap-[3vw]">
        {units.map((unit) => (
          <div key={unit.label} className="flex flex-col items-center">
            <span className="w-[2.2ch] font-display text-[11vw] leading-none font-bold tabular-nums">
              {unit.value === null ? "--" : twoDigits(unit.value)}
            </span>
            <span className="mt-[1vh] text-[1.6vw] font-semibold tracking-[0.3em] text-white/85 uppercase">
              {unit.label}
            </span>
          </div>
        ))}
      </div>
    </main>
  );
}
