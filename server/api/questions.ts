import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { AgendaSlot } from "../../content";
import { cleanQuestionField } from "../../app/lib/question-text";
import {
  questionWindowOf,
  questionWindowState,
  takesQuestions,
  type AskedQuestion,
  type ModeratedQuestion,
  type ModeratorEvents,
  type PublicQuestion,
  type QuestionEvents,
  type QuestionSettings,
  type QuestionWindowOverride,
  type QuestionWindowState,
  type UpvoteState,
  questionSentMarker,
} from "../../common/question-contract";
import type { QuestionRateLimits } from "../../common/api-contract";
import type { StoredQuestion, VoteStore } from "../store";
import { backToPage, sentAsForm } from "./form";
import { isCrossSite, type SiteOrigins } from "./origin";
import { EventHub, questionStreamsFullRetryAfterSeconds, sseEvent } from "./question-streams";
import type { PerAddress } from "./per-address";
import { limitedBy, rateLimitError, rateLimitHeaders, RateLimiter } from "./rate-limit";
import { voteOrigin } from "./vote-origin";
import type { Voters } from "./voter";
import * as m from "../../app/i18n/messages";

export interface QuestionsOptions {
  store: VoteStore;
  /** The served edition's agenda: the sessions are its slots whose type takes questions. */
  agenda: readonly AgendaSlot[];
  settings: QuestionSettings;
  /** QUESTIONS_OPENS / QUESTIONS_CLOSES. */
  windowOverride: QuestionWindowOverride;
  now: () => Date;
  /** The API's read limit, per client address: the GET routes and the streams count on it. */
  reads: RateLimiter;
  limits: QuestionRateLimits;
  originHashKey: string;
  commonHeaders: Record<string, string>;
  /** The audience's question streams this server holds at most (MAX_QUESTION_STREAMS). */
  maxStreams: number;
  /** The audience's streams per client address, shared with the leaderboard's. */
  streamsPerAddress: PerAddress;
  heartbeatMs?: number;
}

const minute = 60_000;
/**
 * The moderators' and organisers' streams this server holds at most: a budget of their own, which no audience
 * stream draws on, so a crowd (or one client) that fills the audience's leaves the moderators their live queue.
 * A token is needed to open one; a few people moderate, each with a page or two open.
 */
export const maxModeratorStreams = 100;
/**
 * How long a server may answer with a session's listing made before changes through other servers sharing the
 * store: their notices normally make it stale at once, this bounds a notice lost with a dropped connection.
 */
const listingMaxAgeMs = 1000;
/** Room for a question at its limit in the widest characters, a name, and JSON's quoting. */
const askBodyLimit = 16 * 1024;
/** A question's id as the API accepts it: anything else is no question of ours (404) and never reaches the store. */
const questionId = /^[A-Za-z0-9_-]{1,64}$/;
/** An Idempotency-Key: a short token of visible ASCII (a UUID is 36). */
const idempotencyKey = /^[\x21-\x7e]{1,64}$/;

/** A question as anyone may see it. */
export function publicQuestion(question: StoredQuestion): PublicQuestion {
  return {
    id: question.id,
    text: question.text,
    name: question.name,
    upvotes: question.upvotes,
    status: question.status === "hidden" ? "approved" : question.status,
    onAir: question.onAir,
    askedAt: question.askedAt,
  };
}

export function moderatedQuestion(question: StoredQuestion): ModeratedQuestion {
  return {
    id: question.id,
    sessionId: question.sessionId,
    text: question.text,
    name: question.name,
    upvotes: question.upvotes,
    status: question.status,
    onAir: question.onAir,
    askedAt: question.askedAt,
    hideReason: question.hideReason,
  };
}

const isPublic = (question: StoredQuestion) => question.status === "approved" || question.status === "answered";

/** A session's listing as kept between requests (see `listing` below). */
interface Listing {
  version: number;
  madeAt: number;
  state: QuestionWindowState;
  /** Every question of the session but hidden ones, oldest first. */
  questions: StoredQuestion[];
  /** Who asked the questions above: a caller who asked none and upvoted none gets the shared answer. */
  askers: Set<string>;
  /** The answer up to its questions: `{"window":…,"moderation":…,"questions":[`. */
  head: string;
  /** Each public question's JSON without its closing brace, so a caller's own fields can follow. */
  fragments: Map<string, string>;
  /** The answer to a caller who asked nothing and upvoted nothing. */
  body: string;
}

interface SessionEntry {
  version: number;
  listing: Listing | undefined;
  pending: { version: number; listing: Promise<Listing> } | undefined;
}

