import { createHash } from "node:crypto";
import pg from "pg";
import { mergeChanges } from "./kysely-question-store";
import type { QuestionChange } from "./question-store";

/**
 * At most one NOTIFY of each kind per server in this long: a burst of votes costs the other servers one read of the
 * counts, a burst of upvotes one read of each session's questions.
 */
const notifyInterval = 200;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a margin below it. */
export const maxPayloadBytes = 7900;
/** How long to wait before listening again after the connection dropped: doubling from the first to the last. */
const reconnectDelays = { first: 1000, last: 30_000 };

/**
 * The channel of the servers sharing one PostgreSQL schema. NOTIFY channels belong to the whole database, where
 * other schemas (the tests', a staging copy) may keep votes of the same edition: the schema names the channel. A
 * hash of it, because a channel is an identifier of at most 63 bytes and a schema name may use them all.
 */
export function countsChannel(schema: string) {
  return `glosaic_counts_${createHash("sha256").update(schema).digest("hex").slice(0, 16)}`;
}

/** The application_name of the connection that listens on `channel`. */
export function listenerName(channel: string) {
  return `glosaic listening on ${channel}`;
}

/** What a store does with what the channel hears. */
export interface ChannelHandlers {
  /** Another server's votes changed the edition's counts. */
  counts(): void;
  /** Another server's questions of the edition changed. */
  questions(changes: QuestionChange[]): void;
  /** Another server changed the edition's show. */
  show(): void;
  /** The connection was down and came back: whatever was sent meanwhile went unheard. */
  missed(): void;
}

/**
 * How the PostgreSQL stores of several servers hear each other's votes, questions and show: each LISTENs on its schema's
 * channel on one connection of its own (outside the pool, so it never holds a slot the votes need), and after its
 * own counted votes or changed questions NOTIFYs, each kind at most once per `notifyInterval` and never as part of
 * a write's statement. The counts' payload is the edition alone, as it was before questions (a server of the
 * previous release ignores the questions' payloads, which never equal an edition); the questions' payload is JSON
 * `{"edition", "questions": {sessionId: [ids]}}`, whose ids are left out (re-read the session) when they would not
 * fit in a payload. A dropped connection is listened on again with back-off, and since notifications sent meanwhile
 * are lost, coming back counts as a change. A connection only listening sends nothing, so a database that stopped
 * answering would never be noticed on it: it is asked a tiny query every `heartbeatMs`, and one that gets no answer
 * (within the connection's query_timeout) is dropped and listened on again. Errors are swallowed: a missed
 * notification delays a page, it must not end the process.
 */
