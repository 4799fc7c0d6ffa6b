import type { ModerationAction, QuestionStatus } from "../../common/question-contract";
import type { VoteOrigin } from "./origin";

/** A question as the store keeps it: every status, who asked (their voter id), and why it was hidden. */
export interface StoredQuestion {
  id: string;
  sessionId: string;
  text: string;
  name: string | null;
  /** The asker's voter id (the signed cookie): the same person as a voter. */
  askerId: string;
  /** ISO 8601 instant in UTC. */
  askedAt: string;
  status: QuestionStatus;
  /** Upvotes not withdrawn. */
  upvotes: number;
  onAir: boolean;
  hideReason: string | null;
}

/** A question to store, already checked and cleaned by the API. */
export interface NewQuestion {
  sessionId: string;
  askerId: string;
  text: string;
  name: string | null;
  askedAt: Date;
  /** "pending" under pre-moderation, "approved" under post-moderation. */
  status: "pending" | "approved";
  /**
   * The client's Idempotency-Key: the same asker sending the same key again gets the question the first request
   * made, never a second one.
   */
  idempotencyKey?: string | undefined;
  origin?: VoteOrigin | undefined;
}

/** What asking did: the question, and whether this call made it (false: an earlier call with the same key did). */
export interface AskResult {
  question: StoredQuestion;
  created: boolean;
}

/** An upvote's outcome: the question's count after the call, and whether the call changed anything. */
export interface UpvoteResult {
  upvotes: number;
  changed: boolean;
}

/** Which questions of which session changed: what a stream re-reads and sends. */
export interface QuestionChange {
  sessionId: string;
  /** The questions that changed; empty when the store cannot say which (re-read the whole session). */
  questionIds: string[];
}

/** The stage a session is on, and every session of that stage (issue 44): what a pin takes off air. */
export interface SessionStage {
  stage: string;
  sessions: readonly string[];
}

/**
 * Where the audience's questions live: in the vote store's database, per edition, beside the votes (decision 039).
 * An acknowledged question or upvote is committed before its promise resolves.
 */
export interface QuestionStore {
  /** Stores a question; with an idempotency key already used by the asker, answers that question unchanged. */
  ask(question: NewQuestion): Promise<AskResult>;
  /** One question of this edition, or null. */
  question(id: string): Promise<StoredQuestion | null>;
  /** Questions of this edition, every status, oldest first: one session's, or all when no session is given. */
  questions(sessionId?: string): Promise<StoredQuestion[]>;
  /** The ids of the session's questions that the voter upvotes now. */
  upvotedBy(voterId: string, sessionId: string): Promise<Set<string>>;
  /**
   * Adds the voter's upvote (once per voter and question) or withdraws it. Null when the question does not exist
   * or is not public (pending or hidden): nobody upvotes what they cannot see.
   */
  upvote(questionId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<UpvoteResult | null>;
  withdrawUpvote(questionId: string, voterId: string): Promise<UpvoteResult | null>;
  /**
   * A moderator's action, in one transaction: approve (pending to approved), hide (any but hidden; takes it off
   * air; final), answer (pending or approved to answered; takes it off air), pin (approves a pending one, and
   * takes the session's other question off air), unpin. Answers every question the action changed (a pin can
   * change two), an empty list when it changed nothing, or null for an unknown question. Refused with
   * QuestionStateError for an action the question's status does not allow (approving or pinning a hidden one).
   *
   * With `stageOf` (the stage of the question's session; undefined for a session no stage has), the moderator owns the stage's air (issue 44, decision
   * 091): a pin takes off air the other question of any session of that stage, not only of its own, and sets the
   * stage's show `questionSession` to the question's session; the question leaving the air (unpin, answer, hide)
   * clears it if it still names that session. Both in the same transaction as the questions' change, and the show's
   * listeners hear of it.
   */
  moderate(
    questionId: string,
    action: ModerationAction,
    at: Date,
    reason?: string,
    stageOf?: (sessionId: string) => SessionStage | undefined,
  ): Promise<StoredQuestion[] | null>;
  /**
   * Calls `listener` after questions of this edition changed: asked, upvoted, moderated, through this store or, on
   * an engine that several servers share, any of them. Calls are coalesced per turn of the event loop. Returns the
   * function that stops the calls.
   */
  onQuestionsChanged(listener: (changes: QuestionChange[]) => void): () => void;
}

/** An action the question's status does not allow: the API answers 409 with this message. */
export class QuestionStateError extends Error {
  override name = "QuestionStateError";
}
