import SQLite from "better-sqlite3";
import type pg from "pg";
import type { QuestionCrowd } from "./question-crowd";

/** Where the server under test keeps its questions: its SQLite file, or a PostgreSQL schema. */
export type StoreReader = { kind: "sqlite"; file: string } | { kind: "postgres"; client: pg.Client; schema: string };

interface Row {
  id: string;
  session_id: string;
  status: string;
  upvotes: number | string;
  stored: number | string;
}

/** Each question of the edition, its count column, and the upvote rows stored for it (store migration 004). */
const query = (schema: string, parameter: string) =>
  `select q.id, q.session_id, q.status, q.upvotes, (select count(*) from ${schema}question_upvotes_by_edition u where u.edition = q.edition and u.question_id = q.id) as stored from ${schema}questions_by_edition q where q.edition = ${parameter}`;

/**
 * Compares the store with what the crowd was told: every acknowledged question stored once (and nothing stored
 * that nobody was told of), each count column equal to its upvote rows, and both equal to the upvotes acknowledged.
 * Lines for the bench's report; the first says whether all held.
 */
export async function storedQuestions(store: StoreReader, crowd: QuestionCrowd, editionId: string): Promise<string[]> {
  let rows: Row[];
  if (store.kind === "sqlite") {
    const db = new SQLite(store.file, { readonly: true });
    try {
      rows = db.prepare<[string], Row>(query("", "?")).all(editionId);
    } finally {
      db.close();
    }
  } else {
    rows = (await store.client.query<Row>(query(`${store.schema}.`, "$1"), [editionId])).rows;
  }
  const problems: string[] = [];
  const stored = new Map(rows.map((row) => [row.id, row]));
  let upvoteRows = 0;
  for (const row of rows) upvoteRows += Number(row.stored);
  const missing = [...crowd.questions.keys()].filter((id) => !stored.has(id));
  if (missing.length)
    problems.push(`${missing.length} acknowledged questions not stored (${missing.slice(0, 3).join(", ")})`);
  const unacknowledged = rows.filter((row) => !crowd.questions.has(row.id));
  if (unacknowledged.length) problems.push(`${unacknowledged.length} stored questions nobody was told of`);
  let wrongCounts = 0;
  let acknowledgedUpvotes = 0;
  for (const voters of crowd.upvotes.values()) acknowledgedUpvotes += voters.size;
  for (const row of rows) {
    const told = crowd.upvotes.get(row.id)?.size ?? 0;
    if (Number(row.upvotes) !== Number(row.stored) || Number(row.stored) !== told) {
      wrongCounts++;
      if (wrongCounts <= 3)
        problems.push(
          `${row.id}: count ${String(row.upvotes)}, ${String(row.stored)} upvotes stored, ${told} acknowledged`,
        );
    }
  }
  if (wrongCounts > 3) problems.push(`and ${wrongCounts - 3} more questions whose counts differ`);
  const summary = `${rows.length} questions and ${upvoteRows} upvotes stored; ${crowd.questions.size} questions and ${acknowledgedUpvotes} upvotes acknowledged`;
  return problems.length === 0
    ? [`every acknowledged question and upvote stored exactly once (${summary}).`]
    : [`STORE DIFFERS FROM THE ACKNOWLEDGEMENTS (${summary}):`, ...problems];
}
