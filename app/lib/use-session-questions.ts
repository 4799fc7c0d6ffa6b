import { useCallback } from "react";
import * as m from "../i18n/messages";
import { useClock } from "./clock";
import {
  ApiError,
  apiRequest,
  liveResources,
  liveStream,
  refreshLive,
  setLive,
  useFollow,
  useLive,
  type StreamEvents,
} from "./live-data";
import {
  sessionQuestionEventsUrl,
  sessionQuestionsUrl,
  upvoteUrl,
  type AskedQuestion,
  type CallerQuestion,
  questionWindowState,
  type PublicQuestion,
  type QuestionEvents,
  type QuestionWindowState,
  type SessionQuestions,
  type UpvoteState,
} from "../../common/question-contract";

/** How often the questions are read again while the session's stream is away (refused: the server holds all it can). */
export const questionsPollMs = 10_000;

/** Why a request failed, in words for the page: the API's own message, or what went wrong on the way. */
export function failureOf(error: unknown): string {
  if (error instanceof ApiError) return error.reason ?? m.questionApiServerAnswered({ status: error.status });
  return m.connectionFailed;
}

/** A public question from the stream, with what this caller already knew of it (theirs, upvoted by them). */
function withCaller(question: PublicQuestion, known: CallerQuestion | undefined): CallerQuestion {
  return { ...question, yours: known?.yours ?? false, upvotedByYou: known?.upvotedByYou ?? false };
}

/** The session's questions after `change`, which edits a copy of them by id. */
function changed(
  current: SessionQuestions | undefined,
  change: (questions: Map<string, CallerQuestion>) => void,
): SessionQuestions | undefined {
  if (!current) return undefined;
  const questions = new Map(current.questions.map((question) => [question.id, question]));
  change(questions);
  return { ...current, questions: [...questions.values()] };
}

const questionEvents: StreamEvents<SessionQuestions, QuestionEvents> = {
  snapshot: (current, data) =>
    changed(current, (questions) => {
      const before = new Map(questions);
      questions.clear();
      for (const question of data.questions) questions.set(question.id, withCaller(question, before.get(question.id)));
      // The visitor's own pending questions are theirs alone: the public snapshot leaves them out.
      for (const question of before.values()) {
        if (question.yours && question.status === "pending" && !questions.has(question.id)) {
          questions.set(question.id, question);
        }
      }
    }),
  question: (current, data) =>
    changed(current, (questions) => {
      questions.set(data.id, withCaller(data, questions.get(data.id)));
    }),
  upvotes: (current, data) =>
    changed(current, (questions) => {
      for (const [id, upvotes] of Object.entries(data)) {
        const question = questions.get(id);
        if (question) questions.set(id, { ...question, upvotes });
      }
    }),
  removed: (current, data) =>
    changed(current, (questions) => {
      questions.delete(data.id);
    }),
};

/**
 * A session's questions for this visitor: read (GET, which also says whether the visitor asked or upvoted each),
 * then followed through the session's stream while questions are open: its snapshot, each question that appears or
 * changes, batched upvote counts, and the ones hidden. While the stream is away the GET is read again every
 * `questionsPollMs` while the page shows. The visitor's own pending questions are in the GET only: the stream's
 * snapshot keeps them.
 */
const sessionQuestions = liveResources<SessionQuestions>((sessionId) => ({
  url: sessionQuestionsUrl(sessionId),
  stream: liveStream({ url: sessionQuestionEventsUrl(sessionId), on: questionEvents }),
  pollMs: questionsPollMs,
}));

export interface SessionQuestionsState {
  /** The GET's window and moderation, once it has answered. */
  info: Omit<SessionQuestions, "questions"> | null;
  questions: CallerQuestion[];
  /** Where the session's window stands by the server's instants and the page's clock; null until the GET answers. */
  windowState: QuestionWindowState | null;
  /** Why the questions could not be read, when they could not. */
  loadError: string | null;
  ask: (text: string, name: string, key: string) => Promise<AskedQuestion>;
  upvote: (id: string, on: boolean) => Promise<void>;
}

/** A session's questions, followed live while they are open and the page is not `preview`ing another moment. */
export function useSessionQuestions(sessionId: string, preview: boolean): SessionQuestionsState {
  const resource = sessionQuestions(sessionId);
  const { data, error } = useLive(resource);
  const span = data?.window;
  const clockState = useClock((now) =>
    span ? questionWindowState({ opens: new Date(span.opens), closes: new Date(span.closes) }, now) : "",
  );
  // A preview of another moment (?now=) takes the server's word, and does not stream: the server would refuse it.
  const windowState = span ? (preview ? span.state : (clockState as QuestionWindowState)) : null;
  useFollow(resource, windowState === "open" && !preview);

  const ask = useCallback(
    async (text: string, name: string, key: string) => {
      const asked = await apiRequest<AskedQuestion>("POST", sessionQuestionsUrl(sessionId), {
        body: name.trim() === "" ? { text } : { text, name },
        headers: { "idempotency-key": key },
      });
      // Shown at once; the read that follows brings the server's own copy (its text as stored).
      setLive(resource, (current) =>
        changed(current, (questions) => {
          if (questions.has(asked.id)) return;
          questions.set(asked.id, {
            id: asked.id,
            text,
            name: name.trim() || null,
            upvotes: 0,
            status: asked.status,
            onAir: false,
            askedAt: new Date().toISOString(),
            yours: true,
            upvotedByYou: false,
          });
        }),
      );
      refreshLive(resource);
      return asked;
    },
    [resource, sessionId],
  );

  const upvote = useCallback(
    async (id: string, on: boolean) => {
      const state = await apiRequest<UpvoteState>(on ? "POST" : "DELETE", upvoteUrl(id));
      setLive(resource, (current) =>
        changed(current, (questions) => {
          const question = questions.get(id);
          if (question) questions.set(id, { ...question, upvotes: state.upvotes, upvotedByYou: state.upvotedByYou });
        }),
      );
    },
    [resource],
  );

  return {
    info: data ? { window: data.window, moderation: data.moderation } : null,
    windowState,
    questions: data?.questions ?? [],
    loadError: error ? failureOf(error) : null,
    ask,
    upvote,
  };
}
