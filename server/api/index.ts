import cookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import type { AgendaSlot } from "../../content";
import type { QuestionSettings, QuestionWindowOverride } from "../../common/question-contract";
import type { QuestionRateLimits } from "../../common/api-contract";
import { registerDemoEvents } from "./demo-events";
import { registerAdmin } from "./admin";
import { registerAdminQuestions } from "./admin-questions";
import { registerDemos, type DemosApiOptions } from "./demos";
import { registerForms } from "./form";
import { registerHealth } from "./health";
import { QuestionsService, registerQuestions } from "./questions";
import { RateLimiter } from "./rate-limit";
import { PerAddress } from "./per-address";
import { Voters } from "./voter";
import { registerVoting } from "./voting";
import { registerAdminShow, registerShow, ShowService, type ShowStage } from "./show";

export interface ApiOptions extends Omit<DemosApiOptions, "reads" | "votes" | "originHashKey" | "voters"> {
  /** The headers every response carries (app.ts), for the streams, which are written outside Fastify's reply. */
  commonHeaders?: Record<string, string>;
  /** Requests per client IP and minute: casting votes, and reading the demo API. */
  limits: { votes: number; reads: number };
  /** Live leaderboard streams this server holds at most, and how often each carries a heartbeat. */
  maxLiveStreams: number;
  liveHeartbeatMs?: number;
  /** The key of the vote origins' hashes (VOTE_HASH_KEY); without it, the store's own. */
  voteHashKey?: string;
  /** The organisers' bearer token (ADMIN_TOKEN); without it the admin routes do not exist. */
  adminToken?: string;
  /** New voter cookies one client address may be issued a minute (RATE_LIMIT_NEW_VOTERS). */
  newVotersPerMinute: number;
  /** BEHIND_HTTPS: the voter cookie is Secure. */
  secureCookie: boolean;
  /** The audience's live streams, leaderboards and questions together, one client address holds at most. */
  maxStreamsPerAddress: number;
  /** The audience's questions (decision 039): the edition's agenda and setting, and the server's settings. */
  questions: {
    agenda: readonly AgendaSlot[];
    settings: QuestionSettings;
    /** QUESTIONS_OPENS / QUESTIONS_CLOSES. */
    windowOverride: QuestionWindowOverride;
    limits: QuestionRateLimits;
    /** MAX_QUESTION_STREAMS. */
    maxStreams: number;
    /** MODERATOR_TOKEN: may moderate questions, nothing else. */
    moderatorToken?: string | undefined;
    /** The page whose form asks a session's questions without script. */
    pageOf: (session: AgendaSlot) => string;
  };
  /** The show (issue 44): the edition's stages, and the show's streams this server holds at most. */
  show: { stages: ReadonlyMap<string, ShowStage>; maxStreams: number };
  /** How many of the demos with the most votes are presented live (the edition's event). */
  presentedLive: number;
  /** A presenter's name by speaker id, for the organisers' results. */
  presenterName: (id: string) => string;
}

const minute = 60_000;

