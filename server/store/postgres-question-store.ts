import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { ModerationAction } from "../../app/lib/questions";
import {
  changesOf,
  KyselyQuestionStore,
  questionColumns,
  toStoredQuestion,
  transition,
  type QuestionColumns,
} from "./kysely-question-store";
import type { AskResult, NewQuestion, QuestionChange, StoredQuestion, UpvoteResult } from "./question-store";
import type { Database } from "./schema";
import type { VoteOrigin } from "./origin";

const columns = sql.raw(questionColumns.join(", "));

interface UpvoteRow {
  session_id: string;
  upvotes: number;
  changed: boolean;
}

/**
 * The PostgreSQL question store: each ask and upvote is one statement (its own transaction, committed before it
 * answers), safe when several servers write at once because the database's unique keys decide every race. A
 * moderator's action is a short transaction serialised per session (see moderate()); moderators act a few times a
 * minute, so its round trips cost nothing that matters.
 */
export class PostgresQuestionStore extends KyselyQuestionStore {
  constructor(
    db: Kysely<Database>,
    edition: string,
    /** Tells the other servers sharing the schema (postgres-counts-channel.ts). */
    private readonly announce: (changes: QuestionChange[]) => void,
  ) {
    super(db, edition);
  }

  /** Changes another server made, as its notification said. */
  heard(changes: QuestionChange[]) {
    this.questionsChanged(changes);
  }

  /**
   * After the listening connection was down, the other servers' changes meanwhile went unheard: every session
   * with questions is re-read.
   */
  async missed() {
    const rows = await this.db
      .selectFrom("questions_by_edition")
      .select("session_id")
      .distinct()
      .where("edition", "=", this.edition)
      .execute();
    this.questionsChanged(rows.map((row) => ({ sessionId: row.session_id, questionIds: [] })));
  }

  private changed(changes: QuestionChange[]) {
    this.questionsChanged(changes);
    this.announce(changes);
  }

  async ask(question: NewQuestion): Promise<AskResult> {
    const edition = this.edition;
    const key = question.idempotencyKey ?? null;
    // Inserted, or the asker's question of the same key: the insert's conflict is what decides a race between
    // two servers. The second select sees only what was committed before the statement began.
    const { rows } = await sql<QuestionColumns & { created: boolean }>`
      with inserted as (
        insert into questions_by_edition
          (edition, id, session_id, asker_id, text, name, asked_at, status, idempotency_key, address_hash, agent_hash)
        values (${edition}, ${randomUUID()}, ${question.sessionId}, ${question.askerId}, ${question.text},
          ${question.name}, ${question.askedAt.toISOString()}, ${question.status}, ${key},
          ${question.origin?.addressHash ?? null}, ${question.origin?.agentHash ?? null})
        on conflict (edition, asker_id, idempotency_key) do nothing
        returning ${columns}
      )
      select ${columns}, true as created from inserted
      union all
      select ${columns}, false as created from questions_by_edition
      where edition = ${edition} and asker_id = ${question.askerId} and idempotency_key = ${key}`.execute(this.db);
    const row =
      rows.find((candidate) => candidate.created) ??
      rows[0] ??
      (key === null ? undefined : await this.byKey(question.askerId, key));
    if (!row) throw new Error("Question not written");
    const stored = toStoredQuestion(row);
    const created = row.created;
    if (created) this.changed([{ sessionId: stored.sessionId, questionIds: [stored.id] }]);
    return { question: stored, created };
  }

  /**
   * The asker's question of this key, committed by a request of the same key on another connection after the
   * insert's statement began (it waited for that one's commit, then did nothing): a later statement sees it.
   */
  private async byKey(askerId: string, key: string) {
    const row = await this.db
      .selectFrom("questions_by_edition")
      .select(questionColumns)
      .where("edition", "=", this.edition)
      .where("asker_id", "=", askerId)
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    return row ? { ...row, created: false } : undefined;
  }

