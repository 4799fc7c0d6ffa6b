import { randomUUID } from "node:crypto";
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { ModerationAction } from "../../common/question-contract";
import {
  changesOf,
  KyselyQuestionStore,
  questionColumns,
  toStoredQuestion,
  transition,
  upvotable,
  type QuestionColumns,
} from "./kysely-question-store";
import type { AskResult, NewQuestion, SessionStage, StoredQuestion, UpvoteResult } from "./question-store";
import type { Database } from "./schema";
import type { VoteOrigin } from "./origin";

/** An upvote's outcome, and the question's session, to say which changed. */
interface SessionUpvote extends UpvoteResult {
  sessionId: string;
}

/** A write waiting for the next batch, and how to answer its caller. */
interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The SQLite question store writes with prepared statements in synchronous IMMEDIATE transactions, like the votes
 * (sqlite.ts): a Kysely transaction spans several turns of the event loop on the one connection, and a batch of
 * votes written in between would join it. The writes that arrive while the event loop is busy go in one
 * transaction at its next turn, each in a savepoint of its own so that one failing (a QuestionStateError) fails
 * alone: one commit per write capped the store at about 2,000 upvotes a second on this machine. Each is answered
 * once the batch is committed (in the WAL, which a killed process does not lose). Reads stay on Kysely.
 */
export class SqliteQuestionStore extends KyselyQuestionStore {
  private queue: PendingWrite[] = [];
  private readonly writeBatch: (writes: PendingWrite[]) => void;
  private readonly askOne: (question: NewQuestion) => AskResult;
  private readonly upvoteOne: (
    questionId: string,
    voterId: string,
    at: string,
    origin: VoteOrigin | undefined,
  ) => SessionUpvote | null;
  private readonly withdrawOne: (questionId: string, voterId: string) => SessionUpvote | null;
  private readonly moderateOne: (
    questionId: string,
    action: ModerationAction,
    at: string,
    reason: string | undefined,
    stageOf: ((sessionId: string) => SessionStage | undefined) | undefined,
  ) => { questions: StoredQuestion[]; showChanged: boolean } | null;