type PublicState = Map<string, { question: PublicQuestion; withoutCount: string }>;
type ModeratorState = Map<string, { question: ModeratedQuestion; json: string }>;

/** The moderators' stream follows every session: one channel. */
export const allSessions = "*";

/**
 * What the public and the moderators' question routes share: the sessions, their windows, the listings kept as
 * bytes, the two stream hubs, and the one listener on the store's changes that keeps them all current.
 */
export class QuestionsService {
  readonly sessions: ReadonlyMap<string, AgendaSlot>;
  readonly publicHub: EventHub<PublicState>;
  readonly moderatorHub: EventHub<ModeratorState>;
  readonly #options: QuestionsOptions;
  readonly #entries = new Map<string, SessionEntry>();
  /** Each session's window, made once: every read of its questions asks for it. */
  readonly #windows = new Map<string, { opens: Date; closes: Date }>();
  readonly #stopListening: () => void;

  constructor(options: QuestionsOptions) {
    this.#options = options;
    const { store, agenda, settings, commonHeaders, maxStreams, streamsPerAddress, heartbeatMs = 15_000 } = options;
    this.sessions = new Map(
      agenda.filter((slot) => takesQuestions(slot.type, settings)).map((slot) => [slot.id, slot]),
    );
    this.publicHub = new EventHub<PublicState>({
      budget: { open: 0, max: maxStreams },
      addresses: streamsPerAddress,
      heartbeatMs,
      commonHeaders,
      load: async (sessionId, previous) => {
        const questions = await store.questions.questions(sessionId);
        const state: PublicState = new Map(
          questions.filter(isPublic).map((stored) => {
            const question = publicQuestion(stored);
            return [question.id, { question, withoutCount: JSON.stringify({ ...question, upvotes: 0 }) }];
          }),
        );
        return { state, events: previous ? publicChanges(previous, state) : "" };
      },
      snapshot: (state) =>
        sseEvent("snapshot", {
          questions: [...state.values()].map((entry) => entry.question),
        } satisfies QuestionEvents["snapshot"]),
    });
    this.moderatorHub = new EventHub<ModeratorState>({
      budget: { open: 0, max: maxModeratorStreams },
      heartbeatMs,
      commonHeaders,
      load: async (_key, previous, sessions) => {
        // The first read takes every session; later ones only the sessions the notices named.
        const read =
          previous && sessions.size > 0
            ? (await Promise.all([...sessions].map((id) => store.questions.questions(id)))).flat()
            : await store.questions.questions();
        const state: ModeratorState = new Map(previous);
        let events = "";
        for (const stored of read) {
          const question = moderatedQuestion(stored);
          const json = JSON.stringify(question);
          if (previous && previous.get(question.id)?.json !== json) {
            events += sseEvent("question", question satisfies ModeratorEvents["question"]);
          }
          state.set(question.id, { question, json });
        }
        return { state, events };
      },
      snapshot: (state) =>
        sseEvent("snapshot", {
          questions: [...state.values()].map((entry) => entry.question),
        } satisfies ModeratorEvents["snapshot"]),
    });
    // Every change, through this server or (on PostgreSQL) any other sharing the store, makes the session's listing
    // stale and reaches the streams.
    this.#stopListening = store.questions.onQuestionsChanged((changes) => {
      for (const change of changes) this.touched(change.sessionId);
    });
  }

  /** A session's questions changed: its listing is stale, and its streams and the moderators' hear of it. */
  touched(sessionId: string) {
    const entry = this.#entries.get(sessionId);
    if (entry) entry.version++;
    this.publicHub.changed(sessionId);
    this.moderatorHub.changed(allSessions, [sessionId]);
  }

  /** The edition's moderation: "pre" (shown once approved) or "post" (shown at once). */
  get moderation() {
    return this.#options.settings.moderation;
  }

  windowOf(session: AgendaSlot): { opens: Date; closes: Date } {
    let window = this.#windows.get(session.id);
    if (!window) {
      window = questionWindowOf(session, this.#options.settings, this.#options.windowOverride);
      this.#windows.set(session.id, window);
    }
    return window;
  }

  /** Why the session takes no question now, or null while it does. */
  windowRefusal(session: AgendaSlot, at: Date): string | null {
    const window = this.windowOf(session);
    switch (questionWindowState(window, at)) {
      case "upcoming":
        return m.apiQuestionsOpenAt({ time: window.opens.toISOString() });
      case "closed":
        return m.apiQuestionsClosed;
      case "open":
        return null;
    }
  }

  /** Stops listening to the store and ends every stream. */
  close() {
    this.#stopListening();
    this.publicHub.closeAll();
    this.moderatorHub.closeAll();
  }

  /**
   * The session's listing as the text sent, kept between requests: a whole audience asks for it when streams are
   * refused, and reading and serialising it on each request would cost more than the rest of the response. A change
   * makes it stale at once; requests arriving together share one read.
   */
  listing(session: AgendaSlot): Listing | Promise<Listing> {
    let entry = this.#entries.get(session.id);
    if (!entry) {
      entry = { version: 0, listing: undefined, pending: undefined };
      this.#entries.set(session.id, entry);
    }
    const state = questionWindowState(this.windowOf(session), this.#options.now());
    const { listing } = entry;
    if (
      listing &&
      listing.version === entry.version &&
      listing.state === state &&
      Date.now() - listing.madeAt < listingMaxAgeMs
    ) {
      return listing;
    }
    if (entry.pending?.version === entry.version) return entry.pending.listing;
    const read = { version: entry.version, listing: this.#makeListing(session, entry, state) };
    const current = entry;
    current.pending = read;
    void read.listing
      .finally(() => {
        if (current.pending === read) current.pending = undefined;
      })
      .catch(() => undefined);
    return read.listing;
  }

  async #makeListing(session: AgendaSlot, entry: SessionEntry, state: QuestionWindowState): Promise<Listing> {
    const startedAt = entry.version;
    const madeAt = Date.now();
    const stored = await this.#options.store.questions.questions(session.id);
    const window = this.windowOf(session);
    const questions = stored.filter((question) => question.status !== "hidden");
    const head = `{"window":${JSON.stringify({ opens: window.opens.toISOString(), closes: window.closes.toISOString(), state })},"moderation":${JSON.stringify(this.#options.settings.moderation)},"questions":[`;
    const fragments = new Map<string, string>();
    for (const question of questions) {
      if (isPublic(question)) fragments.set(question.id, openJson(publicQuestion(question)));
    }
    const body = `${head}${[...fragments.values()].map((fragment) => `${fragment},"yours":false,"upvotedByYou":false}`).join(",")}]}`;
    const listing: Listing = {
      version: startedAt,
      madeAt,
      state,
      questions,
      askers: new Set(questions.map((question) => question.askerId)),
      head,
      fragments,
      body,
    };
    // Read before a change here committed: good for this answer, not for the next one.
    if (startedAt === entry.version) entry.listing = listing;
    return listing;
  }

  /** GET /api/sessions/:id/questions for one caller: the shared answer with their own fields on top. */
  async answerFor(session: AgendaSlot, voter: string | null): Promise<string> {
    const listing = await this.listing(session);
    if (!voter) return listing.body;
    const upvoted = await this.#options.store.questions.upvotedBy(voter, session.id);
    if (upvoted.size === 0 && !listing.askers.has(voter)) return listing.body;
    const parts: string[] = [];
    for (const question of listing.questions) {
      const yours = question.askerId === voter;
      const fragment =
        listing.fragments.get(question.id) ??
        (yours && question.status === "pending" ? openJson(publicQuestion(question)) : undefined);
      if (fragment)
        parts.push(`${fragment},"yours":${String(yours)},"upvotedByYou":${String(upvoted.has(question.id))}}`);
    }
    return `${listing.head}${parts.join(",")}]}`;
  }
}

