/**
 * The audience's questions (decision 039): what the talk pages, /moderate and the server share: the API's shapes and
 * addresses, the limits, and each session's question window. Defined here once; the app never imports server/.
 */

/** Minutes after a session ends that its questions stay open (the rule, the same for every edition). */
export const questionsCloseMinutesAfter = 30;

/** Characters as a person counts them (graphemes: an emoji or an accented letter is one). */
export const questionLimits = { text: 280, name: 40, hideReason: 200 } as const;

/** Where a question stands. `hidden` is the moderator's final word: it never reaches the public again. */
export type QuestionStatus = "pending" | "approved" | "answered" | "hidden";
export type Moderation = "pre" | "post";

/** What a moderator can do to a question (POST /api/admin/questions/:id). Nobody edits what an asker wrote. */
export const moderationActions = ["approve", "hide", "answer", "pin", "unpin"] as const;
export type ModerationAction = (typeof moderationActions)[number];

/** A question as anyone may see it: in the session's stream, and in GET answers. */
export interface PublicQuestion {
  id: string;
  text: string;
  /** The name the asker gave, or null. */
  name: string | null;
  upvotes: number;
  status: Exclude<QuestionStatus, "hidden">;
  /** Pinned on air: the stream's overlay shows it. At most one per session. */
  onAir: boolean;
  /** ISO 8601 instant in UTC. */
  askedAt: string;
}

/** A question as GET /api/sessions/:id/questions answers it to one caller. */
export interface CallerQuestion extends PublicQuestion {
  /** The caller asked it (their own pending ones are listed too, and only to them). */
  yours: boolean;
  upvotedByYou: boolean;
}

/** Whether a session takes questions now: before its window, in it, or after it. */
export type QuestionWindowState = "upcoming" | "open" | "closed";

/** GET /api/sessions/:id/questions. */
export interface SessionQuestions {
  window: { opens: string; closes: string; state: QuestionWindowState };
  moderation: Moderation;
  questions: CallerQuestion[];
}

/** POST /api/sessions/:id/questions answers 201 with this. */
export interface AskedQuestion {
  id: string;
  status: "pending" | "approved";
}

/** POST and DELETE /api/questions/:id/upvote answer with this. */
export interface UpvoteState {
  id: string;
  upvotes: number;
  upvotedByYou: boolean;
}

/** A question as the moderator sees it (GET /api/admin/questions and its stream): every status, and why hidden. */
export interface ModeratedQuestion extends Omit<PublicQuestion, "status"> {
  sessionId: string;
  status: QuestionStatus;
  hideReason: string | null;
}

/**
 * The events of a session's question stream (GET /api/sessions/:id/questions/events), by SSE event name:
 * `snapshot` once on connecting, then `question` for a question that appeared or changed (approved, answered,
 * pinned or unpinned, one per question), `upvotes` for counts that changed ({id: count}, batched), and `removed`
 * for one hidden. The stream carries public questions only: who asked and who upvoted stay in the GET answer.
 */
export interface QuestionEvents {
  snapshot: { questions: PublicQuestion[] };
  question: PublicQuestion;
  upvotes: Record<string, number>;
  removed: { id: string };
}

/** The moderator's stream (GET /api/admin/questions/events, with the token): every session's questions. */
export interface ModeratorEvents {
  snapshot: { questions: ModeratedQuestion[] };
  question: ModeratedQuestion;
}

export const sessionQuestionsUrl = (sessionId: string) => `/api/sessions/${sessionId}/questions`;
export const sessionQuestionEventsUrl = (sessionId: string) => `/api/sessions/${sessionId}/questions/events`;
/** The fragment a question sent without script returns to: its page thanks its asker there (decision 060). */
export const questionSentMarker = "question-sent";
export const upvoteUrl = (questionId: string) => `/api/questions/${questionId}/upvote`;
export const adminQuestionsUrl = "/api/admin/questions";
export const adminQuestionUrl = (questionId: string) => `/api/admin/questions/${questionId}`;
export const adminQuestionEventsUrl = "/api/admin/questions/events";
export const adminQuestionsCsvUrl = (sessionId: string) => `/api/admin/questions.csv?session=${sessionId}`;
/** The moderator's page: not linked from the site, not in the sitemap. */
export const moderatePath = "/moderate";

/** The edition's questions setting (content/schema.ts), as the app and the server read it. */
export interface QuestionSettings {
  sessionTypes?: readonly string[] | undefined;
  opensMinutesBefore: number;
  moderation: Moderation;
}

/** The window of every session, when QUESTIONS_OPENS / QUESTIONS_CLOSES override it (either end alone). */
export interface QuestionWindowOverride {
  opens?: Date | undefined;
  closes?: Date | undefined;
}

/** Whether sessions of this type take questions: the edition's list, or every type but Break. */
export function takesQuestions(type: string, settings: QuestionSettings): boolean {
  return settings.sessionTypes ? settings.sessionTypes.includes(type) : type !== "Break";
}

/** When a session's questions open and close: from the edition's lead before it starts to 30 minutes after it ends. */
export function questionWindowOf(
  session: { start: string; end: string },
  settings: QuestionSettings,
  override: QuestionWindowOverride = {},
): { opens: Date; closes: Date } {
  const minute = 60_000;
  return {
    opens: override.opens ?? new Date(Date.parse(session.start) - settings.opensMinutesBefore * minute),
    closes: override.closes ?? new Date(Date.parse(session.end) + questionsCloseMinutesAfter * minute),
  };
}

export function questionWindowState(window: { opens: Date; closes: Date }, at: Date): QuestionWindowState {
  // Compared as numbers: `<` on two Dates converts each through valueOf, and the polled reads ask on every request.
  const instant = at.getTime();
  if (instant < window.opens.getTime()) return "upcoming";
  return instant < window.closes.getTime() ? "open" : "closed";
}
