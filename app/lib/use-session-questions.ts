import { useCallback, useEffect, useRef, useState } from "react";
import { useClock } from "./clock";
import { failureOf, sendJson as send } from "./question-api";
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
} from "../../shared/question-contract";

/** How often the questions are read again when the session's stream is refused or missing. */
export const questionsPollMs = 10_000;

type Questions = Map<string, CallerQuestion>;

/** A public question from the stream, with what this caller already knew of it (theirs, upvoted by them). */
function withCaller(question: PublicQuestion, known: CallerQuestion | undefined): CallerQuestion {
  return { ...question, yours: known?.yours ?? false, upvotedByYou: known?.upvotedByYou ?? false };
}

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

/**
 * A session's questions for this visitor: read once (GET, which also says whether the visitor asked or upvoted
 * each), then followed through the session's stream while questions are open (`live`): its snapshot, each question
 * that appears or changes, batched upvote counts, and the ones hidden. Where the stream is refused (the server holds
 * all it can: 503) or the browser has none, the GET is read again every `questionsPollMs` while the page shows.
 * The visitor's own pending questions are in the GET only: the stream's snapshot keeps them.
 */
export function useSessionQuestions(sessionId: string, preview: boolean): SessionQuestionsState {
  const [info, setInfo] = useState<SessionQuestionsState["info"]>(null);
  const [questions, setQuestions] = useState<Questions>(() => new Map());
  const [loadError, setLoadError] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const url = sessionQuestionsUrl(sessionId);
  const generation = useRef(0);

  const read = useCallback(async () => {
    const asked = ++generation.current;
    try {
      const answer = await send<SessionQuestions>("GET", url);
      // A later read (or a change from the stream applied through it) wins over an older answer.
      if (asked !== generation.current) return;
      setInfo({ window: answer.window, moderation: answer.moderation });
      setQuestions(new Map(answer.questions.map((question) => [question.id, question])));
      setLoadError(null);
    } catch (error) {
      if (asked === generation.current) setLoadError(failureOf(error));
    }
  }, [url]);

  useEffect(() => {
    void read();
  }, [read]);

  const span = info?.window;
  const clockState = useClock((now) =>
    span ? questionWindowState({ opens: new Date(span.opens), closes: new Date(span.closes) }, now) : "",
  );
  // A preview of another moment (?now=) takes the server's word, and does not stream: the server would refuse it.
  const windowState = span ? (preview ? span.state : (clockState as QuestionWindowState)) : null;
  const live = windowState === "open" && !preview;
  const streaming = live;
  useEffect(() => {
    if (!streaming) return;
    if (typeof EventSource === "undefined") {
      setPolling(true);
      return;
    }
    const source = new EventSource(sessionQuestionEventsUrl(sessionId));
    const on = <K extends keyof QuestionEvents>(name: K, apply: (data: QuestionEvents[K], map: Questions) => void) => {
      source.addEventListener(name, (event: MessageEvent<string>) => {
        const data = JSON.parse(event.data) as QuestionEvents[K];
        // A stream's change outdates a GET on its way.
        generation.current += 1;
        setQuestions((current) => {
          const next = new Map(current);
          apply(data, next);
          return next;
        });
      });
    };
    on("snapshot", (data, map) => {
      const before = new Map(map);
      map.clear();
      for (const question of data.questions) map.set(question.id, withCaller(question, before.get(question.id)));
      // The visitor's own pending questions are theirs alone: the public snapshot leaves them out.
      for (const question of before.values()) {
        if (question.yours && question.status === "pending" && !map.has(question.id)) map.set(question.id, question);
      }
    });
    on("question", (data, map) => {
      map.set(data.id, withCaller(data, map.get(data.id)));
    });
    on("upvotes", (data, map) => {
      for (const [id, upvotes] of Object.entries(data)) {
        const question = map.get(id);
        if (question) map.set(id, { ...question, upvotes });
      }
    });
    on("removed", (data, map) => {
      map.delete(data.id);
    });
    source.addEventListener("error", () => {
      // CLOSED: refused (a 503 when the server holds all it can), not dropped (a drop reconnects by itself).
      if (source.readyState === EventSource.CLOSED) setPolling(true);
    });
    return () => {
      source.close();
    };
  }, [streaming, sessionId]);

  useEffect(() => {
    if (!live || !polling) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") void read();
    }, questionsPollMs);
    return () => {
      clearInterval(timer);
    };
  }, [live, polling, read]);

  const ask = useCallback(
    async (text: string, name: string, key: string) => {
      const body = name.trim() === "" ? { text } : { text, name };
      const asked = await send<AskedQuestion>("POST", url, body, { "idempotency-key": key });
      // Shown at once; the read that follows brings the server's own copy (its text as stored).
      generation.current += 1;
      setQuestions((current) =>
        current.has(asked.id)
          ? current
          : new Map(current).set(asked.id, {
              id: asked.id,
              text,
              name: name.trim() || null,
              upvotes: 0,
              status: asked.status,
              onAir: false,
              askedAt: new Date().toISOString(),
              yours: true,
              upvotedByYou: false,
            }),
      );
      void read();
      return asked;
    },
    [url, read],
  );

  const upvote = useCallback(async (id: string, on: boolean) => {
    const state = await send<UpvoteState>(on ? "POST" : "DELETE", upvoteUrl(id));
    generation.current += 1;
    setQuestions((current) => {
      const question = current.get(id);
      return question
        ? new Map(current).set(id, { ...question, upvotes: state.upvotes, upvotedByYou: state.upvotedByYou })
        : current;
    });
  }, []);

  return { info, windowState, questions: [...questions.values()], loadError, ask, upvote };
}
