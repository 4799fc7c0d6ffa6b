import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { errorCode } from "./errors";
import type { ModerationAction } from "../../common/question-contract";
import {
  changesOf,
  KyselyQuestionStore,
  questionColumns,
  toStoredQuestion,
  transition,
  type QuestionColumns,
} from "./kysely-question-store";
import type {
  AskResult,
  NewQuestion,
  QuestionChange,
  SessionStage,
  StoredQuestion,
  UpvoteResult,
} from "./question-store";
import type { Database } from "./schema";
import type { VoteOrigin } from "./origin";
import { WriteBatches } from "./write-batches";

const columns = sql.raw(questionColumns.join(", "));

interface UpvoteRow {
  session_id: string;
  upvotes: number;
  changed: boolean;
}

/** An upvote waiting for the next batch, and how to answer its caller. */
interface PendingUpvote {
  questionId: string;
  voterId: string;
  upvotedAt: string;
  origin: VoteOrigin | undefined;
  resolve: (result: UpvoteResult | null) => void;
  reject: (error: unknown) => void;
}

/** What the batch statement says of each distinct upvote, by its place in the batch. */
interface BatchRow {
  index: number;
  /** Null when the question is unknown or not public. */
  session_id: string | null;
  changed: boolean;
  upvotes: number | null;
}

/** PostgreSQL's deadlock_detected: two servers' batches waited for each other; one is undone, and run again. */
const deadlock = "40P01";
const deadlockRetries = 3;
const keyOf = (upvote: PendingUpvote) => JSON.stringify([upvote.questionId, upvote.voterId]);

/**
 * The PostgreSQL question store: each ask and upvote is one statement (its own transaction, committed before it
 * answers), safe when several servers write at once because the database's unique keys decide every race. A
 * moderator's action is a short transaction serialised per session (see moderate()); moderators act a few times a
 * minute, so its round trips cost nothing that matters.
 */
export class PostgresQuestionStore extends KyselyQuestionStore {
  /** A voter's repeat for the same question waits for the first upvote's batch. */
  private readonly batches = new WriteBatches<PendingUpvote>(keyOf, (upvotes) => this.writeBatch(upvotes));