/** The JSON API, mounted under /api. Anything it does not know is a JSON 404, never the site's HTML page. */
export async function registerApi(app: FastifyInstance, options: ApiOptions) {
  // Of the parsers Fastify brings, keep JSON (invalid JSON is a 400) and drop text/plain: a page of another site can
  // POST text/plain without a CORS preflight, and nothing here reads it, so a vote sent so is refused with 415.
  // Forms are read: a page without script votes and asks with them (form.ts), behind the same origin check.
  app.removeContentTypeParser("text/plain");
  registerForms(app);
  // And a body over a small allowance is refused (413) before it is read, rather than at Fastify's 1 MiB.
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= 1024;
  });
  const allowedMethods = learnRoutes(app);
  await app.register(cookie, { secret: await options.store.cookieSecret() });
  // Limits count per client IP (see TRUST_PROXY) across all routes of a kind; health checks are never limited.
  const reads = new RateLimiter(options.limits.reads, minute);
  const votes = new RateLimiter(options.limits.votes, minute);
  await app.register(registerHealth, { store: options.store });
  const { store, demos, votingWindow, now, origins, commonHeaders } = options;
  const originHashKey = options.voteHashKey ?? (await store.originHashKey());
  const voters = new Voters({
    perAddressPerMinute: options.newVotersPerMinute,
    secure: options.secureCookie,
    originHashKey,
    now,
  });
  const streamsPerAddress = new PerAddress(options.maxStreamsPerAddress);
  // Named one by one: `options` also carries this plugin's own prefix, which the demos routes must not repeat.
  await app.register(registerDemos, {
    store,
    demos,
    votingWindow,
    now,
    origins,
    reads,
    votes,
    originHashKey,
    voters,
  });
  registerDemoEvents(app, {
    store,
    votingWindow,
    now,
    reads,
    commonHeaders,
    maxStreams: options.maxLiveStreams,
    streamsPerAddress,
    ...(options.liveHeartbeatMs === undefined ? {} : { heartbeatMs: options.liveHeartbeatMs }),
  });
  await app.register(registerVoting, { votingWindow, reads });
  const questions = new QuestionsService({
    store,
    agenda: options.questions.agenda,
    settings: options.questions.settings,
    windowOverride: options.questions.windowOverride,
    now,
    reads,
    limits: options.questions.limits,
    originHashKey,
    commonHeaders: commonHeaders ?? {},
    maxStreams: options.questions.maxStreams,
    streamsPerAddress,
    ...(options.liveHeartbeatMs === undefined ? {} : { heartbeatMs: options.liveHeartbeatMs }),
  });
  registerQuestions(app, {
    service: questions,
    store,
    now,
    origins,
    reads,
    limits: options.questions.limits,
    originHashKey,
    commonHeaders: commonHeaders ?? {},
    pageOf: options.questions.pageOf,
    voters,
  });
  const show = new ShowService({
    store,
    stages: options.show.stages,
    now,
    commonHeaders: commonHeaders ?? {},
    maxStreams: options.show.maxStreams,
    streamsPerAddress,
    ...(options.liveHeartbeatMs === undefined ? {} : { heartbeatMs: options.liveHeartbeatMs }),
  });
  registerShow(app, { service: show, reads });
  // The organisers' token moderates too; the moderators' token does nothing else (decision 039). Both run the show.
  const moderators = [options.adminToken, options.questions.moderatorToken].filter((token) => token !== undefined);
  if (moderators.length > 0) {
    await app.register(registerAdminQuestions, {
      prefix: "/admin",
      service: questions,
      store,
      tokens: moderators,
      now,
      reads,
      stageOf: show.stageOf,
    });
    await app.register(registerAdminShow, { prefix: "/admin", service: show, store, tokens: moderators, now, reads });
  }
  // Only when a token is set: otherwise the paths fall to the 404 below like any unknown one.
  if (options.adminToken) {
    await app.register(registerAdmin, {
      prefix: "/admin",
      store,
      demos,
      presentedLive: options.presentedLive,
      presenterName: options.presenterName,
      token: options.adminToken,
      now,
      reads,
      voters,
    });
  }
  // A path the API knows, asked with a method it does not answer, is a 405 naming the methods it does answer.
  app.all("/*", (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const allowed = allowedMethods(pathname);
    // A method the path does answer, yet no route took the request: a parameter the router refused (too long).
    if (allowed.length === 0 || allowed.includes(request.method)) {
      return reply.code(404).send({ error: `No API route for ${request.method} ${pathname}` });
    }
    return reply
      .code(405)
      .header("allow", allowed.join(", "))
      .send({ error: `${request.method} is not allowed on ${pathname}` });
  });
}

/** Records the routes registered from here on, and returns which methods answer a given path. */
function learnRoutes(app: FastifyInstance): (pathname: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook("onRoute", (route) => {
    if (route.url.includes("*")) return;
    // find-my-way syntax: a ":name" segment is any one segment; the API has no other kind of parameter.
    const segments = route.url
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const methods = [route.method].flat();
    routes.push({ pattern: new RegExp(`^${segments.join("/")}$`), methods });
  });
  return (pathname) => {
    const methods = new Set(routes.filter((route) => route.pattern.test(pathname)).flatMap((route) => route.methods));
    if (methods.has("GET")) methods.add("HEAD");
    return ["GET", "HEAD", "POST"]
      .filter((method) => methods.has(method))
      .concat([...methods].filter((method) => !["GET", "HEAD", "POST"].includes(method)));
  };
}
