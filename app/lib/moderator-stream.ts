import { useEffect, useRef, useState } from "react";
import { adminQuestionEventsUrl, type ModeratedQuestion, type ModeratorEvents } from "../../shared/question-contract";

/** One Server-Sent Event: its name ("message" when it has none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads whole events out of an SSE text stream as it arrives: `push` takes the next chunk of text and returns the
 * events it completed; a partial event waits for the rest. Comments (`: heartbeat`), `id:` and `retry:` are skipped.
 * EventSource would do this, but it cannot send the moderator's token in an Authorization header.
 */
export function sseReader() {
  let buffer = "";
  return (chunk: string): StreamEvent[] => {
    buffer += chunk;
    // A CR at the end may be the first half of a CRLF that the next chunk completes: it waits for it.
    const held = buffer.endsWith("\r") ? "\r" : "";
    const blocks = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, "\n").split("\n\n");
    buffer = (blocks.pop() ?? "") + held;
    return blocks.flatMap((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      return data.length > 0 ? [{ event, data: data.join("\n") }] : [];
    });
  };
}

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

/** The first pause before reconnecting, doubled after each failure up to the last. */
export const reconnectMs = { first: 1000, last: 30_000 } as const;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Every session's questions as the moderator sees them, followed live through GET /api/admin/questions/events read
 * with fetch (the token goes in the Authorization header): its snapshot, then each question that appears or
 * changes. A dropped stream reconnects with back-off and starts again from a snapshot; a refused token stops.
 * `update` lets the page apply the answer of its own action at once, before the stream repeats it.
 */
export function useModeratorStream(token: string | null, onRefused: (status: "refused" | "off") => void) {
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });
  const [status, setStatus] = useState<StreamStatus>("connecting");
  const [questions, setQuestions] = useState<ReadonlyMap<string, ModeratedQuestion>>(() => new Map());
  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    let pause: number = reconnectMs.first;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setStatus("connecting");
    const follow = async () => {
      try {
        const response = await fetch(adminQuestionEventsUrl, {
          headers: { ...bearer(token), accept: "text/event-stream" },
          cache: "no-store",
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 404) {
          const status = response.status === 401 ? "refused" : "off";
          setStatus(status);
          await response.body?.cancel();
          refused.current(status);
          return;
        }
        // Any other failure (a proxy's 502) is a dropped stream: the catch below reconnects and shows no one the
        // error, so it carries the status for a debugger rather than words for the page.
        if (!response.ok || !response.body) throw new Error(`HTTP ${String(response.status)}`);
        const read = sseReader();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const { event, data } of read(value)) {
            if (event === "snapshot") {
              const snapshot = JSON.parse(data) as ModeratorEvents["snapshot"];
              setQuestions(new Map(snapshot.questions.map((question) => [question.id, question])));
              setStatus("live");
              pause = reconnectMs.first;
            } else if (event === "question") {
              const question = JSON.parse(data) as ModeratorEvents["question"];
              setQuestions((current) => new Map(current).set(question.id, question));
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      setStatus("reconnecting");
      timer = setTimeout(() => void follow(), pause);
      pause = Math.min(pause * 2, reconnectMs.last);
    };
    void follow();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token]);
  const update = (question: ModeratedQuestion) => {
    setQuestions((current) => new Map(current).set(question.id, question));
  };
  return { status, questions, update };
}
