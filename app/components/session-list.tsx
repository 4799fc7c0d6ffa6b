import { Link } from "react-router";
import type { SpeakerSession } from "../lib/speaker-schedule";
import { useDisplayZone } from "../lib/display-zone";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";

/** A speaker's sessions: time, title, type and who else is in each; they rise in 0.05 s apart. */
export function SessionList({ sessions }: { sessions: SpeakerSession[] }) {
  const zone = useDisplayZone();
  return (
    <ol className="flex flex-col gap-3">
      {sessions.map((session, index) => (
        <li
          key={session.id}
          className="animate-rise-in rounded-2xl border border-line bg-panel p-5"
          style={{ animationDelay: `${(index * 0.05).toFixed(2)}s` }}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="font-display font-semibold">
              <SessionTime start={session.start} end={session.end} zone={zone} />
            </p>
            <Badge tone={session.type}>{session.type}</Badge>
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
          {session.others.length > 0 ? (
            <p className="mt-1 text-muted">With {session.others.map((other) => other.name).join(", ")}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