export class ChangesChannel {
  private client: pg.Client | undefined;
  /** The listening connection's backend: notifications it sent itself are this server's own changes, already told. */
  private ownPid: number | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = reconnectDelays.first;
  private readonly countsNotice = new Throttle(() => {
    void this.send([this.edition]);
  });
  /** Question changes waiting for the end of the interval, by session; null for the whole session. */
  private pendingQuestions = new Map<string, Set<string> | null>();
  private readonly showNotice = new Throttle(() => {
    void this.send([showPayload(this.edition)]);
  });
  private readonly questionsNotice = new Throttle(() => {
    const pending = this.pendingQuestions;
    this.pendingQuestions = new Map();
    void this.send(questionPayloads(this.edition, pending));
  });

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly edition: string,
    private readonly heartbeatMs: number,
    private readonly handlers: ChannelHandlers,
  ) {}

  /** Starts listening; resolves once listening, or once the first attempt failed (it is retried later). */
  async listen(): Promise<void> {
    // Named, so an operator (or a test) can tell the listening connections in pg_stat_activity.
    const client = new pg.Client({ ...this.config, application_name: listenerName(this.channel) });
    this.client = client;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = undefined;
        this.ownPid = undefined;
        clearTimeout(this.heartbeatTimer);
      }
      // A query without an answer is still in flight: pg then destroys the socket rather than wait for it.
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on("error", lose);
    client.on("end", lose);
    client.on("notification", (message) => {
      if (message.processId === this.ownPid || message.payload === undefined) return;
      if (message.payload === this.edition) {
        this.handlers.counts();
        return;
      }
      if (message.payload === showPayload(this.edition)) {
        this.handlers.show();
        return;
      }
      const changes = readQuestionPayload(message.payload, this.edition);
      if (changes) this.handlers.questions(changes);
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      // Closed, or cut, while connecting: this client is no longer the store's.
      if (this.client !== client) return;
      this.ownPid = rows[0]?.pid;
      this.reconnectDelay = reconnectDelays.first;
      this.beat(client, lose);
    } catch {
      lose();
    }
  }

  /** Asks the listening connection a tiny query every heartbeatMs, for as long as it answers. */
  private beat(client: pg.Client, lose: () => void) {
    this.heartbeatTimer = setTimeout(() => {
      client.query("select 1").then(() => {
        if (this.client === client) this.beat(client, lose);
      }, lose);
    }, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen().then(() => {
        // Votes of other servers while the connection was down went unheard.
        if (this.ownPid !== undefined) this.handlers.missed();
      });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, reconnectDelays.last);
  }

  /** Tells the other servers that this edition's counts changed: now, or at the end of the current interval. */
  announce() {
    if (this.closed) return;
    this.countsNotice.request();
  }

  /** Tells the other servers that this edition's show changed: now, or at the end of the current interval. */
  announceShow() {
    if (this.closed) return;
    this.showNotice.request();
  }

  /** Tells the other servers which questions changed: now, or with the others of the current interval. */
  announceQuestions(changes: readonly QuestionChange[]) {
    if (this.closed || changes.length === 0) return;
    mergeChanges(this.pendingQuestions, changes);
    this.questionsNotice.request();
  }

  private send(payloads: string[], sender: Pick<pg.Pool, "query"> = this.sender()) {
    return Promise.all(
      payloads.map((payload) =>
        sender.query("select pg_notify($1, $2)", [this.channel, payload]).catch(() => undefined),
      ),
    );
  }

  /** Through the listening connection when it is up, which tells this server's own notifications apart. */
  private sender(): Pick<pg.Pool, "query"> {
    return this.client && this.ownPid !== undefined ? this.client : this.pool;
  }

  /** Stops listening and announcing; changes waiting for the end of the interval are announced now. */
  async close() {
    const payloads: string[] = [];
    if (this.countsNotice.cancel()) payloads.push(this.edition);
    if (this.showNotice.cancel()) payloads.push(showPayload(this.edition));
    if (this.questionsNotice.cancel()) payloads.push(...questionPayloads(this.edition, this.pendingQuestions));
    await this.send(payloads, this.pool);
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.heartbeatTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** A notice sent now, or at the end of the interval of the last one when one was sent less than it ago. */
class Throttle {
  private timer: NodeJS.Timeout | undefined;
  private pending = false;

  constructor(private readonly send: () => void) {}

  request() {
    if (this.timer) {
      this.pending = true;
      return;
    }
    this.send();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.pending) {
        this.pending = false;
        this.request();
      }
    }, notifyInterval);
    this.timer.unref();
  }

  /** Stops the timer; answers whether a notice was waiting for it. */
  cancel(): boolean {
    clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = false;
    return pending;
  }
}

/**
 * The show's payload: the edition's, whole (every server reads the show again, a few rows). JSON without
 * `questions`, which a server of the previous release reads as no change of its questions.
 */
const showPayload = (edition: string) => JSON.stringify({ edition, show: true });

interface QuestionPayload {
  edition: string;
  questions: Record<string, string[]>;
}

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * The payloads telling `pending`'s changes, each under maxPayloadBytes: one, with every id, when they fit (almost
 * always: a question id is 36 bytes); otherwise the sessions with empty lists (re-read them), spread over as many
 * payloads as they need.
 */
export function questionPayloads(edition: string, pending: ReadonlyMap<string, ReadonlySet<string> | null>): string[] {
  const whole: QuestionPayload = { edition, questions: {} };
  for (const [sessionId, ids] of pending) whole.questions[sessionId] = ids ? [...ids] : [];
  const single = JSON.stringify(whole);
  if (bytes(single) <= maxPayloadBytes) return [single];
  const payloads: string[] = [];
  let current: QuestionPayload = { edition, questions: {} };
  for (const sessionId of pending.keys()) {
    const next: QuestionPayload = { edition, questions: { ...current.questions, [sessionId]: [] } };
    if (Object.keys(current.questions).length > 0 && bytes(JSON.stringify(next)) > maxPayloadBytes) {
      payloads.push(JSON.stringify(current));
      current = { edition, questions: { [sessionId]: [] } };
    } else {
      current = next;
    }
  }
  payloads.push(JSON.stringify(current));
  // A session id so long that it alone does not fit cannot be sent; session ids are short slugs of the programme.
  return payloads.filter((payload) => bytes(payload) <= maxPayloadBytes);
}

/** The changes a questions' payload tells for `edition`, or null for another edition's or anything else. */
export function readQuestionPayload(payload: string, edition: string): QuestionChange[] | null {
  if (!payload.startsWith("{")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  const { edition: of, questions } = (parsed ?? {}) as { edition?: unknown; questions?: unknown };
  if (of !== edition || typeof questions !== "object" || questions === null) return null;
  const changes: QuestionChange[] = [];
  for (const [sessionId, ids] of Object.entries(questions)) {
    if (!Array.isArray(ids)) continue;
    changes.push({ sessionId, questionIds: ids.filter((id): id is string => typeof id === "string") });
  }
  return changes;
}
