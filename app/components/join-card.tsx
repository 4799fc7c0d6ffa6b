import type { ReactNode } from "react";
import type { TimelineStep } from "../lib/briefing";
import { participantsText } from "../lib/speaker-schedule";
import { CalendarLink } from "./calendar-link";
import { ButtonLink } from "./ui/button-link";
import * as m from "../i18n/messages";

/**
 * When to join, where and with whom, and the calendar file: what a speaker needs the evening before, in one box
 * that sits near the top on a phone.
 */
export function JoinCard({
  steps,
  note,
  joinHref,
  calendarHref,
  children,
}: {
  steps: TimelineStep[];
  /** The line under the heading: the date and the zone the times are in. */
  note: ReactNode;
  joinHref: string;
  calendarHref: string;
  /** More actions below the two main ones, such as sharing. */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="join-title"
      className="rounded-3xl border border-electric/70 bg-panel px-4 py-5 shadow-[0_0_60px_-20px] shadow-electric sm:p-6"
    >
      <h2 id="join-title" className="text-2xl font-bold">
        {m.joinWhen}
      </h2>
      <p className="mt-1 text-sm text-muted">{note}</p>
      <ol className="mt-5 flex flex-col gap-4 border-l-2 border-electric/70 pl-5">
        {steps.map((step) => (
          <li key={`${step.time} ${step.what}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-2 -left-[1.72rem] size-3 rounded-full bg-electric ring-4 ring-panel"
            />
            <p className="text-lg leading-snug text-balance">
              {/* The time opens the line, so it wraps only when it cannot fit at all, as a day's date added to it
                  ("10:30am - 12:00pm UTC (Wed, Dec 16)") cannot on a phone. */}
              <span className="font-display font-bold text-white">{step.time}</span>{" "}
              <span className="text-white/85">{step.what}</span>
            </p>
            {step.session && step.session.type !== "Green room" ? (
              <p className="mt-1 font-semibold text-balance">{step.session.title}</p>
            ) : null}
            {step.session && participantsText(step.session) ? (
              <p className="text-muted">{m.joinWithParticipants({ names: participantsText(step.session) })}</p>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap lg:flex-col">
        <ButtonLink href={joinHref}>{m.joinStream}</ButtonLink>
        <CalendarLink href={calendarHref}>{m.joinCalendar}</CalendarLink>
        {children}
      </div>
    </section>
  );
}