/** An object's JSON without its closing brace. */
const openJson = (value: object) => JSON.stringify(value).slice(0, -1);

/** The events that take a session's stream from `previous` to `next`: public questions only, pending ones never. */
function publicChanges(previous: PublicState, next: PublicState): string {
  let events = "";
  for (const id of previous.keys()) {
    if (!next.has(id)) events += sseEvent("removed", { id } satisfies QuestionEvents["removed"]);
  }
  const upvotes: QuestionEvents["upvotes"] = {};
  let counts = 0;
  for (const [id, entry] of next) {
    const before = previous.get(id);
    if (before?.withoutCount !== entry.withoutCount) {
      events += sseEvent("question", entry.question satisfies QuestionEvents["question"]);
    } else if (before.question.upvotes !== entry.question.upvotes) {
      upvotes[id] = entry.question.upvotes;
      counts++;
    }
  }
  if (counts > 0) events += sseEvent("upvotes", upvotes);
  return events;
}

/** Keys seen within the last `ttlMs`, at most `capacity` of them: past it the oldest are forgotten first. */
class RecentKeys {
  readonly #seen = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    readonly capacity: number,
  ) {}

  /** Whether `key` was seen within the window; remembered from now if it was not. */
  seen(key: string, now = Date.now()): boolean {
    const at = this.#seen.get(key);
    if (at !== undefined && now - at < this.ttlMs) return true;
    // Re-inserted, so the map's order stays the order in which keys were first seen.
    this.#seen.delete(key);
    this.#seen.set(key, now);
    for (const oldest of this.#seen.keys()) {
      if (this.#seen.size <= this.capacity) break;
      this.#seen.delete(oldest);
    }
    return false;
  }
}

