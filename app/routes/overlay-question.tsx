import { useMemo } from "react";
import * as content from "../../content";
import { graphicMotion, OverlayFrame } from "../components/overlay-frame";
import * as m from "../i18n/messages";
import { rich } from "../i18n/rich";
import { useClock } from "../lib/clock";
import { liveResources, liveStream, useLive } from "../lib/live-data";
import { overlayLeaveMs, overlayPaths, questionOnAirAfter, sessionOnAir, type QuestionEvent } from "../lib/overlay";
import {
  sessionQuestionEventsUrl,
  takesQuestions,
  type PublicQuestion,
  type QuestionEvents,
} from "../../common/question-contract";
import { pageMeta, titled } from "../lib/seo";
import { useOverlayOptions } from "../lib/use-overlay-options";
import { usePresence } from "../lib/use-presence";
import { useProgramme } from "../lib/programme";
import type { PageHandle } from "../root";
import type { Route } from "./+types/overlay-question";
import { mainStage } from "../../common/show-contract";
import { useShow } from "../lib/show";
import { showProgramme, stageShow } from "../lib/show-schedule";

export const handle: PageHandle = { bare: true, transparent: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.overlayQuestionTitle),
    description: m.overlayQuestionDescription({ event: content.event.name }),
    path: overlayPaths.question,
    noindex: true,
  });

/**
 * The question the moderator has pinned on air, with the asker's name if they gave one. The session is the one
 * named by `?session=`; or else the one whose question the moderator pinned on the room's stage (`?room=`; the
 * show's `questionSession`, which holds past the session's end until the question is unpinned: the moderator owns
 * the air, issue 44); or else the one on air there as the show runs it (its delay, or the session on stage by hand)
 * by the page's clock, once the programme has arrived (lib/programme.ts, fetched for that alone). Its question
 * stream says each pin and unpin as it happens.
 * Nothing shows while no question is on air, and nothing while the stream is away: it is opened again until the
 * server answers.
 */
export default function QuestionOverlay() {
  const options = useOverlayOptions();
  const programme = useProgramme(options !== null && options.session === undefined);
  const show = useShow();
  // The sessions that take the audience's questions: only they can have one on air.
  const asking = useMemo(
    () =>
      programme
        ? showProgramme(programme.sessions, content.onAirSpans, show).sessions.filter((session) =>
            takesQuestions(session.type, content.event.questions),
          )
        : [],
    [programme, show],
  );
  const stage = stageShow(show, options?.room ?? mainStage);
  const byClock = useClock((now) =>
    options ? (sessionOnAir(now, asking, options.room, stage.onStage)?.id ?? "") : "",
  );
  const sessionId = options?.session ?? stage.questionSession ?? byClock;
  const onAir = useOnAirQuestion(sessionId);
  const { shown, leaving } = usePresence(onAir?.id ?? "", onAir, options?.motion ? overlayLeaveMs : 0);

  return (
    <OverlayFrame title={m.overlayQuestionHeading}>
      {shown ? (
        <figure
          key={shown.id}
          data-graphic
          className={`absolute bottom-[96px] left-[96px] flex w-[1400px] ${graphicMotion(options?.motion ?? false, leaving)}`}
        >
          <div aria-hidden="true" className="w-[14px] shrink-0 bg-linear-to-b from-magenta to-electric" />
          <div className="flex-1 bg-ink px-[48px] py-[36px]">
            <p className="text-[26px] font-semibold tracking-[0.2em] text-orchid uppercase">
              {m.overlayQuestionEyebrow}
            </p>
            <blockquote className="mt-[12px] font-display text-[46px] leading-[1.2] font-bold break-words whitespace-pre-line">
              {shown.text}
            </blockquote>
            {shown.name ? (
              <figcaption className="mt-[16px] text-[32px] text-muted">
                {rich(
                  m.overlayQuestionAskedByRich({
                    name: <span className="font-semibold text-white">{shown.name}</span>,
                  }),
                )}
              </figcaption>
            ) : null}
          </div>
        </figure>
      ) : null}
    </OverlayFrame>
  );
}

/** The question on air in each session, as its public question stream tells it: each pin and unpin as it happens. */
const onAirQuestion = liveResources<PublicQuestion | null>((sessionId) => {
  const after =
    <Name extends QuestionEvent["name"]>(name: Name) =>
    (onAir: PublicQuestion | null | undefined, data: QuestionEvents[Name]) =>
      questionOnAirAfter(onAir ?? null, { name, data } as QuestionEvent);
  return {
    stream: liveStream<PublicQuestion | null, QuestionEvents>({
      url: sessionQuestionEventsUrl(sessionId),
      on: { snapshot: after("snapshot"), question: after("question"), removed: after("removed") },
    }),
  };
});

/** The question on air in a session ("" for none). */
function useOnAirQuestion(sessionId: string): PublicQuestion | null {
  return useLive(sessionId === "" ? null : onAirQuestion(sessionId), true).data ?? null;
}
