import { useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from "react";
import * as content from "../../../content";
import type { Programme, ProgrammeSession } from "../../../content/programme";
import * as m from "../../i18n/messages";
import { useClock } from "../../lib/clock";
import { useDisplayZone } from "../../lib/display-zone";
import { useProgramme } from "../../lib/programme";
import { cleanQuestionField } from "../../lib/question-text";
import { apiRequest, apiResponse } from "../../lib/live-data";
import { bearer, reasonOf, short, type StreamStatus, type useModeratorStream } from "../../lib/moderator-stream";
import {
  adminQuestionsCsvUrl,
  adminQuestionUrl,
  takesQuestions,
  type ModeratedQuestion,
  type ModerationAction,
  type QuestionStatus,
} from "../../../common/question-contract";
import { formatClock, formatLongDate, formatTimeRange } from "../../lib/time-in-edition-language";
import { Badge, type BadgeColour } from "../ui/badge";
import { sessionTypeWords } from "../../lib/session-type-words";
import { primary, secondary } from "../ui/control-styles";

const moderation = content.event.questions.moderation;

/** The sessions of the programme that take questions, in time order. */
function askingSessions(programme: Programme): ProgrammeSession[] {
  return programme.sessions
    .filter((slot) => takesQuestions(slot.type, content.event.questions))
    .toSorted((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** The session live now by the clock, else the next one; "" once the last has ended. */
function currentSession(now: Date, sessions: readonly ProgrammeSession[]): string {
  const time = now.getTime();
  const live = sessions.find((slot) => Date.parse(slot.start) <= time && time < Date.parse(slot.end));
  return (live ?? sessions.find((slot) => Date.parse(slot.start) > time))?.id ?? "";
}

const statusWords: Record<QuestionStatus, { label: string; colour: BadgeColour }> = {
  pending: { label: m.moderateWaiting, colour: "amber" },
  approved: { label: m.moderateShown, colour: "green" },
  answered: { label: m.moderateAnswered, colour: "indigo" },
  hidden: { label: m.moderateHidden, colour: "neutral" },
};

export function ModerationQueue({
  token,
  stream,
  onSignOut,
}: {
  token: string;
  stream: ReturnType<typeof useModeratorStream>;
  onSignOut: () => void;
}) {
  // The sessions come with the programme (lib/programme.ts): until it has arrived, the queue shows nothing.
  const programme = useProgramme();
  const sessions = useMemo(() => (programme ? askingSessions(programme) : []), [programme]);
  const current = useClock((now) => currentSession(now, sessions));
  const [announcement, setAnnouncement] = useState("");
  // After an action the question may move to another list (a new element): focus follows it there, once drawn.
  const focusAfter = useRef<string | null>(null);
  // Questions arriving live in the lists above the focused one move it on the screen: the page follows it, so that
  // a moderator working by keyboard keeps it in sight. Only a move the moderator did not make by scrolling, and
  // only what the browser's own scroll anchoring left undone (it keeps what is on screen still when it can).
  const focusedAt = useRef<{ id: string; top: number; scrollY: number } | null>(null);
  useEffect(() => {
    const moved = focusAfter.current === null ? null : document.getElementById(`question-${focusAfter.current}`);
    if (moved) {
      focusAfter.current = null;
      moved.focus();
    }
    // The question's card, or a control in it.
    const focused = document.activeElement?.closest<HTMLElement>('[id^="question-"]');
    if (!focused) {
      focusedAt.current = null;
      return;
    }
    const before = focusedAt.current;
    const top = focused.getBoundingClientRect().top;
    if (!moved && before?.id === focused.id && before.scrollY === window.scrollY && before.top !== top) {
      window.scrollBy(0, top - before.top);
    }
    focusedAt.current = { id: focused.id, top: focused.getBoundingClientRect().top, scrollY: window.scrollY };
  });

  const act = async (question: ModeratedQuestion, action: ModerationAction, reason?: string) => {
    try {
      const answer = await apiRequest<{ changed?: ModeratedQuestion[] }>("POST", adminQuestionUrl(question.id), {
        headers: bearer(token),
        body: reason === undefined ? { action } : { action, reason },
      });
      // Every question the action changed (putting one on air takes another off): shown now, the stream repeats it.
      for (const changed of answer.changed ?? []) stream.update(changed);
      setAnnouncement(doneWords[action]({ text: short(question.text) }));
      focusAfter.current = question.id;
      return true;
    } catch (error) {
      setAnnouncement(m.moderateNotDone({ action: actionWords[action], reason: reasonOf(error) }));
      return false;
    }
  };

  const bySession = new Map<string, ModeratedQuestion[]>();
  for (const question of stream.questions.values()) {
    bySession.set(question.sessionId, [...(bySession.get(question.sessionId) ?? []), question]);
  }
  const shown = sessions.filter((slot) => slot.id === current || bySession.has(slot.id));
  const ordered = [...shown.filter((slot) => slot.id === current), ...shown.filter((slot) => slot.id !== current)];
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-white/85">
          <StatusWords status={stream.status} /> {moderation === "pre" ? m.moderatePre : m.moderatePost}
        </p>
        <button type="button" onClick={onSignOut} className={secondary}>
          {m.moderateSignOut}
        </button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {stream.status === "connecting" || !programme ? null : ordered.length === 0 ? (
        <p className="text-lg text-white/85">{m.moderateNoSessions}</p>
      ) : (
        ordered.map((slot) => (
          <SessionQueue
            key={slot.id}
            slot={slot}
            now={slot.id === current}
            token={token}
            questions={bySession.get(slot.id) ?? []}
            act={act}
          />
        ))
      )}
    </div>
  );
}

function StatusWords({ status }: { status: StreamStatus }) {
  const words =
    status === "live" ? m.moderateLive : status === "reconnecting" ? m.moderateReconnecting : m.moderateConnecting;
  return <span className={`font-semibold ${status === "live" ? "text-white" : "text-orchid"}`}>{words}</span>;
}

const actionWords: Record<ModerationAction, string> = {
  approve: m.moderateApprove,
  hide: m.moderateHide,
  answer: m.moderateAnswer,
  pin: m.moderatePin,
  unpin: m.moderateUnpin,
};
const doneWords: Record<ModerationAction, (words: { text: string }) => string> = {
  approve: m.moderateApproved,
  hide: m.moderateHiddenDone,
  answer: m.moderateAnsweredDone,
  pin: m.moderatePinned,
  unpin: m.moderateUnpinned,
};

type Act = (question: ModeratedQuestion, action: ModerationAction, reason?: string) => Promise<boolean>;

const byVotes = (a: ModeratedQuestion, b: ModeratedQuestion) =>
  b.upvotes - a.upvotes || a.askedAt.localeCompare(b.askedAt);
const byAsked = (a: ModeratedQuestion, b: ModeratedQuestion) => a.askedAt.localeCompare(b.askedAt);

function SessionQueue(props: {
  slot: ProgrammeSession;
  now: boolean;
  token: string;
  questions: ModeratedQuestion[];
  act: Act;
}) {
  const zone = useDisplayZone();
  const [csvProblem, setCsvProblem] = useState("");
  const titleId = useId();
  const of = (...statuses: QuestionStatus[]) =>
    props.questions.filter((question) => statuses.includes(question.status));
  // Pre-moderation: the queue is what waits for approval, oldest first; what is shown follows by votes. Post: all
  // is shown at once, so what the audience sees is the queue, by votes (and anything pending with it).
  const groups =
    moderation === "pre"
      ? [
          { title: m.moderateWaitingForApproval, questions: of("pending").toSorted(byAsked) },
          { title: m.moderateShownToAudience, questions: of("approved").toSorted(byVotes) },
        ]
      : [{ title: m.moderateShownToAudience, questions: of("pending", "approved").toSorted(byVotes) }];
  const answered = of("answered").toSorted(byVotes);
  const hidden = of("hidden").toSorted(byAsked);
  const download = async () => {
    setCsvProblem("");
    try {
      const response = await apiResponse("GET", adminQuestionsCsvUrl(props.slot.id), {
        headers: { ...bearer(props.token), accept: "text/csv" },
      });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = `questions-${props.slot.id}.csv`;
      link.click();
      setTimeout(() => {
        URL.revokeObjectURL(link.href);
      }, 10_000);
    } catch (error) {
      setCsvProblem(m.moderateCsvFailed({ reason: reasonOf(error) }));
    }
  };
  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col gap-5 rounded-3xl border p-4 sm:p-6 ${props.now ? "border-sky" : "border-line"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
            {props.now ? <span className="sr-only">{m.moderateNowOrNextLabel}</span> : null}
            {props.slot.title}
          </h2>
          <p className="text-sm text-muted">
            {props.now ? <Badge colour="blue">{m.moderateNowOrNext}</Badge> : null}{" "}
            {m.moderateSessionWhen({
              type: sessionTypeWords(props.slot.type),
              date: formatLongDate(props.slot.start, zone.timeZone),
              time: formatTimeRange(props.slot.start, props.slot.end, zone.timeZone),
              zone: zone.label,
            })}
          </p>
        </div>
        <button type="button" onClick={() => void download()} className={secondary}>
          {m.moderateDownloadCsv}
          <span className="sr-only">{m.aboutTitle({ title: props.slot.title })}</span>
        </button>
      </div>
      <p role="status" className="font-semibold text-orchid empty:hidden">
        {csvProblem}
      </p>
      {groups.map((group) => (
        <Group key={group.title} title={group.title} questions={group.questions} act={props.act} />
      ))}
      {answered.length > 0 ? <Group title={m.moderateAnswered} questions={answered} act={props.act} /> : null}
      {/* Last, and open: a hidden question's card keeps the focus after the action, as every other card does. */}
      {hidden.length > 0 ? <Group title={m.moderateHidden} questions={hidden} act={props.act} /> : null}
    </section>
  );
}

function Group({ title, questions, act }: { title: string; questions: ModeratedQuestion[]; act: Act }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <h3 id={id} className="text-lg font-bold">
        {title}{" "}
        <span className="font-sans text-base font-normal text-muted">
          {m.moderateGroupCount({ count: questions.length })}
        </span>
      </h3>
      {questions.length === 0 ? (
        <p className="text-white/85">{m.moderateNone}</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col gap-3">
          {questions.map((question) => (
            <QuestionCard key={question.id} question={question} act={act} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** What a moderator can do to a question in its state: hidden is final; only a shown question goes on air. */
function actionsFor(question: ModeratedQuestion): ModerationAction[] {
  const air: ModerationAction[] = question.onAir ? ["unpin"] : question.status === "approved" ? ["pin"] : [];
  switch (question.status) {
    case "pending":
      return ["approve", "hide"];
    case "approved":
      return [...air, "answer", "hide"];
    case "answered":
      return [...air, "hide"];
    case "hidden":
      return [];
  }
}

function QuestionCard({ question, act }: { question: ModeratedQuestion; act: Act }) {
  const zone = useDisplayZone();
  const [busy, setBusy] = useState(false);
  const [hiding, setHiding] = useState(false);
  const textId = useId();
  const run = async (action: ModerationAction, reason?: string) => {
    if (busy) return false;
    setBusy(true);
    const done = await act(question, action, reason);
    setBusy(false);
    return done;
  };
  const status = statusWords[question.status];
  return (
    <li
      id={`question-${question.id}`}
      tabIndex={-1}
      aria-describedby={textId}
      className={`flex flex-col gap-3 rounded-2xl border p-4 ${question.onAir ? "border-magenta bg-magenta/10" : "border-line bg-panel"}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge colour={status.colour}>{status.label}</Badge>
        {question.onAir ? <Badge colour="rose">{m.questionOnAir}</Badge> : null}
        <span className="text-sm text-white/85">{m.moderateUpvotes({ count: question.upvotes })}</span>
      </div>
      {/* The asker's words as text, never markup; nobody edits them. */}
      <p id={textId} className="text-lg break-words whitespace-pre-line text-white">
        {question.text}
      </p>
      <p className="text-sm text-muted">
        {m.moderateAskedBy({
          name: question.name ?? m.questionAnonymous,
          time: formatClock(question.askedAt, zone.timeZone),
          zone: zone.label,
        })}
      </p>
      {question.hideReason ? (
        <p className="text-sm text-white/85">{m.moderateHiddenBecause({ reason: question.hideReason })}</p>
      ) : null}
      {hiding ? (
        <HideForm
          textId={textId}
          busy={busy}
          onHide={(reason) => run("hide", reason)}
          onCancel={() => {
            setHiding(false);
            // The form goes: the focus returns to its question rather than to the page's start.
            requestAnimationFrame(() => {
              document.getElementById(`question-${question.id}`)?.focus();
            });
          }}
        />
      ) : actionsFor(question).length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actionsFor(question).map((action) => (
            <button
              key={action}
              type="button"
              aria-disabled={busy}
              aria-describedby={textId}
              onClick={() => {
                if (action === "hide") setHiding(true);
                else void run(action);
              }}
              className={action === "approve" || action === "pin" ? primary : secondary}
            >
              {actionWords[action]}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** Hiding asks why: the reason is required, and kept with the question for the organisers. */
function HideForm(props: {
  textId: string;
  busy: boolean;
  onHide: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState("");
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    field.current?.focus();
  }, []);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      setProblem(m.moderateReasonRequired);
      field.current?.focus();
      return;
    }
    // The server's own rules and words (question-text.ts), said before sending.
    const cleaned = cleanQuestionField("hideReason", reason);
    if (!cleaned.ok) {
      setProblem(cleaned.error);
      field.current?.focus();
      return;
    }
    await props.onHide(cleaned.value ?? "");
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-reason`} className="font-semibold">
        {m.moderateWhyHide} <span className="font-normal text-muted">{m.moderateRequired}</span>
      </label>
      <input
        ref={field}
        id={`${id}-reason`}
        value={reason}
        required
        aria-invalid={problem !== ""}
        aria-describedby={`${id}-problem ${props.textId}`}
        onKeyDown={(event) => {
          if (event.key === "Escape") props.onCancel();
        }}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem("");
        }}
        className="w-full rounded-2xl border border-white/30 bg-ink px-4 py-2 text-base text-white"
      />
      <p id={`${id}-problem`} role="alert" className="text-sm font-semibold text-orchid empty:hidden">
        {problem}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" aria-disabled={props.busy} className={primary}>
          {m.moderateHideQuestion}
        </button>
        <button type="button" onClick={props.onCancel} className={secondary}>
          {m.moderateCancel}
        </button>
      </div>
    </form>
  );
}