  constructor(
    db: Kysely<Database>,
    database: SQLite.Database,
    edition: string,
    /** A pin changed a stage's show (the show store tells its listeners). */
    private readonly showChanged: () => void,
  ) {
    super(db, edition);
    const columns = questionColumns.join(", ");
    const byId = database.prepare<[string, string], QuestionColumns>(
      `select ${columns} from questions_by_edition where edition = ? and id = ?`,
    );
    const byKey = database.prepare<[string, string, string], QuestionColumns>(
      `select ${columns} from questions_by_edition where edition = ? and asker_id = ? and idempotency_key = ?`,
    );
    const insert = database.prepare<
      [
        string,
        string,
        string,
        string,
        string,
        string | null,
        string,
        string,
        string | null,
        string | null,
        string | null,
      ]
    >(
      `insert into questions_by_edition
         (edition, id, session_id, asker_id, text, name, asked_at, status, idempotency_key, address_hash, agent_hash)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (edition, asker_id, idempotency_key) do nothing`,
    );
    const askTransaction = database.transaction((question: NewQuestion): AskResult => {
      const key = question.idempotencyKey ?? null;
      if (key !== null) {
        const earlier = byKey.get(edition, question.askerId, key);
        if (earlier) return { question: toStoredQuestion(earlier), created: false };
      }
      const id = randomUUID();
      insert.run(
        edition,
        id,
        question.sessionId,
        question.askerId,
        question.text,
        question.name,
        question.askedAt.toISOString(),
        question.status,
        key,
        question.origin?.addressHash ?? null,
        question.origin?.agentHash ?? null,
      );
      const row = byId.get(edition, id);
      if (!row) throw new Error("Question not written");
      return { question: toStoredQuestion(row), created: true };
    });
    this.askOne = askTransaction;

    const addUpvote = database.prepare<[string, string, string, string, string | null, string | null]>(
      `insert into question_upvotes_by_edition (edition, question_id, voter_id, upvoted_at, address_hash, agent_hash)
       values (?, ?, ?, ?, ?, ?) on conflict (edition, question_id, voter_id) do nothing`,
    );
    const removeUpvote = database.prepare<[string, string, string]>(
      "delete from question_upvotes_by_edition where edition = ? and question_id = ? and voter_id = ?",
    );
    const addToCount = database.prepare<[number, string, string], { upvotes: number }>(
      "update questions_by_edition set upvotes = upvotes + ? where edition = ? and id = ? returning upvotes",
    );
    /** The question's count after adding `change` (+1 or -1) if `write` changed a row; null if it is not public. */
    const changeUpvote =
      (write: (questionId: string) => boolean, change: 1 | -1) =>
      (questionId: string): SessionUpvote | null => {
        const question = byId.get(edition, questionId);
        if (!question || !upvotable.includes(toStoredQuestion(question).status)) return null;
        const sessionId = question.session_id;
        if (!write(questionId)) return { sessionId, upvotes: question.upvotes, changed: false };
        const row = addToCount.get(change, edition, questionId);
        return { sessionId, upvotes: row?.upvotes ?? question.upvotes, changed: true };
      };
    const upvoteOne = database.transaction(
      (questionId: string, voterId: string, at: string, origin: VoteOrigin | undefined) =>
        changeUpvote(
          (id) =>
            addUpvote.run(edition, id, voterId, at, origin?.addressHash ?? null, origin?.agentHash ?? null).changes ===
            1,
          1,
        )(questionId),
    );
    this.upvoteOne = upvoteOne;
    this.withdrawOne = database.transaction((questionId: string, voterId: string) =>
      changeUpvote((id) => removeUpvote.run(edition, id, voterId).changes === 1, -1)(questionId),
    );

    const onAirOf = database.prepare<[string, string, string], { id: string }>(
      "select id from questions_by_edition where edition = ? and session_id = ? and on_air = 1 and id <> ?",
    );
    // The stage's sessions as one JSON parameter: a stage of a large programme has hundreds.
    const onAirOfStage = database.prepare<[string, string, string], { id: string }>(
      "select id from questions_by_edition where edition = ? and session_id in (select value from json_each(?)) and on_air = 1 and id <> ?",
    );
    const pinOnStage = database.prepare<[string, string, string]>(
      `insert into show_stages_by_edition (edition, stage, question_session) values (?, ?, ?)
       on conflict (edition, stage) do update set question_session = excluded.question_session`,
    );
    const offStage = database.prepare<[string, string, string]>(
      "update show_stages_by_edition set question_session = null where edition = ? and stage = ? and question_session = ?",
    );
    const setState = database.prepare<[string, number, string | null, string, string, string]>(
      "update questions_by_edition set status = ?, on_air = ?, hide_reason = ?, moderated_at = ? where edition = ? and id = ?",
    );
    const takeOffAir = database.prepare<[string, string, string]>(
      "update questions_by_edition set on_air = 0, moderated_at = ? where edition = ? and id = ?",
    );
    const moderateTransaction = database.transaction(
      (
        questionId: string,
        action: ModerationAction,
        at: string,
        reason: string | undefined,
        stageOf: ((sessionId: string) => SessionStage | undefined) | undefined,
      ) => {
        const row = byId.get(edition, questionId);
        if (!row) return null;
        const next = transition(toStoredQuestion(row), action, reason);
        if (!next) return { questions: [], showChanged: false };
        const stage = stageOf?.(row.session_id);
        const changed = [questionId];
        if (next.onAir) {
          // First the other question comes off air (the session's, or the stage's): the partial unique index allows
          // one at a time.
          const others = stage
            ? onAirOfStage.all(edition, JSON.stringify(stage.sessions), questionId)
            : onAirOf.all(edition, row.session_id, questionId);
          for (const other of others) {
            takeOffAir.run(at, edition, other.id);
            changed.push(other.id);
          }
        }
        setState.run(next.status, next.onAir ? 1 : 0, next.hideReason, at, edition, questionId);
        let showChanged = false;
        if (stage && next.onAir) {
          pinOnStage.run(edition, stage.stage, row.session_id);
          showChanged = true;
        } else if (stage && row.on_air === 1) {
          showChanged = offStage.run(edition, stage.stage, row.session_id).changes > 0;
        }
        const questions = changed.map((id) => {
          const after = byId.get(edition, id);
          if (!after) throw new Error(`Question ${id} vanished`);
          return toStoredQuestion(after);
        });
        return { questions, showChanged };
      },
    );
    this.moderateOne = moderateTransaction;

    const settled: (() => void)[] = [];
    // Nested in the batch, each write's own transaction function runs in a savepoint.
    const batch = database.transaction((writes: PendingWrite[]) => {
      for (const write of writes) {
        try {
          const value = write.work();
          settled.push(() => {
            write.resolve(value);
          });
        } catch (error) {
          settled.push(() => {
            write.reject(error);
          });
        }
      }
    });
    this.writeBatch = (writes) => {
      settled.length = 0;
      try {
        // IMMEDIATE: take the write lock first, waiting under busy_timeout.
        batch.immediate(writes);
      } catch (error) {
        // The batch itself failed (the database locked past busy_timeout): nothing was written.
        for (const write of writes) write.reject(error);
        return;
      }
      // Answer only once the batch is committed.
      for (const settle of settled) settle();
    };
  }

  /** Queues a synchronous write for the batch of this turn of the event loop. */
  private write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const write: PendingWrite = { work, resolve: resolve as (value: unknown) => void, reject };
      if (this.queue.push(write) === 1) {
        setImmediate(() => {
          this.flush();
        });
      }
    });
  }

  /** Writes the waiting writes now: at the next turn, or when the store closes. */
  flush() {
    const writes = this.queue;
    this.queue = [];
    if (writes.length > 0) this.writeBatch(writes);
  }

  async ask(question: NewQuestion): Promise<AskResult> {
    const result = await this.write(() => this.askOne(question));
    if (result.created) this.questionsChanged([{ sessionId: question.sessionId, questionIds: [result.question.id] }]);
    return result;
  }

  upvote(questionId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<UpvoteResult | null> {
    return this.upvoted(questionId, () => this.upvoteOne(questionId, voterId, at.toISOString(), origin));
  }

  withdrawUpvote(questionId: string, voterId: string): Promise<UpvoteResult | null> {
    return this.upvoted(questionId, () => this.withdrawOne(questionId, voterId));
  }

  private async upvoted(questionId: string, work: () => SessionUpvote | null): Promise<UpvoteResult | null> {
    const result = await this.write(work);
    if (!result) return null;
    if (result.changed) this.questionsChanged([{ sessionId: result.sessionId, questionIds: [questionId] }]);
    return { upvotes: result.upvotes, changed: result.changed };
  }

  async moderate(
    questionId: string,
    action: ModerationAction,
    at: Date,
    reason?: string,
    stageOf?: (sessionId: string) => SessionStage | undefined,
  ): Promise<StoredQuestion[] | null> {
    const changed = await this.write(() => this.moderateOne(questionId, action, at.toISOString(), reason, stageOf));
    if (!changed) return null;
    this.questionsChanged(changesOf(changed.questions));
    if (changed.showChanged) this.showChanged();
    return changed.questions;
  }
}
