import { Link } from "react-router";
import * as content from "../../content";
import { briefingBadgeColour } from "../lib/briefing";
import { displayZoneFor, useDisplayZone } from "../lib/display-zone";
import { participantsText, type ListedSession } from "../lib/speaker-schedule";
import { formatShortDate } from "../lib/time-in-edition-language";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";
import * as m from "../i18n/messages";
import { sessionTypeWords } from "../lib/session-type-words";
import { staggerClass } from "../lib/stagger";

/**
 * A speaker's sessions: time, title, type and who else is in each; they rise in 0.05 s apart (and stand still
 * under reduced motion, see app.css). A speaker page follows the visitor's zone choice and colours types as the
 * agenda does; a briefing keeps to the event's zone and label, writes the date short (5/7/2031), and colours
 * badges by the briefing rule.
 */
export function SessionList({
  sessions,
  variant = "speaker",
}: {
  sessions: ListedSession[];
  variant?: "speaker" | "briefing";
}) {
  const chosenZone = useDisplayZone();
  const briefing = variant === "briefing";
  const zone = briefing ? displayZoneFor("event", "") : chosenZone;
  return (
    <ol className="flex flex-col gap-3 [--stagger-step:50ms]">
      {sessions.map((session, index) => {
        const participants = participantsText(session);
        return (
          <li
            key={session.id}
            className={`animate-rise-in rounded-2xl border border-line bg-panel p-5 ${staggerClass(index)}`}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <p className="font-display font-semibold">
                {briefing ? (
                  <>
                    <span className="mr-1 font-sans font-normal text-muted">
                      {formatShortDate(session.start, content.event.timeZone)}
                    </span>{" "}
                  </>
                ) : null}
                <SessionTime start={session.start} end={session.end} zone={zone} />
              </p>
              {briefing ? (
                <Badge colour={briefingBadgeColour(session.type)}>{sessionTypeWords(session.type)}</Badge>
              ) : (
                <Badge tone={session.type}>{sessionTypeWords(session.type)}</Badge>
              )}
            </div>
            <h3 className="mt-2 text-lg font-bold">
              {session.talkPath ? (
                <Link to={session.talkPath} className="underline-offset-4 hover:underline">
                  {session.title}
                </Link>
              ) : (
                session.title
              )}
            </h3>
            {participants ? <p className="mt-1 text-muted">{m.joinWithParticipants({ names: participants })}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
