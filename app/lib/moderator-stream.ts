import { useEffect, useMemo, useRef } from "react";
import { ApiError, liveResources, liveStream, setLive, useLive } from "./live-data";
import { adminQuestionEventsUrl, type ModeratedQuestion, type ModeratorEvents } from "../../common/question-contract";

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

type Queue = Record<string, ModeratedQuestion>;

const withQuestion = (queue: Queue | undefined, question: ModeratedQuestion): Queue => ({
  ...queue,
  [question.id]: question,
});

/**
 * Every session's questions as the moderator sees them, followed through GET /api/admin/questions/events with the
 * token in the Authorization header: its snapshot, then each question that appears or changes. A dropped stream
 * reconnects with back-off and starts again from a snapshot; a refused token (401) or none set (404) stops it.
 */
const moderatorQueue = liveResources<Queue>((token) => ({
  stream: liveStream<Queue, ModeratorEvents>({
    url: adminQuestionEventsUrl,
    headers: bearer(token),
    on: {
      snapshot: (_, data) => Object.fromEntries(data.questions.map((question) => [question.id, question])),
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
  const refusal = error instanceof ApiError ? (error.status === 401 ? "refused" : "off") : null;
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