  async upvote(questionId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<UpvoteResult | null> {
    const edition = this.edition;
    // The upvote's row, then the question's count: one order for every upvote and withdrawal, so two never wait
    // for each other in a cycle. A second upvote of one voter waits for the first's commit and inserts nothing.
    const { rows } = await sql<UpvoteRow>`
      with question as (
        select id, session_id, upvotes from questions_by_edition
        where edition = ${edition} and id = ${questionId} and status in ('approved', 'answered')
      ),
      inserted as (
        insert into question_upvotes_by_edition (edition, question_id, voter_id, upvoted_at, address_hash, agent_hash)
        select ${edition}::text, id, ${voterId}::text, ${at.toISOString()}::text, ${origin?.addressHash ?? null}::text,
          ${origin?.agentHash ?? null}::text
        from question
        on conflict (edition, question_id, voter_id) do nothing
        returning question_id
      ),
      updated as (
        update questions_by_edition set upvotes = upvotes + 1
        where edition = ${edition} and id in (select question_id from inserted)
        returning upvotes
      )
      select question.session_id, coalesce((select upvotes from updated), question.upvotes) as upvotes,
        exists (select 1 from updated) as changed
      from question`.execute(this.db);
    return this.upvoted(questionId, rows[0]);
  }

  async withdrawUpvote(questionId: string, voterId: string): Promise<UpvoteResult | null> {
    const edition = this.edition;
    const { rows } = await sql<UpvoteRow>`
      with question as (
        select id, session_id, upvotes from questions_by_edition
        where edition = ${edition} and id = ${questionId} and status in ('approved', 'answered')
      ),
      deleted as (
        delete from question_upvotes_by_edition
        where edition = ${edition} and question_id in (select id from question) and voter_id = ${voterId}
        returning question_id
      ),
      updated as (
        update questions_by_edition set upvotes = upvotes - 1
        where edition = ${edition} and id in (select question_id from deleted)
        returning upvotes
      )
      select question.session_id, coalesce((select upvotes from updated), question.upvotes) as upvotes,
        exists (select 1 from updated) as changed
      from question`.execute(this.db);
    return this.upvoted(questionId, rows[0]);
  }

  private upvoted(questionId: string, row: UpvoteRow | undefined): UpvoteResult | null {
    if (!row) return null;
    if (row.changed) this.changed([{ sessionId: row.session_id, questionIds: [questionId] }]);
    return { upvotes: row.upvotes, changed: row.changed };
  }

  /**
   * In one transaction, after taking the session's advisory lock: two moderators (or servers) acting on one
   * session at once go one after the other, so two pins cannot both take "the other question" off air and then
   * both go on air (the partial unique index would refuse the second with an error instead). Each statement reads
   * what was committed before it, so the question is read again under the lock.
   */
  async moderate(
    questionId: string,
    action: ModerationAction,
    at: Date,
    reason?: string,
  ): Promise<StoredQuestion[] | null> {
    const edition = this.edition;
    const moment = at.toISOString();
    const changed = await this.db.transaction().execute(async (trx) => {
      const { rows: found } = await sql<{ session_id: string }>`
        select session_id, pg_advisory_xact_lock(hashtextextended(${edition}::text || ' ' || session_id, 0))
        from questions_by_edition where edition = ${edition} and id = ${questionId}`.execute(trx);
      const sessionId = found[0]?.session_id;
      if (sessionId === undefined) return null;
      const { rows: current } = await sql<QuestionColumns>`
        select ${columns} from questions_by_edition
        where edition = ${edition} and (id = ${questionId} or (session_id = ${sessionId} and on_air = 1))
        order by id
        for update`.execute(trx);
      const target = current.find((row) => row.id === questionId);
      if (!target) return null;
      const next = transition(toStoredQuestion(target), action, reason);
      if (!next) return [];
      const others = next.onAir ? current.filter((row) => row.id !== questionId).map((row) => row.id) : [];
      // The other comes off air first: the partial unique index is checked row by row.
      const { rows: offAir } =
        others.length > 0
          ? await sql<QuestionColumns>`
              update questions_by_edition set on_air = 0, moderated_at = ${moment}
              where edition = ${edition} and id = any(${others}::text[])
              returning ${columns}`.execute(trx)
          : { rows: [] };
      const { rows: updated } = await sql<QuestionColumns>`
        update questions_by_edition
        set status = ${next.status}, on_air = ${next.onAir ? 1 : 0}, hide_reason = ${next.hideReason},
          moderated_at = ${moment}
        where edition = ${edition} and id = ${questionId}
        returning ${columns}`.execute(trx);
      return [...updated, ...offAir].map(toStoredQuestion);
    });
    if (changed && changed.length > 0) this.changed(changesOf(changed));
    return changed;
  }
}
