import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import * as content from "../../../content";
import * as m from "../../i18n/messages";
import { programmeDays } from "../../../common/programme-days";
import {
  adminShowUrl,
  delayLimits,
  streamSources,
  type ShowAction,
  type ShowState,
  type StageShow,
  type StreamSource,
} from "../../../common/show-contract";
import type { ProgrammeSession } from "../../../content/programme";
import { useClock } from "../../lib/clock";
import { useDisplayZone } from "../../lib/display-zone";
import { apiRequest } from "../../lib/live-data";
import { bearer, reasonOf, short } from "../../lib/moderator-stream";
import { useProgramme } from "../../lib/programme";
import { showAnswered } from "../../lib/page-show";
import { storedValue, useStored } from "../../lib/stored-value";
import { usePageShow } from "../../lib/show";
import {
  changedSince,
  clampDelay,
  controlStages,
  defaultDelayFrom,
  hasBackupStream,
  runsAsPrinted,
  stageShow,
  undoOf,
  type ControlStage,
  type Send,
} from "../../lib/show-control";
import { formatClock, formatLongDate } from "../../lib/time-in-edition-language";
import { AnnouncementControl } from "./announcement-control";
import { ViewersPanel } from "./viewers-panel";
import { field, primary, secondary } from "../ui/control-styles";

/** The stage this tab runs, kept for the tab as the moderator's token is: a reload on a phone keeps to it. */
const storedStage = storedValue(
  `show-stage:${content.editionId}`,
  (raw) => raw ?? "",
  () => sessionStorage,
);

/** What the last action did, said where it was made, with the action that undoes it (none after a failure). */
interface Outcome {
  /** The part of the control room it came from: a stage's id, or "announcement". */
  where: string;
  message: string;
  undo: Undo | null;
}

/** The action that undoes another (`done`), and the show as `done`'s answer left it. */
interface Undo {
  action: ShowAction;
  done: ShowAction;
  after: ShowState;
}

/**
 * The show's part of /moderate (issue 44): per stage, running late, on stage by hand and the stream; the
 * announcement; the viewers. Every action says what it changed beside the control that made it, with an Undo that
 * sends the action putting back what was there before; a screen reader hears the same words once, from one live
 * region. The stages and their sessions come with the programme (lib/programme.ts), not in the page's script.
 */
