import type { Kysely, Selectable } from "kysely";
import type { ModerationAction, QuestionStatus } from "../../common/question-contract";
import {
  QuestionStateError,
  type AskResult,
  type NewQuestion,
  type QuestionChange,
  type QuestionStore,
  type SessionStage,
  type StoredQuestion,
  type UpvoteResult,
} from "./question-store";
import type { Database } from "./schema";
import type { VoteOrigin } from "./origin";

export type QuestionRow = Selectable<Database["questions_by_edition"]>;

/** The columns a StoredQuestion is read from. */
export const questionColumns = [
  "id",
  "session_id",
  "asker_id",
  "text",
  "name",
  "asked_at",
  "status",
  "upvotes",
  "on_air",
  "hide_reason",
] as const;

export type QuestionColumns = Pick<QuestionRow, (typeof questionColumns)[number]>;

export function toStoredQuestion(row: QuestionColumns): StoredQuestion {
  return {
    id: row.id,
    sessionId: row.session_id,
    text: row.text,
    name: row.name,
    askerId: row.asker_id,
    askedAt: row.asked_at,
    status: row.status as QuestionStatus,
    upvotes: row.upvotes,
    onAir: row.on_air === 1,
    hideReason: row.hide_reason,
  };
}

/** Public questions are the ones anybody may see, and so upvote. */
export const upvotable: readonly QuestionStatus[] = ["approved", "answered"];

/** A moderator's action as both engines apply it: what it sets, decided from the question as it stands. */
export interface Transition {
  status: QuestionStatus;
  onAir: boolean;
  hideReason: string | null;
}

/**
 * What `action` makes of `question`: the new state, null when it changes nothing, or a QuestionStateError when the
 * question's status does not allow it. Hidden is final: approving, answering or pinning a hidden question is
 * refused; hiding or unpinning it again changes nothing.
 */
export function transition(
  question: Pick<StoredQuestion, "status" | "onAir" | "hideReason">,
  action: ModerationAction,
  reason: string | undefined,
): Transition | null {
  const { status, onAir } = question;
  if (status === "hidden" && (action === "approve" || action === "answer" || action === "pin")) {
    throw new QuestionStateError(`A hidden question cannot be ${action === "pin" ? "pinned" : `${action}d`}`);
  }
  const next: Transition = { status, onAir, hideReason: question.hideReason };
  switch (action) {
    case "approve":
      if (status !== "pending") return null;
      return { ...next, status: "approved" };
    case "hide":
      if (status === "hidden") return null;
      return { status: "hidden", onAir: false, hideReason: reason ?? null };
    case "answer":
      // An answered question still on air comes off it: answering says the moderator is done with it.
      if (status === "answered" && !onAir) return null;
      return { ...next, status: "answered", onAir: false };
    case "pin":
      if (onAir) return null;
      return { ...next, status: status === "pending" ? "approved" : status, onAir: true };
    case "unpin":
      if (!onAir) return null;
      return { ...next, onAir: false };
  }
}

/**
 * The reads of the question store over Kysely, the same for both engines, and its change notifications; each
 * engine writes in its own way (sqlite-question-store.ts, postgres-question-store.ts).
 */
export abstract class KyselyQuestionStore implements QuestionStore {
  private readonly listeners = new Set<(changes: QuestionChange[]) => void>();
  /** The changes of this turn of the event loop, by session: null means the whole session. */
  private pending = new Map<string, Set<string> | null>();
  private changeScheduled = false;

  constructor(
    protected readonly db: Kysely<Database>,
    readonly edition: string,
  ) {}

  abstract ask(question: NewQuestion): Promise<AskResult>;
  abstract upvote(questionId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<UpvoteResult | null>;
  abstract withdrawUpvote(questionId: string, voterId: string): Promise<UpvoteResult | null>;
  abstract moderate(
    questionId: string,
    action: ModerationAction,
    at: Date,
    reason?: string,
    stageOf?: (sessionId: string) => SessionStage | undefined,
  ): Promise<StoredQuestion[] | null>;

  async question(id: string): Promise<StoredQuestion | null> {
    const row = await this.db
      .selectFrom("questions_by_edition")
      .select(questionColumns)
      .where("edition", "=", this.edition)
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? toStoredQuestion(row) : null;
  }

  async questions(sessionId?: string): Promise<StoredQuestion[]> {
    let query = this.db.selectFrom("questions_by_edition").select(questionColumns).where("edition", "=", this.edition);
    if (sessionId !== undefined) query = query.where("session_id", "=", sessionId);
    // Oldest first; questions asked in the same millisecond in a stable order.
    const rows = await query.orderBy("asked_at").orderBy("id").execute();
    return rows.map(toStoredQuestion);
  }

  async upvotedBy(voterId: string, sessionId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom("question_upvotes_by_edition as upvote")
      .innerJoin("questions_by_edition as question", (join) =>
        join.onRef("question.edition", "=", "upvote.edition").onRef("question.id", "=", "upvote.question_id"),
      )
      .select("upvote.question_id")
      .where("upvote.edition", "=", this.edition)
      .where("upvote.voter_id", "=", voterId)
      .where("question.session_id", "=", sessionId)
      .execute();
    return new Set(rows.map((row) => row.question_id));
  }

  onQuestionsChanged(listener: (changes: QuestionChange[]) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Tells the listeners which questions changed, once for all the changes of one turn of the event loop: a burst
   * of upvotes costs a stream one read of its session, not one per upvote.
   */
  protected questionsChanged(changes: readonly QuestionChange[]) {
    if (this.listeners.size === 0) return;
    mergeChanges(this.pending, changes);
    if (this.changeScheduled) return;
    this.changeScheduled = true;
    setImmediate(() => {
      this.changeScheduled = false;
      const pending = this.pending;
      this.pending = new Map();
      const merged = [...pending].map(([sessionId, ids]) => ({ sessionId, questionIds: ids ? [...ids] : [] }));
      if (merged.length === 0) return;
      for (const listener of this.listeners) listener(merged);
    });
  }
}

/** The changes a moderator's action made, one per session (a pin's two questions are of one session). */
export function changesOf(questions: readonly StoredQuestion[]): QuestionChange[] {
  const bySession = new Map<string, string[]>();
  for (const question of questions) {
    bySession.set(question.sessionId, [...(bySession.get(question.sessionId) ?? []), question.id]);
  }
  return [...bySession].map(([sessionId, questionIds]) => ({ sessionId, questionIds }));
}

/** Adds `changes` to `pending`, by session: a change without ids (the whole session) absorbs the others. */
export function mergeChanges(pending: Map<string, Set<string> | null>, changes: readonly QuestionChange[]) {
  for (const { sessionId, questionIds } of changes) {
    const known = pending.get(sessionId);
    if (known === null) continue;
    if (questionIds.length === 0) pending.set(sessionId, null);
    else if (known) for (const id of questionIds) known.add(id);
    else pending.set(sessionId, new Set(questionIds));
  }
}