  constructor(
    db: Kysely<Database>,
    edition: string,
    /** Tells the other servers sharing the schema (postgres-counts-channel.ts). */
    private readonly announce: (changes: QuestionChange[]) => void,
    /** A pin changed a stage's show (the show store tells its listeners and the other servers). */
    private readonly showChanged: () => void,
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

  /**
   * Upvotes go in batches, one statement each, as votes do (decision 028): the upvotes that arrive while the batches
   * in flight are busy go together in the next. One statement per upvote was one commit each, with the question's
   * row locked from its update to its commit, so upvotes of one question queued behind each other's commits (788
   * a second at 1,000 clients on 20 questions).
   */
  upvote(questionId: string, voterId: string, at: Date, origin?: VoteOrigin): Promise<UpvoteResult | null> {
    return new Promise((resolve, reject) => {
      this.batches.add({ questionId, voterId, upvotedAt: at.toISOString(), origin, resolve, reject });
    });
  }

  /** Writes the batch and settles each upvote; never rejects. */
  private async writeBatch(upvotes: PendingUpvote[]) {
    // One row per question and voter: a voter's repeats in one batch get the first one's answer, as unchanged.
    const groups = new Map<string, PendingUpvote[]>();
    for (const upvote of upvotes) groups.set(keyOf(upvote), [...(groups.get(keyOf(upvote)) ?? []), upvote]);
    const distinct = [...groups.values()].map(([first]) => first as PendingUpvote);
    let rows: BatchRow[];
    try {
      rows = await this.upvoteBatch(distinct);
    } catch (error) {
      for (const upvote of upvotes) upvote.reject(error);
      return;
    }
    const byIndex = new Map(rows.map((row) => [row.index, row]));
    const changes = new Map<string, string[]>();
    for (const [index, group] of [...groups.values()].entries()) {
      const row = byIndex.get(index);
      const [first, ...repeats] = group as [PendingUpvote, ...PendingUpvote[]];
      if (!row || row.session_id === null || row.upvotes === null) {
        for (const upvote of group) upvote.resolve(null);
        continue;
      }
      if (row.changed) changes.set(row.session_id, [...(changes.get(row.session_id) ?? []), first.questionId]);
      first.resolve({ upvotes: row.upvotes, changed: row.changed });
      for (const repeat of repeats) repeat.resolve({ upvotes: row.upvotes, changed: false });
    }
    if (changes.size > 0) {
      this.changed([...changes].map(([sessionId, questionIds]) => ({ sessionId, questionIds })));
    }
  }

  /**
   * One statement for the batch: insert the upvotes of public questions (skipping the voters' earlier ones), add
   * what was inserted to each question's count, and answer for each whether it changed and the count after.
   */
  private async upvoteBatch(upvotes: PendingUpvote[]): Promise<BatchRow[]> {
    const edition = this.edition;
    const query = sql<BatchRow>`
      with input as (
        select question_id, voter_id, upvoted_at, address_hash, agent_hash, (n - 1)::int as index
        from unnest(${upvotes.map((upvote) => upvote.questionId)}::text[],
          ${upvotes.map((upvote) => upvote.voterId)}::text[], ${upvotes.map((upvote) => upvote.upvotedAt)}::text[],
          ${upvotes.map((upvote) => upvote.origin?.addressHash ?? null)}::text[],
          ${upvotes.map((upvote) => upvote.origin?.agentHash ?? null)}::text[])
          with ordinality as t(question_id, voter_id, upvoted_at, address_hash, agent_hash, n)
      ),
      question as (
        select id, session_id, upvotes from questions_by_edition
        where edition = ${edition} and id in (select question_id from input) and status in ('approved', 'answered')
      ),
      inserted as (
        insert into question_upvotes_by_edition (edition, question_id, voter_id, upvoted_at, address_hash, agent_hash)
        select ${edition}::text, input.question_id, input.voter_id, input.upvoted_at, input.address_hash,
          input.agent_hash
        from input join question on question.id = input.question_id
        -- Rows in one order on every server: two batches never wait for each other's upvotes in a cycle.
        order by input.question_id, input.voter_id
        on conflict (edition, question_id, voter_id) do nothing
        returning question_id, voter_id
      ),
      added as (select question_id, count(*)::int as n from inserted group by question_id),
      -- The questions' rows in one order for every batch. NO KEY UPDATE, the update's own lock, does not wait for
      -- the KEY SHARE locks that other batches' upvotes take on them through the foreign key.
      locked as (
        select id from questions_by_edition
        where edition = ${edition} and id in (select question_id from added)
        order by id
        for no key update
      ),
      updated as (
        update questions_by_edition counted set upvotes = counted.upvotes + added.n
        from added join locked on locked.id = added.question_id
        where counted.edition = ${edition} and counted.id = added.question_id
        returning counted.id, counted.upvotes
      )
      select input.index, question.session_id, inserted.voter_id is not null as changed,
        coalesce(updated.upvotes, question.upvotes) as upvotes
      from input
      left join question on question.id = input.question_id
      left join inserted on inserted.question_id = input.question_id and inserted.voter_id = input.voter_id
      left join updated on updated.id = input.question_id`;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await query.execute(this.db)).rows;
      } catch (error) {
        // The statement was undone whole: running it again counts each upvote once.
        if (errorCode(error) !== deadlock || attempt > deadlockRetries) throw error;
      }
    }
  }

  /** Writes the upvotes waiting for a batch, and waits for the batches in flight: before the store closes. */
  settle(): Promise<void> {
    return this.batches.settle();
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
   * In one transaction, after taking the session's advisory lock (the stage's, with `stageOf`): two moderators (or
   * servers) acting on one session or stage at once go one after the other, so two pins cannot both take "the other
   * question" off air and then both go on air (the partial unique index would refuse the second with an error
   * instead, and across a stage's sessions nothing would). Each statement reads what was committed before it, so the
   * question is read again under the lock.
   */
  async moderate(
    questionId: string,
    action: ModerationAction,
    at: Date,
    reason?: string,
    stageOf?: (sessionId: string) => SessionStage | undefined,
  ): Promise<StoredQuestion[] | null> {
    const edition = this.edition;
    const moment = at.toISOString();
    const result = await this.db.transaction().execute(async (trx) => {
      // The question's session names its stage; the lock is taken before anything is read for the change. A question
      // never moves to another session, so the session read before the lock is the one under it.
      const { rows: found } = await sql<{ session_id: string }>`
        select session_id from questions_by_edition where edition = ${edition} and id = ${questionId}`.execute(trx);
      const sessionId = found[0]?.session_id;
      if (sessionId === undefined) return null;
      const stage = stageOf?.(sessionId);
      const lock = stage ? `stage ${stage.stage}` : sessionId;
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${edition} ${lock}`}, 0))`.execute(trx);
      const sessions = stage ? [...stage.sessions] : [sessionId];
      const { rows: current } = await sql<QuestionColumns>`
        select ${columns} from questions_by_edition
        where edition = ${edition} and (id = ${questionId} or (session_id = any(${sessions}::text[]) and on_air = 1))
        order by id
        for update`.execute(trx);
      const target = current.find((row) => row.id === questionId);
      if (!target) return null;
      const next = transition(toStoredQuestion(target), action, reason);
      if (!next) return { questions: [], showChanged: false };
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
      let showChanged = false;
      if (stage && next.onAir) {
        await sql`
          insert into show_stages_by_edition (edition, stage, question_session)
          values (${edition}, ${stage.stage}, ${target.session_id})
          on conflict (edition, stage) do update set question_session = excluded.question_session`.execute(trx);
        showChanged = true;
      } else if (stage && target.on_air === 1) {
        const cleared = await sql`
          update show_stages_by_edition set question_session = null
          where edition = ${edition} and stage = ${stage.stage} and question_session = ${target.session_id}`.execute(
          trx,
        );
        showChanged = (cleared.numAffectedRows ?? 0n) > 0n;
      }
      return { questions: [...updated, ...offAir].map(toStoredQuestion), showChanged };
    });
    if (!result) return null;
    if (result.questions.length > 0) this.changed(changesOf(result.questions));
    if (result.showChanged) this.showChanged();
    return result.questions;
  }
}
