import * as content from "../../../content";
import type { ProgrammeSession } from "../../../content/programme";
import { startCountdown } from "../../lib/countdown";
import type { DisplayZone } from "../../lib/display-zone";
import { programmeDays } from "../../../common/programme-days";
import { formatLongDate, formatTimeRange } from "../../lib/time-in-edition-language";
import { ExternalLink } from "../external-link";
import { Badge } from "../ui/badge";
import { SessionTitle } from "./on-air";
import * as m from "../../i18n/messages";
import { sessionTypeWords } from "../../lib/session-type-words";

/** Before the edition: how long until the stage's first session, in days, hours and minutes. */
export function StartCountdown({ now, start }: { now: Date; start: string }) {
  const parts = startCountdown(now, new Date(start));
  return (
    <p className="text-lg text-white/85">
      {m.stageStartsIn}{" "}
      {parts.map((part) => (
        <span key={part.unit} className="whitespace-nowrap">
          <span className="font-display text-2xl font-bold text-white tabular-nums">{part.value}</span>{" "}
          {part.label}{" "}
        </span>
      ))}
    </p>
  );
}

/** Before the edition: the stage's sessions, day by day, each linking to its page. */
export function StageProgramme({ sessions, zone }: { sessions: ProgrammeSession[]; zone: DisplayZone }) {
  const days = programmeDays(sessions, content.event.timeZone);
  return (
    <section aria-labelledby="stage-programme-title" className="flex flex-col gap-5">
      <h2 id="stage-programme-title" className="text-2xl font-bold">
        {m.stageProgramme}
      </h2>
      {days.map((day) => (
        <div key={day.date} className="flex flex-col gap-3">
          {days.length > 1 ? (
            <h3 className="text-lg font-semibold">{formatLongDate(day.sessions[0]?.start ?? "", zone.timeZone)}</h3>
          ) : null}
          <ol className="flex flex-col divide-y divide-line rounded-3xl border border-line bg-panel">
            {day.sessions.map((session) => (
              <li key={session.id} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                <span className="shrink-0 text-sm text-muted tabular-nums sm:w-44">
                  {formatTimeRange(session.start, session.end, zone.timeZone)} {zone.label}
                </span>
                <span className="min-w-0 flex-1">
                  <SessionTitle session={session} />
                </span>
                <Badge tone={session.type}>{sessionTypeWords(session.type)}</Badge>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

/**
 * After the edition: each session's recording, as the talk pages link them (decision 025: a link to the video's
 * page, never an embedded player). Until an organiser adds them, the edition's page of recordings.
 */
export function StageRecordings({ sessions }: { sessions: ProgrammeSession[] }) {
  const recorded = sessions.filter((session) => session.recording !== undefined);
  return (
    <section aria-labelledby="stage-recordings-title" className="flex flex-col gap-5">
      <h2 id="stage-recordings-title" className="text-2xl font-bold">
        {m.stageRecordings}
      </h2>
      {recorded.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-3xl border border-line bg-panel">
          {recorded.map((session) => (
            <li key={session.id} className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <span className="min-w-0 flex-1">
                <SessionTitle session={session} />
              </span>
              <ExternalLink
                href={session.recording}
                className="shrink-0 font-semibold text-sky underline underline-offset-4 hover:text-white"
              >
                {m.actionWatchTheRecording}
                <span className="sr-only">{m.stageRecordingOf({ title: session.title })}</span>
              </ExternalLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-white/85">
          {m.stageRecordingsFollow}{" "}
          <ExternalLink
            href={content.event.links.watch}
            className="font-semibold text-sky underline underline-offset-4 hover:text-white"
          >
            {m.actionWatchRecording}
          </ExternalLink>
        </p>
      )}
    </section>
  );
}