export default function ShowControl({ token }: { token: string }) {
  const programme = useProgramme();
  const show = usePageShow();
  const stages = useMemo(() => (programme ? controlStages(programme) : []), [programme]);
  // One stage's controls at a time: a conference of 35 rooms would be 35 screens long on a phone.
  const pickedStage = useStored(storedStage);
  const stage = stages.find((candidate) => candidate.id === pickedStage) ?? stages[0];
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One action at a time: the next starts from the state the last one answered.
  const sending = useRef(false);

  const describe = (action: ShowAction): string => {
    const stage = "stage" in action ? stages.find((candidate) => candidate.id === action.stage) : undefined;
    const stageName = stage?.name ?? m.showTheStream;
    const title = (id: string) => stage?.sessions.find((session) => session.id === id)?.title ?? id;
    switch (action.action) {
      case "delay":
        return action.minutes === 0
          ? m.showDoneOnTime({ stage: stageName })
          : (action.minutes > 0 ? m.showDoneLate : m.showDoneEarly)({
              stage: stageName,
              minutes: Math.abs(action.minutes),
              session: title(action.from),
            });
      case "on-stage":
        return action.session === null
          ? m.showDoneClock({ stage: stageName })
          : m.showDoneOnStage({ stage: stageName, session: title(action.session) });
      case "stream":
        return m.showDoneStream({ stage: stageName, source: action.source });
      case "announce":
        return m.showDoneAnnounced({ text: short(action.text) });
      case "clear-announcement":
        return m.showDoneCleared;
    }
  };

  const run = async (where: string, action: ShowAction, undoing: boolean): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    const before = show;
    try {
      const after = await apiRequest<ShowState>("POST", adminShowUrl, { headers: bearer(token), body: action });
      showAnswered(after);
      const change = describe(action);
      setOutcome({
        where,
        message: undoing ? m.showUndone({ change }) : change,
        undo: before ? { action: undoOf(action, before, new Date()), done: action, after } : null,
      });
      return true;
    } catch (error) {
      setOutcome({ where, message: m.showNotDone({ reason: reasonOf(error) }), undo: null });
      return false;
    } finally {
      sending.current = false;
    }
  };
  const send: Send = (where, action) => run(where, action, false);
  const undo = ({ action, done, after }: Undo) => {
    if (!outcome) return;
    // Changed since by someone else: undoing would overwrite their change, not put back this moderator's own.
    if (show && changedSince(done, after, show)) {
      setOutcome({ where: outcome.where, message: m.showUndoStale, undo: null });
      return;
    }
    void run(outcome.where, action, true);
  };
  const said = (where: string) => (outcome?.where === where ? <OutcomeLine outcome={outcome} onUndo={undo} /> : null);

  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-prose text-white/85">{m.showLead}</p>
      {/* The one live region: what each action did, said once, whichever part it came from. */}
      <p role="status" className="sr-only">
        {outcome?.message}
      </p>
      {!programme || !show || !stage ? (
        <p className="text-white/85">{m.showLoading}</p>
      ) : (
        <>
          <section aria-labelledby="show-stages" className="flex flex-col gap-4">
            <h2 id="show-stages" className="text-2xl font-bold">
              {m.showStages}
            </h2>
            {stages.length > 1 ? (
              <StagePicker stages={stages} show={show} picked={stage.id} onPick={storedStage.write} />
            ) : null}
            {/* Keyed by the stage: what the moderator picked or typed for one is not carried to the next. */}
            <StageControl key={stage.id} stage={stage} show={show} send={send} said={said(stage.id)} />
          </section>
          <AnnouncementControl show={show} send={send} said={said("announcement")} />
          <ViewersPanel token={token} stage={stage} />
        </>
      )}
    </div>
  );
}

/** What an action did, and its Undo. Not a live region itself: the page's one says it. */
function OutcomeLine({ outcome, onUndo }: { outcome: Outcome; onUndo: (undo: Undo) => void }) {
  const { undo } = outcome;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-sky/60 bg-sky/10 px-4 py-2">
      <p className="flex-1 font-semibold break-words text-white">{outcome.message}</p>
      {undo ? (
        <button
          type="button"
          onClick={() => {
            onUndo(undo);
          }}
          className={secondary}
        >
          {m.showUndo}
        </button>
      ) : null}
    </div>
  );
}

