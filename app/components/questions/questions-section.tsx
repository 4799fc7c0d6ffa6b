import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { useClock } from "../../lib/clock";
import { useDisplayZone } from "../../lib/display-zone";
import { previewInstant } from "../../lib/preview";

import {
  questionLimits,
  questionSentMarker,
  questionWindowState,
  sessionQuestionsUrl,
  type CallerQuestion,
  type QuestionWindowState,
} from "../../../common/question-contract";
import { formatClock, formatLongDate } from "../../lib/time-in-edition-language";
import { useHydrated } from "../../lib/use-hydrated";
import { ApiError } from "../../lib/live-data";
import { failureOf, useSessionQuestions, type SessionQuestionsState } from "../../lib/use-session-questions";
import { Badge } from "../ui/badge";
import * as m from "../../i18n/messages";

interface QuestionsSectionProps {
  sessionId: string;
  /** The session's window by the edition's setting (ISO instants): what the prerendered page says. */
  opens: string;
  closes: string;
  /**
   * Whether the page offers asking without script, when the page was built while the session took questions: a
   * form the server answers with this page again (decision 060). The session's talk page does; the stage, whose
   * session is the one on air at the build, does not.
   */
  askWithoutScript?: boolean;
}

const button =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2 text-base font-semibold transition-colors";

/**
 * The audience's questions on a session's talk page (decision 040): ask one, upvote the others, and follow them live
 * while the session takes questions; outside its window the lists stay, read-only, and a sentence says why. The
 * prerendered page holds the heading and the form's place (or that sentence); the form shows once the page runs and
 * the server has said where the window stands. Without JavaScript, a page built while the session took questions
 * (and that asks for it) shows the form, which the server answers; otherwise a sentence says that asking needs it.
 */
