import { useMemo } from "react";
import * as content from "../../content";
import type { ProgrammePerson } from "../../content/programme";
import { graphicMotion, OverlayFrame } from "../components/overlay-frame";
import * as m from "../i18n/messages";
import { useClock } from "../lib/clock";
import { overlayLeaveMs, overlayPaths, sessionOnAir } from "../lib/overlay";
import { pageMeta, titled } from "../lib/seo";
import { useOverlayOptions } from "../lib/use-overlay-options";
import { usePresence } from "../lib/use-presence";
import { useProgramme } from "../lib/programme";
import type { PageHandle } from "../root";
import type { Route } from "./+types/overlay-lower-third";
import { mainStage } from "../../common/show-contract";
import { useShow } from "../lib/show";
import { showProgramme, stageShow } from "../lib/show-schedule";
import { sessionTypeWords } from "../lib/session-type-words";

export const handle: PageHandle = { bare: true, transparent: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.overlayLowerThirdTitle),
    description: m.overlayLowerThirdDescription({ event: content.event.name }),
    path: overlayPaths.lowerThird,
    noindex: true,
  });

/**
 * The session on air in the room (`?room=`; none for an edition with one stream) by the page's clock (or `?now=`),
 * as the show runs the room's stage (its delay, or the session on stage by hand: issue 44), with its speakers. It changes at each session boundary, the old graphic going out before the new comes in;
 * nothing shows while nothing is on (before, after, between sessions, in a break, or for a room the edition lacks),
 * nor before the programme has arrived (lib/programme.ts).
 */
export default function LowerThird() {
  const options = useOverlayOptions();
  const room = options?.room;
  const programme = useProgramme();
  const show = useShow();
  // Breaks show nothing: the stream shows its be-right-back screen then, and a break has nobody to name.
  const named = useMemo(
    () =>
      programme
        ? showProgramme(programme.sessions, content.onAirSpans, show).sessions.filter(
            (session) => session.type !== "Break",
          )
        : [],
    [programme, show],
  );
  const roomName = programme?.rooms.find((candidate) => candidate.id === room)?.name;
  const onStage = stageShow(show, room ?? mainStage).onStage;
  const sessionId = useClock((now) => (options ? (sessionOnAir(now, named, room, onStage)?.id ?? "") : ""));
  const session = named.find((candidate) => candidate.id === sessionId) ?? null;
  const { shown, leaving } = usePresence(sessionId, session, options?.motion ? overlayLeaveMs : 0);

  return (
    <OverlayFrame title={roomName ? m.overlayLowerThirdHeadingRoom({ room: roomName }) : m.overlayLowerThirdHeading}>
      {shown ? (
        <div
          key={shown.id}
          data-graphic
          className={`absolute bottom-[96px] left-[96px] flex max-w-[1400px] ${graphicMotion(options?.motion ?? false, leaving)}`}
        >
          <div aria-hidden="true" className="w-[14px] shrink-0 bg-linear-to-b from-electric to-magenta" />
          <div className="bg-ink px-[48px] py-[32px]">
            <p className="text-[26px] font-semibold tracking-[0.2em] text-orchid uppercase">
              {roomName ?? content.event.shortName} · {sessionTypeWords(shown.type)}
            </p>
            <p className="mt-[8px] line-clamp-2 font-display text-[60px] leading-[1.1] font-bold">{shown.title}</p>
            <Speakers speakers={shown.speakers} />
          </div>
        </div>
      ) : null}
    </OverlayFrame>
  );
}

/** Each speaker's name, and their title where the edition gives one. */
function Speakers({ speakers }: { speakers: ProgrammePerson[] }) {
  if (speakers.length === 0) return null;
  return (
    <ul className="mt-[16px] flex flex-wrap gap-x-[40px] gap-y-[4px] text-[32px] leading-tight">
      {speakers.map((speaker, index) => (
        // The programme names people, not ids; a session's list never changes order (each session's graphic is its own).
        <li key={index}>
          <span className="font-semibold">{speaker.name}</span>
          {speaker.title ? <span className="text-muted">, {speaker.title}</span> : null}
        </li>
      ))}
    </ul>
  );
}
