import { useEffect, useMemo, useRef } from "react";
import * as m from "../i18n/messages";
import { ApiError, getJson, liveResources, liveStream, setLive, useLive } from "./live-data";
import {
  adminQuestionEventsUrl,
  adminQuestionsUrl,
  type ModeratedQuestion,
  type ModeratorEvents,
} from "../../common/question-contract";

/** Where the moderator's stream stands. */
export type StreamStatus =
  | "connecting"
  | "live"
  /** Dropped; trying again after a pause that grows with each failure. */
  | "reconnecting"
  /** 401: the token is wrong (or no longer right). */
  | "refused"
  /** 404: the server has no moderator token set, so nobody moderates there. */
  | "off";

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Why a moderator's action failed, in the moderator's words: the API's message or the connection. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.reason ?? m.moderateServerAnswered({ status: error.status });
  return m.moderateConnectionFailed;
}

/** What people wrote, shortened to what a status line quotes of it. */
export const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

type Queue = Record<string, ModeratedQuestion>;

const withQuestion = (queue: Queue | undefined, question: ModeratedQuestion): Queue => ({
  ...queue,
  [question.id]: question,
});

/** How often the queue is read again while its stream is away or refused (the server holds all it may). */
const queuePollMs = 3000;

const queueOf = (questions: readonly ModeratedQuestion[]): Queue =>
  Object.fromEntries(questions.map((question) => [question.id, question]));

/**
 * Every session's questions as the moderator sees them: read (GET /api/admin/questions), then followed through
 * GET /api/admin/questions/events, both with the token in the Authorization header: the stream's snapshot, then each
 * question that appears or changes. A dropped or refused stream (503) reconnects with back-off, and the queue is
 * read every few seconds meanwhile, so the moderator keeps a live queue whatever the audience holds. A refused
 * token (401) or none set (404) stops it.
 */
const moderatorQueue = liveResources<Queue>((token) => ({
  url: adminQuestionsUrl,
  load: async (url, signal) =>
    queueOf((await getJson<{ questions: ModeratedQuestion[] }>(url, signal, bearer(token))).questions),
  retry: true,
  pollMs: queuePollMs,
  stream: liveStream<Queue, ModeratorEvents>({
    url: adminQuestionEventsUrl,
    headers: bearer(token),
    on: {
      snapshot: (_, data) => queueOf(data.questions),
      question: withQuestion,
    },
    stopOn: [401, 404],
  }),
}));

/**
 * The moderator's queue, live while there is a token; `onRefused` hears a refusal. `update` lets the page apply the
 * answer of its own action at once, before the stream repeats it.
 */
export function useModeratorStream(token: string | null, onRefused: (status: "refused" | "off") => void) {
  const resource = token === null ? null : moderatorQueue(token);
  const { data, error, stale } = useLive(resource, true);
  // A read or stream refused for the token; any other failure (a store away for a moment) is tried again.
  const refusal = error instanceof ApiError ? (({ 401: "refused", 404: "off" } as const)[error.status] ?? null) : null;
  // Told once per refusal, whatever the page's callback is by then.
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });
  useEffect(() => {
    if (refusal) refused.current(refusal);
  }, [refusal]);
  const status: StreamStatus = refusal ?? (stale ? "reconnecting" : data ? "live" : "connecting");
  const questions = useMemo(() => new Map(Object.entries(data ?? {})), [data]);
  const update = (question: ModeratedQuestion) => {
    if (resource) setLive(resource, (queue) => withQuestion(queue, question));
  };
  return { status, questions, update };
}