/** How a stage runs now, in a sentence or three: its delay, who decides what is on stage, and a stream off main. */
function stageSummary(stage: ControlStage, state: StageShow): string {
  const sessionTitle = (id: string) => stage.sessions.find((session) => session.id === id)?.title ?? id;
  return [
    state.delayMinutes === 0 || state.delayFrom === null
      ? m.showOnTime
      : (state.delayMinutes > 0 ? m.showLate : m.showEarly)({
          minutes: Math.abs(state.delayMinutes),
          session: sessionTitle(state.delayFrom),
        }),
    state.onStage === null ? m.showOnStageByClock : m.showOnStageByHand({ session: sessionTitle(state.onStage) }),
    state.stream === "main" ? "" : m.showStreamNotMain({ source: state.stream }),
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Which stage the controls below run: every stage in a list to pick from, and the stages that run otherwise than
 * printed, each a button to pick it, so that none is forgotten late or on the slate among many.
 */
function StagePicker({
  stages,
  show,
  picked,
  onPick,
}: {
  stages: readonly ControlStage[];
  show: ShowState;
  picked: string;
  onPick: (stage: string) => void;
}) {
  const ids = useId();
  const changed = stages.filter((stage) => !runsAsPrinted(stageShow(show, stage.id)));
  return (
    <div className="flex flex-col gap-4 rounded-3xl border border-line bg-panel p-4 sm:p-6">
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-stage`} className="font-semibold">
          {m.showStagePick}
        </label>
        <select
          id={`${ids}-stage`}
          value={picked}
          onChange={(event) => {
            onPick(event.target.value);
          }}
          className={`${field} w-full sm:w-auto`}
        >
          {stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name ?? m.showTheStream}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <h3 id={`${ids}-changed`} className="font-bold">
          {m.showStagesChanged}
        </h3>
        {changed.length === 0 ? (
          <p className="text-white/85">{m.showStagesAsPrinted}</p>
        ) : (
          <ul aria-labelledby={`${ids}-changed`} className="flex flex-col gap-2">
            {changed.map((stage) => (
              <li key={stage.id}>
                <button
                  type="button"
                  aria-pressed={stage.id === picked}
                  onClick={() => {
                    onPick(stage.id);
                  }}
                  className="flex min-h-11 w-full flex-col items-start rounded-2xl border border-white/40 px-4 py-2 text-left text-sm text-white transition-colors hover:border-white hover:bg-white/5 aria-pressed:border-white aria-pressed:bg-white/10"
                >
                  <span className="font-bold">{stage.name ?? m.showTheStream}</span>{" "}
                  <span className="font-normal text-white/85">{stageSummary(stage, stageShow(show, stage.id))}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** One stage: its delay, the session on stage, and its stream. */
function StageControl({
  stage,
  show,
  send,
  said,
}: {
  stage: ControlStage;
  show: ShowState;
  send: Send;
  said: ReactNode;
}) {
  const ids = useId();
  const state = stageShow(show, stage.id);
  const title = stage.name ?? m.showTheStream;
  // The delay's session and minutes as the moderator picked them; until then, the stage's own.
  const [pickedFrom, setPickedFrom] = useState("");
  const [typedMinutes, setTypedMinutes] = useState<string | null>(null);
  const [minutesProblem, setMinutesProblem] = useState("");
  const [pickedOnStage, setPickedOnStage] = useState<string | null>(null);
  const fallbackFrom = useClock((now) => defaultDelayFrom(now, stage.sessions, state) ?? "");
  const from = pickedFrom || fallbackFrom;
  const minutesText = typedMinutes ?? String(state.delayMinutes);
  const onStageChoice = pickedOnStage ?? state.onStage ?? "";
  const sources = streamSources.filter((source) => source !== "backup" || hasBackupStream(content.stage, stage.room));

  const delay = async (minutes: number) => {
    if (await send(stage.id, { action: "delay", stage: stage.id, minutes, from })) {
      setTypedMinutes(null);
      setPickedFrom("");
    }
  };
  const setDelay = () => {
    const minutes = Number(minutesText);
    if (minutesText.trim() === "" || !Number.isInteger(minutes) || clampDelay(minutes, delayLimits) !== minutes) {
      setMinutesProblem(m.showMinutesInvalid({ min: delayLimits.min, max: delayLimits.max }));
      return;
    }
    void delay(minutes);
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="flex min-w-0 flex-col gap-5 rounded-3xl border border-line bg-panel p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h3 id={`${ids}-title`} className="text-xl font-bold">
          {title}
        </h3>
        <p className="text-white/85">{stageSummary(stage, state)}</p>
      </div>
      {stage.sessions.length === 0 ? (
        <p className="text-white/85">{m.showNoSessions}</p>
      ) : (
        <>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setDelay();
            }}
            className="flex flex-col gap-3"
          >
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-lg font-bold">{m.showRunningLate}</legend>
              <label htmlFor={`${ids}-from`} className="font-semibold">
                {m.showDelayFrom}
              </label>
              <SessionSelect
                id={`${ids}-from`}
                sessions={stage.sessions}
                value={from}
                onChange={(value) => {
                  setPickedFrom(value);
                }}
              />
              <label htmlFor={`${ids}-minutes`} className="font-semibold">
                {m.showDelayMinutes}
              </label>
              <div className="flex flex-wrap gap-2">
                <input
                  id={`${ids}-minutes`}
                  type="number"
                  inputMode="numeric"
                  min={delayLimits.min}
                  max={delayLimits.max}
                  step={1}
                  value={minutesText}
                  aria-invalid={minutesProblem !== ""}
                  aria-describedby={`${ids}-minutes-problem`}
                  onChange={(event) => {
                    setTypedMinutes(event.target.value);
                    setMinutesProblem("");
                  }}
                  className={`${field} w-28`}
                />
                <button type="submit" className={primary}>
                  {m.showSetDelay}
                </button>
              </div>
              <p id={`${ids}-minutes-problem`} role="alert" className="text-sm font-semibold text-orchid empty:hidden">
                {minutesProblem}
              </p>
              <div className="flex flex-wrap gap-2">
                {[5, 10].map((more) => (
                  <button
                    key={more}
                    type="button"
                    onClick={() => void delay(clampDelay(state.delayMinutes + more, delayLimits))}
                    className={secondary}
                  >
                    {m.showDelayAdd({ minutes: more })}
                  </button>
                ))}
                <button type="button" onClick={() => void delay(0)} className={secondary}>
                  {m.showBackOnTime}
                </button>
              </div>
            </fieldset>
          </form>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send(stage.id, { action: "on-stage", stage: stage.id, session: onStageChoice || null }).then(
                (done) => {
                  if (done) setPickedOnStage(null);
                },
              );
            }}
            className="flex flex-col gap-3"
          >
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-lg font-bold">{m.showOnStage}</legend>
              <label htmlFor={`${ids}-on-stage`} className="font-semibold">
                {m.showOnStageSession}
              </label>
              <SessionSelect
                id={`${ids}-on-stage`}
                sessions={stage.sessions}
                value={onStageChoice}
                clock
                onChange={(value) => {
                  setPickedOnStage(value);
                }}
              />
              <button type="submit" className={`${primary} w-fit`}>
                {m.showPutOnStage}
              </button>
            </fieldset>
          </form>
        </>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-bold">{m.showStream}</legend>
        <div className="flex flex-wrap gap-2">
          {sources.map((source) => (
            <button
              key={source}
              type="button"
              aria-pressed={state.stream === source}
              onClick={() => {
                if (state.stream !== source) void send(stage.id, { action: "stream", stage: stage.id, source });
              }}
              className={`${secondary} aria-pressed:border-white aria-pressed:bg-white aria-pressed:text-ink`}
            >
              {sourceWords[source]}
            </button>
          ))}
        </div>
      </fieldset>
      {said}
    </section>
  );
}

const sourceWords: Record<StreamSource, string> = {
  main: m.showSourceMain,
  backup: m.showSourceBackup,
  slate: m.showSourceSlate,
};

/** A stage's sessions to pick from, by day where the programme has several; `clock` adds "Follow the clock" first. */
function SessionSelect(props: {
  id: string;
  sessions: readonly ProgrammeSession[];
  value: string;
  clock?: boolean;
  onChange: (value: string) => void;
}) {
  const zone = useDisplayZone();
  const days = programmeDays(props.sessions, content.event.timeZone);
  const option = (session: ProgrammeSession) => (
    <option key={session.id} value={session.id}>
      {m.showSessionOption({ time: formatClock(session.start, zone.timeZone), title: session.title })}
    </option>
  );
  return (
    <select
      id={props.id}
      value={props.value}
      onChange={(event) => {
        props.onChange(event.target.value);
      }}
      className={`${field} w-full`}
    >
      {props.clock ? <option value="">{m.showFollowClock}</option> : null}
      {days.length === 1
        ? props.sessions.map(option)
        : days.map((day) => (
            <optgroup key={day.date} label={formatLongDate(day.sessions[0]?.start ?? "", zone.timeZone)}>
              {day.sessions.map(option)}
            </optgroup>
          ))}
    </select>
  );
}
