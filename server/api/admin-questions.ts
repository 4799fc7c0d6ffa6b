import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cleanQuestionField } from "../../app/lib/question-text";
import { moderationActions, type ModeratedQuestion, type ModerationAction } from "../../common/question-contract";
import { QuestionStateError, type SessionStage, type StoredQuestion, type VoteStore } from "../store";
import { guardAdminRoutes } from "./bearer-token";
import { csvContentType, csvDocument } from "./csv";
import { questionStreamsFullRetryAfterSeconds } from "./question-streams";
import { allSessions, moderatedQuestion, type QuestionsService } from "./questions";
import type { RateLimiter } from "./rate-limit";
import * as m from "../../app/i18n/messages";

export interface AdminQuestionsOptions {
  service: QuestionsService;
  store: VoteStore;
  /** The tokens that may moderate: ADMIN_TOKEN and MODERATOR_TOKEN, whichever are set (at least one). */
  tokens: readonly string[];
  now: () => Date;
  reads: RateLimiter;
  /** The stage of a session, with its sessions: a pin owns the stage's air (issue 44). */
  stageOf: (sessionId: string) => SessionStage | undefined;
}

/** What the CSV export holds, for the speakers after the day: every question a moderator did not hide. */
const csvColumns = ["text", "name", "votes", "status", "askedAt", "session"] as const;

/** The question ids the API accepts (as the public routes): anything else is unknown, never a store error. */
const questionId = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The moderators' routes (decision 039), under /api/admin, with ADMIN_TOKEN or MODERATOR_TOKEN: every question with
 * its status and hide reason, the moderation actions, the CSV export and the stream of every session's questions.
 * Registered only when one of the tokens is set. Every answer, refusals included, is for the caller alone.
 */
export function registerAdminQuestions(app: FastifyInstance, options: AdminQuestionsOptions) {
  const { service, store, now } = options;
  guardAdminRoutes(app, options.reads, options.tokens);

  /** The session named by ?session=, undefined for all of them, or null once the reply has said why not. */
  function sessionFilter(request: FastifyRequest, reply: FastifyReply): string | undefined | null {
    const { session } = request.query as { session?: unknown };
    if (session === undefined || session === "") return undefined;
    if (typeof session !== "string") {
      void reply.code(400).send({ error: "session must be given once" });
      return null;
    }
    if (!service.sessions.has(session)) {
      void reply.code(404).send({ error: m.apiNoSessionQuestions({ id: session }) });
      return null;
    }
    return session;
  }

  app.get("/questions", async (request, reply) => {
    const session = sessionFilter(request, reply);
    if (session === null) return reply;
    const questions = await store.questions.questions(session);
    return { questions: questions.map(moderatedQuestion) } satisfies { questions: ModeratedQuestion[] };
  });

  app.get("/questions.csv", async (request, reply) => {
    const session = sessionFilter(request, reply);
    if (session === null) return reply;
    const questions = (await store.questions.questions(session))
      .filter((question) => question.status !== "hidden")
      // Most upvoted first, as the speakers would take them; ties oldest first.
      .sort((a, b) => b.upvotes - a.upvotes);
    const rows = questions.map((question) => ({
      text: question.text,
      name: question.name ?? "",
      votes: question.upvotes,
      status: question.status,
      askedAt: new Date(question.askedAt),
      session: question.sessionId,
    }));
    return reply
      .type(csvContentType)
      .header("content-disposition", `attachment; filename="questions${session ? `-${session}` : ""}.csv"`)
      .send(csvDocument(csvColumns, rows));
  });

  app.post("/questions/:id", { bodyLimit: 4096 }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = request.body;
    const fields =
      typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const action = fields?.action;
    if (!fields || !moderationActions.includes(action as ModerationAction)) {
      return reply.code(400).send({
        error: `Malformed moderation: expected a JSON body {action, reason?}, action one of ${moderationActions.join(", ")}`,
      });
    }
    let reason: string | undefined;
    if (action === "hide") {
      const cleaned = cleanQuestionField("hideReason", fields.reason);
      if (!cleaned.ok) return reply.code(400).send({ error: cleaned.error });
      reason = cleaned.value ?? undefined;
    }
    if (!questionId.test(id)) return reply.code(404).send({ error: m.apiNoQuestion({ id }) });
    let changed: StoredQuestion[] | null;
    try {
      changed = await store.questions.moderate(id, action as ModerationAction, now(), reason, options.stageOf);
    } catch (error) {
      if (error instanceof QuestionStateError) return reply.code(409).send({ error: error.message });
      throw error;
    }
    if (!changed) return reply.code(404).send({ error: m.apiNoQuestion({ id }) });
    for (const sessionId of new Set(changed.map((question) => question.sessionId))) service.touched(sessionId);
    return { changed: changed.map(moderatedQuestion) } satisfies { changed: ModeratedQuestion[] };
  });

  app.get("/questions/events", { exposeHeadRoute: false }, async (request, reply) => {
    const full = () =>
      reply
        .code(503)
        .header("retry-after", String(questionStreamsFullRetryAfterSeconds))
        .send({ error: m.apiModeratorStreamsFull });
    if (service.moderatorHub.full) return full();
    return (await service.moderatorHub.open(allSessions, request, reply)) === "opened" ? reply : full();
  });
  return Promise.resolve();
}