export function QuestionsSection(props: QuestionsSectionProps) {
  const hydrated = useHydrated();
  // A preview of another moment (?now=) is not the live day: the server's clock decides, and nothing streams.
  const preview = hydrated && previewInstant(window.location.search) !== null;
  const clockState = useClock((now) =>
    questionWindowState({ opens: new Date(props.opens), closes: new Date(props.closes) }, now),
  );
  const state = useSessionQuestions(props.sessionId, preview);
  // Until the server has said (its window may be overridden), the form's place is kept unless the session is over
  // by the edition's own window: a page built before the day is mostly read while questions are open, and the form
  // appearing there would move everything below it (a sentence in its stead moves less, and only before the day).
  const windowState = state.windowState ?? (clockState === "closed" ? "closed" : "open");
  const opens = state.info?.window.opens ?? props.opens;
  const ready = hydrated && state.info !== null;
  // The clock reads the build's instant in the prerendered page: it decides what the page offers without script.
  const withoutScript = props.askWithoutScript === true && clockState === "open";
  return (
    <section aria-labelledby="questions-title" className="flex flex-col gap-5">
      <h2 id="questions-title" className="text-2xl font-bold">
        {m.questionsTitle}
      </h2>
      {/* The thank-you of a question sent without script, at the fragment the server returns to (decision 060); the
          running page thanks its asker itself, and drops it. */}
      {withoutScript && !hydrated ? (
        <p id={questionSentMarker} className="hidden max-w-prose text-lg text-white noscript:target:block">
          {m.questionSentNoScript}
        </p>
      ) : null}
      {windowState === "open" ? (
        <AskForm
          ready={ready}
          ask={state.ask}
          pre={state.info?.moderation !== "post"}
          action={withoutScript ? sessionQuestionsUrl(props.sessionId) : null}
        />
      ) : (
        <WindowNote state={windowState} opens={opens} />
      )}
      <p className="hidden max-w-prose text-lg text-white/85 noscript:block">
        {withoutScript ? m.questionsNoScriptAskOnly : m.questionsNoScript}
      </p>
      {/* The lists arrive from the API once the page runs: their place keeps the footer where it was meanwhile. */}
      <div className="min-h-40 noscript:hidden">
        {ready ? (
          <QuestionLists state={state} open={windowState === "open"} />
        ) : state.loadError ? (
          <p role="alert" className="text-white/85">
            {m.questionsLoadFailed({ reason: state.loadError })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Why the form is not there: not open yet (and when it opens, in the zone the site shows times in), or closed. */
function WindowNote({ state, opens }: { state: QuestionWindowState; opens: string }) {
  const zone = useDisplayZone();
  return (
    <p className="max-w-prose text-lg text-white/85">
      {state === "upcoming"
        ? m.questionsOpenOn({
            date: formatLongDate(opens, zone.timeZone),
            time: formatClock(opens, zone.timeZone),
            zone: zone.label,
          })
        : m.questionsClosed}
    </p>
  );
}

/** A key per question as typed: a retry or a second click of the same question sends the same key (one question). */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

let segmenter: Intl.Segmenter | undefined;

/**
 * Characters as a person counts them (graphemes), as the server counts them (question-text.ts, which the talk page
 * does not load); made on first use, since the first Intl object a page makes loads locale data (decision 030).
 */
function graphemeCount(text: string): number {
  if (text === "") return 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text)).length;
}

/** The count a screen reader hears once typing pauses, not at every key. */
const announceAfterMs = 1500;

/**
 * The form to ask a question. With `action`, it works without script too: the browser posts its fields to the API,
 * which answers with this page again at the thank-you's fragment (decision 060).
 */
function AskForm({
  ready,
  ask,
  pre,
  action,
}: {
  ready: boolean;
  ask: SessionQuestionsState["ask"];
  pre: boolean;
  action: string | null;
}) {
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [spoken, setSpoken] = useState("");
  const key = useRef<string | null>(null);
  const ids = useId();
  const count = graphemeCount(text);
  const left = questionLimits.text - count;
  useEffect(() => {
    if (text === "") return;
    const timer = setTimeout(() => {
      setSpoken(left >= 0 ? m.questionCharactersLeft({ count: left }) : m.questionCharactersOver({ count: -left }));
    }, announceAfterMs);
    return () => {
      clearTimeout(timer);
    };
  }, [text, left]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (sending) return;
    // The server applies the full rules (question-text.ts) and says what is wrong; the page only spares it the
    // obvious, so that the talk page does not carry them (its JavaScript budget, decision 040).
    const problem =
      text.trim() === "" ? m.questionEmpty : left < 0 ? m.questionTooLong({ max: questionLimits.text }) : null;
    if (problem !== null) {
      setResult({ ok: false, message: problem });
      return;
    }
    key.current ??= newKey();
    setSending(true);
    setResult(null);
    try {
      const asked = await ask(text.trim(), name.trim(), key.current);
      key.current = null;
      setText("");
      setSpoken("");
      setResult({
        ok: true,
        message: asked.status === "pending" ? m.questionThanksPending : m.questionThanks,
      });
    } catch (error) {
      // What was typed stays, and so does its key: sending it again cannot make a second question.
      setResult({ ok: false, message: m.questionNotSent({ reason: failureOf(error) }) });
    } finally {
      setSending(false);
    }
  };

  const field =
    "w-full rounded-2xl border border-white/30 bg-panel px-4 py-3 text-base text-white placeholder:text-muted focus-visible:border-white";
  return (
    <form
      {...(action ? { method: "post", action } : {})}
      onSubmit={(event) => void submit(event)}
      noValidate
      className={`flex flex-col gap-4 rounded-3xl border border-line bg-panel p-5 sm:p-6 ${action ? "noscript:visible" : "noscript:hidden"} ${ready ? "" : "invisible"}`}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-text`} className="font-semibold">
          {m.questionLabel}
        </label>
        <textarea
          id={`${ids}-text`}
          name="text"
          rows={3}
          value={text}
          aria-describedby={`${ids}-count`}
          aria-invalid={left < 0}
          onChange={(event) => {
            setText(event.target.value);
            // Another question than the one that failed: a new key.
            key.current = null;
          }}
          className={field}
        />
        {/* A count that cannot count without script would pretend: the server holds the limit then. */}
        <p
          id={`${ids}-count`}
          className={`text-sm noscript:hidden ${left < 0 ? "font-semibold text-orchid" : "text-muted"}`}
        >
          {m.questionCount({ count, max: questionLimits.text })}
        </p>
        <p role="status" className="sr-only">
          {spoken}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-name`} className="font-semibold">
          {m.questionNameLabel} <span className="font-normal text-muted">{m.questionOptional}</span>
        </label>
        <input
          id={`${ids}-name`}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            key.current = null;
          }}
          className={`${field} sm:max-w-sm`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          aria-disabled={sending}
          className={`${button} bg-electric text-white hover:bg-electric-hover aria-disabled:opacity-70`}
        >
          {sending ? m.questionSending : m.questionAsk}
        </button>
        <p className="text-sm text-muted">{pre ? m.questionModeratedNote : m.questionOpenNote}</p>
      </div>
      <p role={result?.ok === false ? "alert" : "status"} className={result?.ok ? "text-white" : "text-orchid"}>
        {result?.message}
      </p>
    </form>
  );
}

type Sort = "votes" | "newest";

const byNewest = (a: CallerQuestion, b: CallerQuestion) => b.askedAt.localeCompare(a.askedAt);
const sorters: Record<Sort, (a: CallerQuestion, b: CallerQuestion) => number> = {
  votes: (a, b) => b.upvotes - a.upvotes || byNewest(a, b),
  newest: byNewest,
};

function QuestionLists({ state, open }: { state: SessionQuestionsState; open: boolean }) {
  const [sort, setSort] = useState<Sort>("votes");
  const [problem, setProblem] = useState("");
  const ids = useId();
  const sorted = [...state.questions].sort(sorters[sort]);
  const waiting = sorted.filter((question) => question.status !== "answered");
  const answered = sorted.filter((question) => question.status === "answered");
  const upvote = async (question: CallerQuestion) => {
    setProblem("");
    try {
      await state.upvote(question.id, !question.upvotedByYou);
    } catch (error) {
      // Refused by the server, or never sent (offline): the two are said apart.
      const reason = failureOf(error);
      setProblem(error instanceof ApiError ? m.upvoteNotCounted({ reason }) : m.upvoteNotSent({ reason }));
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${ids}-sort`} className="font-semibold">
          {m.questionsSortBy}
        </label>
        <select
          id={`${ids}-sort`}
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as Sort);
          }}
          className="min-h-11 rounded-full border border-white/30 bg-panel px-4 text-base text-white"
        >
          <option value="votes">{m.questionsSortVotes}</option>
          <option value="newest">{m.questionsSortNewest}</option>
        </select>
      </div>
      <p role="status" className="text-orchid empty:hidden">
        {problem}
      </p>
      <QuestionList
        title={m.questionsOpenList}
        questions={waiting}
        empty={open ? m.questionsNoneYet : m.questionsNoneOpen}
        upvote={open ? upvote : null}
      />
      {answered.length > 0 ? (
        <QuestionList title={m.questionsAnswered} questions={answered} empty="" upvote={null} />
      ) : null}
    </div>
  );
}

function QuestionList(props: {
  title: string;
  questions: CallerQuestion[];
  empty: string;
  upvote: ((question: CallerQuestion) => Promise<void>) | null;
}) {
  const ids = useId();
  return (
    <div className="flex flex-col gap-3">
      <h3 id={`${ids}-title`} className="text-xl font-bold">
        {props.title} <span className="font-sans text-base font-normal text-muted">({props.questions.length})</span>
      </h3>
      {props.questions.length === 0 ? (
        <p className="text-white/85">{props.empty}</p>
      ) : (
        <ul aria-labelledby={`${ids}-title`} className="flex flex-col gap-3">
          {props.questions.map((question) => (
            <QuestionItem key={question.id} question={question} upvote={props.upvote} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QuestionItem({
  question,
  upvote,
}: {
  question: CallerQuestion;
  upvote: ((question: CallerQuestion) => Promise<void>) | null;
}) {
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const pending = question.status === "pending";
  return (
    <li
      className={`flex gap-4 rounded-2xl border p-4 ${question.onAir ? "border-magenta bg-magenta/10" : "border-line bg-panel"}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {question.onAir || question.yours || pending ? (
          <div className="flex flex-wrap gap-2">
            {question.onAir ? <Badge colour="rose">{m.questionOnAir}</Badge> : null}
            {question.yours ? <Badge colour="blue">{m.questionYours}</Badge> : null}
            {pending ? <Badge colour="amber">{m.questionWaiting}</Badge> : null}
          </div>
        ) : null}
        {/* What the audience writes is text, never markup: React escapes it. */}
        <p id={textId} className="text-lg break-words whitespace-pre-line text-white">
          {question.text}
        </p>
        <p className="text-sm text-muted">{question.name ?? m.questionAnonymous}</p>
      </div>
      {upvote && !pending ? (
        <button
          type="button"
          aria-pressed={question.upvotedByYou}
          aria-describedby={textId}
          onClick={() => {
            if (busy) return;
            setBusy(true);
            void upvote(question).finally(() => {
              setBusy(false);
            });
          }}
          className="flex h-fit min-h-11 min-w-16 shrink-0 flex-col items-center rounded-xl border border-white/30 px-3 py-1 text-sm font-semibold text-white hover:border-white aria-pressed:border-white aria-pressed:bg-white aria-pressed:text-ink"
        >
          <span>{m.questionUpvote}</span>
          <span className="text-lg">{question.upvotes}</span>
        </button>
      ) : (
        <p className="flex h-fit min-w-16 shrink-0 flex-col items-center text-sm text-muted">
          <span>{m.questionUpvotes}</span>
          <span className="text-lg font-semibold text-white">{question.upvotes}</span>
        </p>
      )}
    </li>
  );
}