export interface QuestionRoutesOptions {
  service: QuestionsService;
  store: VoteStore;
  now: () => Date;
  /** The origins whose pages may ask and upvote. */
  origins: SiteOrigins;
  reads: RateLimiter;
  limits: QuestionRateLimits;
  originHashKey: string;
  commonHeaders: Record<string, string>;
  /** The page whose form asks a session's questions without script (its talk page): where the form returns. */
  pageOf: (session: AgendaSlot) => string;
  /** The voter cookies: a session's listing, the page's first read, issues one; asking and upvoting need one. */
  voters: Voters;
}

/**
 * The audience's routes (decision 039): a session's questions, asking, upvoting, and the session's stream. Every
 * refusal is a JSON error, as the vote API's.
 */
export function registerQuestions(app: FastifyInstance, options: QuestionRoutesOptions) {
  const { service, store, now, origins, reads, limits, originHashKey, pageOf, voters } = options;
  const limitReads = limitedBy(reads);
  // Per client address: generous, a hall shares one. Per voter: tight, one person's flood stops there.
  const asksPerAddress = new RateLimiter(limits.asksPerAddress, minute);
  const upvotesPerAddress = new RateLimiter(limits.upvotesPerAddress, minute);
  // Room for a large audience's voters before the oldest windows are forgotten.
  const asksPerVoter = new RateLimiter(limits.asksPerVoter, minute, 100_000);
  const upvotesPerVoter = new RateLimiter(limits.upvotesPerVoter, minute, 100_000);
  // The keys each voter used lately: a repeat (a retry, a double click) is not a new question, and does not spend
  // the voter's limit. Bounded like the limiters: the oldest are forgotten first.
  const repeats = new RecentKeys(minute, 100_000);
  const initialStatus: AskedQuestion["status"] = service.moderation === "post" ? "approved" : "pending";

  app.addHook("preClose", (done) => {
    service.close();
    done();
  });

  /** The session a request's :id names, or null once the reply has said why not. */
  function sessionOf(request: FastifyRequest, reply: FastifyReply): AgendaSlot | null {
    const { id } = request.params as { id: string };
    const session = service.sessions.get(id);
    if (!session) void reply.code(404).send({ error: m.apiNoSessionQuestions({ id }) });
    return session ?? null;
  }

  /** Counts the voter's request against their own limit; false once the reply has said 429. */
  function withinVoterLimit(limiter: RateLimiter, voter: string, reply: FastifyReply): boolean {
    const state = limiter.take(voter);
    // The voter's limit is the tighter one: the headers tell the client where it stands against it.
    for (const [name, value] of rateLimitHeaders(state)) void reply.header(name, value);
    if (state.exceeded) void reply.code(429).send(rateLimitError(state));
    return !state.exceeded;
  }

  app.get("/sessions/:id/questions", { onRequest: limitReads }, async (request, reply) => {
    const session = sessionOf(request, reply);
    if (!session) return reply;
    const voter = voters.of(request);
    const body = await service.answerFor(session, voter);
    void reply.header("cache-control", voter ? "no-store" : "no-cache");
    // The questions' first read: a visitor without a voter cookie is issued one here, so they can ask and upvote.
    if (!voter) voters.issue(request, reply);
    return reply.header("vary", "Cookie").type("application/json; charset=utf-8").send(body);
  });

  app.post(
    "/sessions/:id/questions",
    { onRequest: limitedBy(asksPerAddress), bodyLimit: askBodyLimit },
    async (request, reply): Promise<AskedQuestion | FastifyReply> => {
      void reply.header("cache-control", "no-store");
      if (isCrossSite(request, origins)) {
        return reply.code(403).send({ error: m.apiQuestionsOnlyFromSite });
      }
      const session = sessionOf(request, reply);
      if (!session) return reply;
      const at = now();
      const closed = service.windowRefusal(session, at);
      if (closed) return reply.code(409).send({ error: closed });
      const key = request.headers["idempotency-key"];
      if (key !== undefined && (typeof key !== "string" || !idempotencyKey.test(key))) {
        return reply
          .code(400)
          .send({ error: "Idempotency-Key must be one token of 1 to 64 visible ASCII characters, such as a UUID" });
      }
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return reply.code(400).send({ error: "Expected a JSON body {text, name?}, or a form of those fields" });
      }
      const fields = body as Record<string, unknown>;
      const text = cleanQuestionField("text", fields.text);
      if (!text.ok) return reply.code(400).send({ error: text.error });
      const name = cleanQuestionField("name", fields.name, { optional: true });
      if (!name.ok) return reply.code(400).send({ error: name.error });
      // A question is counted against its asker's own limit.
      const voter = voters.require(request, reply);
      if (!voter) return reply;
      const repeated = key !== undefined && repeats.seen(`${voter} ${key}`);
      if (!repeated && !withinVoterLimit(asksPerVoter, voter, reply)) return reply;
      const { question, created } = await store.questions.ask({
        sessionId: session.id,
        askerId: voter,
        text: text.value ?? "",
        name: name.value,
        askedAt: at,
        status: initialStatus,
        idempotencyKey: key,
        origin: voteOrigin(originHashKey, request.ip, request.headers["user-agent"]),
      });
      if (created) service.touched(session.id);
      else if (question.sessionId !== session.id || question.text !== text.value || question.name !== name.value) {
        // The key names an earlier request of this asker's, and this is not that request again.
        return reply.code(409).send({ error: "This Idempotency-Key was already used for another question" });
      }
      // A question sent without script goes back to its page, which thanks its asker there.
      if (sentAsForm(request)) return backToPage(reply, pageOf(session), questionSentMarker);
      // A repeat gets the first answer: the status the question was asked with.
      return reply.code(201).send({ id: question.id, status: initialStatus } satisfies AskedQuestion);
    },
  );

  /**
   * POST (upvote) and DELETE (withdraw) take no body. A client that labels an empty body JSON (some fetch wrappers
   * always do) is not refused for it: the label goes before Fastify would try to parse nothing.
   */
  const bodyless: onRequestHookHandler = (request, _reply, done) => {
    const length = request.headers["content-length"];
    if ((length === undefined || length === "0") && request.headers["transfer-encoding"] === undefined) {
      delete request.headers["content-type"];
    }
    done();
  };

  for (const method of ["POST", "DELETE"] as const) {
    app.route({
      method,
      url: "/questions/:id/upvote",
      onRequest: [bodyless, limitedBy(upvotesPerAddress)],
      handler: async (request, reply): Promise<UpvoteState | FastifyReply> => {
        void reply.header("cache-control", "no-store");
        if (isCrossSite(request, origins)) {
          return reply.code(403).send({ error: m.apiUpvotesOnlyFromSite });
        }
        const { id } = request.params as { id: string };
        const notFound = () => reply.code(404).send({ error: m.apiNoQuestion({ id }) });
        if (!questionId.test(id)) return notFound();
        const question = await store.questions.question(id);
        const session = question && isPublic(question) ? service.sessions.get(question.sessionId) : undefined;
        if (!question || !session) return notFound();
        const closed = service.windowRefusal(session, now());
        if (closed) return reply.code(409).send({ error: closed });
        if (method === "DELETE") {
          const voter = voters.of(request);
          // No voter, no upvote to withdraw: the count as it stands.
          if (!voter) return { id, upvotes: question.upvotes, upvotedByYou: false };
          if (!withinVoterLimit(upvotesPerVoter, voter, reply)) return reply;
          const result = await store.questions.withdrawUpvote(id, voter);
          if (!result) return notFound();
          if (result.changed) service.touched(session.id);
          return { id, upvotes: result.upvotes, upvotedByYou: false };
        }
        const voter = voters.require(request, reply);
        if (!voter || !withinVoterLimit(upvotesPerVoter, voter, reply)) return reply;
        const result = await store.questions.upvote(
          id,
          voter,
          now(),
          voteOrigin(originHashKey, request.ip, request.headers["user-agent"]),
        );
        if (!result) return notFound();
        if (result.changed) service.touched(session.id);
        return { id, upvotes: result.upvotes, upvotedByYou: true };
      },
    });
  }

  // Open in every window state: a page that can no longer ask still follows the answers.
  app.get(
    "/sessions/:id/questions/events",
    { onRequest: limitReads, exposeHeadRoute: false },
    async (request, reply) => {
      const session = sessionOf(request, reply);
      if (!session) return reply;
      const full = (who: "server" | "address") =>
        reply
          .code(503)
          .header("retry-after", String(questionStreamsFullRetryAfterSeconds))
          .header("cache-control", "no-store")
          .send({ error: who === "server" ? m.apiQuestionStreamsFull : m.apiStreamsPerAddressFull });
      if (service.publicHub.full) return full("server");
      const opened = await service.publicHub.open(session.id, request, reply);
      return opened === "opened" ? reply : full(opened);
    },
  );
}
