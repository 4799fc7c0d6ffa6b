import { METHODS, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import type { Demo, Edition } from "../content";
import { presenterFor } from "../app/lib/ranking";
import { redirects } from "../common/site-paths";
import { livePath } from "../app/lib/stage";
import { routedFolders } from "../app/lib/page-list";
import type { QuestionWindowOverride } from "../common/question-contract";
import {
  defaultMaxConnections,
  defaultMaxConnectionsPerAddress,
  defaultMaxLiveStreams,
  defaultMaxQuestionStreams,
  defaultMaxShowStreams,
  defaultMaxStreamsPerAddress,
  defaultNewVotersPerMinute,
  defaultQuestionRateLimits,
  defaultRateLimits,
  type LogLevel,
  type QuestionRateLimits,
} from "../common/api-contract";
import { votingWindowOf, type VotingWindow } from "../common/voting-window";
import { registerApi } from "./api";
import { showStagesOf } from "./api/show";
import { SiteOrigins } from "./api/origin";
import { registerCalendarFeed } from "./calendar-feed";
import { capConnectionsPerAddress, defaultConnectionBounds, type ConnectionBounds } from "./connections";
import { commonHeaders } from "./security-headers";
import { answerSite, isApiPath, prepareSite, protocolRefusal, siteServerFactory } from "./site-server";
import { loadSite } from "./static";
import { agendaPageFor } from "./agenda-day";
import type { VoteStore } from "./store";
import { StoreUnavailableError } from "./store/errors";
import * as m from "../app/i18n/messages";

/**
 * Seconds a client is asked to wait (Retry-After) when the vote store is unavailable: long enough for PostgreSQL
 * to restart or fail over, short enough that a voter retrying by hand is not sent away for long.
 */
export const storeRetryAfterSeconds = 5;

export interface AppOptions {
  /** The built site to serve (build/client). */
  clientDir: string;
  logLevel?: LogLevel;
  /** Where votes live. The caller opens it and closes it after the app. */
  store: VoteStore;
  /**
   * The edition served: its programme (the calendar feed), demos, voting window and address. The one the site was
   * built from (server/index.ts loads it by build/edition.json's id), or the one a test is about.
   */
  edition: Edition;
  /** The demo catalogue; the edition's unless a test brings its own. */
  demos?: readonly Demo[];
  /** When votes are accepted; the edition's unless overridden (VOTING_OPENS / VOTING_CLOSES, tests). */
  votingWindow?: VotingWindow;
  /** The clock that decides whether voting is open; tests set it. */
  now?: () => Date;
  /** How many proxies in front of the server to trust for the client's address (X-Forwarded-For). */
  trustProxy?: number;
  /** Requests per client IP and minute: votes, and reads of the demo API. */
  limits?: { votes: number; reads: number };
  /**
   * BEHIND_HTTPS: the server is reached over HTTPS (a proxy terminates TLS): send Strict-Transport-Security, and
   * the voter cookie only over HTTPS (Secure).
   */
  hsts?: boolean;
  /** ALLOWED_ORIGINS: origins beside the edition's site and the server's own addresses whose pages may vote and ask. */
  origins?: readonly string[];
  /** New voter cookies per client address and minute (RATE_LIMIT_NEW_VOTERS). */
  newVotersPerMinute?: number;
  /** The audience's live streams one client address holds at most (MAX_STREAMS_PER_ADDRESS). */
  maxStreamsPerAddress?: number;
  /** Live leaderboard streams this server holds at most (MAX_LIVE_STREAMS). */
  maxLiveStreams?: number;
  /** How often an idle live stream carries a heartbeat, in milliseconds; tests shorten it. */
  liveHeartbeatMs?: number;
  /** The key of the vote origins' hashes (VOTE_HASH_KEY); without it the store's own. */
  voteHashKey?: string;
  /** The organisers' bearer token (ADMIN_TOKEN); without it the admin routes do not exist. */
  adminToken?: string;
  /** The moderators' bearer token (MODERATOR_TOKEN): moderates questions, nothing else. */
  moderatorToken?: string;
  /** QUESTIONS_OPENS / QUESTIONS_CLOSES: every session's questions window, either end. */
  questionWindow?: QuestionWindowOverride;
  /** Asks and upvotes per client address and per voter, a minute. */
  questionLimits?: QuestionRateLimits;
  /** Question streams this server holds at most (MAX_QUESTION_STREAMS). */
  maxQuestionStreams?: number;
  /** The show's streams this server holds at most (MAX_SHOW_STREAMS). */
  maxShowStreams?: number;
  /** Connections this server holds at most (MAX_CONNECTIONS, as the open-file limit allows: connectionCaps). */
  maxConnections?: number;
  /**
   * Connections one client address holds at most (MAX_CONNECTIONS_PER_ADDRESS). Not applied behind a proxy
   * (trustProxy), where every connection comes from the proxy; the proxy caps its clients' connections there.
   */
  maxConnectionsPerAddress?: number;
  /** How long a client may take to send a request or leave its connection idle; tests shorten them. */
  connectionBounds?: ConnectionBounds;
}

/** Builds the server: the JSON API under /api and the built site from memory for everything else. */
export async function buildApp({
  clientDir,
  logLevel = "silent",
  store,
  edition: served,
  demos = served.demos,
  votingWindow = votingWindowOf(served.event.voting),
  now = () => new Date(),
  trustProxy = 0,
  limits = defaultRateLimits,
  hsts = false,
  maxLiveStreams = defaultMaxLiveStreams,
  liveHeartbeatMs,
  voteHashKey,
  adminToken,
  moderatorToken,
  questionWindow = {},
  questionLimits = defaultQuestionRateLimits,
  maxQuestionStreams = defaultMaxQuestionStreams,
  maxShowStreams = defaultMaxShowStreams,
  origins = [],
  newVotersPerMinute = defaultNewVotersPerMinute,
  maxStreamsPerAddress = defaultMaxStreamsPerAddress,
  maxConnections = defaultMaxConnections,
  maxConnectionsPerAddress = defaultMaxConnectionsPerAddress,
  connectionBounds = defaultConnectionBounds,
}: AppOptions) {
  const missing = new Error(`No built site in ${clientDir}: run \`npm run build\` first`);
  const site = await loadSite(clientDir).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === "ENOENT" ? missing : error;
  });
  if (!site.has("/index.html")) throw missing;

  // Security headers on every response, set before any handler runs so errors, 404s and 429s carry them too.
  const headers = commonHeaders({ hsts });
  const prepared = prepareSite(site, redirects, routedFolders(served), headers, agendaPageFor(served, now));
  // Connections whose request was answered before its body had all arrived (a refusal reads no body): the body
  // keeps arriving, and should it fail or time out, a second answer would be taken for the next request's.
  const answeredBeforeBody = new WeakSet<Duplex>();
  const app = Fastify({
    logger: { level: logLevel },
    // A server that leaves a request without Host to us (Node would answer it without our headers): the onRequest
    // hook below. Its timeouts and its cap are ours, not Fastify's.
    serverFactory: siteServerFactory(connectionBounds, maxConnections),
    // Behind N proxies the client's address is the Nth from the right in X-Forwarded-For; trusting more would
    // let a client pick its own address and escape the rate limit.
    ...(trustProxy > 0 ? { trustProxy: (_address: string, hop: number) => hop < trustProxy } : {}),
    // Access logs cost throughput; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL that cannot be decoded (a lone "%") is the client's mistake: a 400 in our own error shape.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .headers(headers)
        .code(400)
        .send({ error: error.code === "FST_ERR_BAD_URL" ? "Malformed URL" : error.message });
    },
    // Requests Node's parser rejects (a header too large, a bad character, a request smuggling attempt) never
    // reach Fastify: answer them here, with the security headers and a JSON body like every other error.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      if (answeredBeforeBody.has(socket)) {
        socket.destroy();
        return;
      }
      const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
      const message =
        status === 431 ? "Request line or headers too large" : status === 408 ? "Request timeout" : "Malformed request";
      refuseConnection(socket, status, headers, { error: message });
    },
  });

  if (trustProxy === 0) capConnectionsPerAddress(app.server, maxConnectionsPerAddress);

  // CONNECT (a proxy tunnel) never reaches Fastify either; with no listener Node would drop the connection
  // without a word. This site is no proxy.
  app.server.on("connect", (_request, socket: Duplex) => {
    refuseConnection(socket, 405, { ...headers, allow: "GET, HEAD" }, { error: "CONNECT is not allowed here" });
  });

  // Every method Node can parse reaches a route, so an unusual one (PROPFIND, PURGE, LINK...) gets the same 404 or
  // 405 as DELETE does rather than falling past the API's own answers. Declared bodyless: no route reads a body.
  for (const method of METHODS) {
    if (method !== "CONNECT" && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }

  app.addHook("onRequest", (request, reply, done) => {
    void reply.headers(headers);
    const { raw } = request;
    if (raw.headers["content-length"] !== undefined || raw.headers["transfer-encoding"] !== undefined) {
      reply.raw.once("finish", () => {
        if (raw.complete) return;
        answeredBeforeBody.add(raw.socket);
        raw.once("end", () => answeredBeforeBody.delete(raw.socket));
      });
    }
    const refusal = protocolRefusal(request.raw);
    if (refusal !== undefined) {
      void reply.code(400).send({ error: refusal });
      return;
    }
    done();
  });

  let lastUnavailableWarning = -Infinity;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoreUnavailableError) {
      // A warning, at most once per Retry-After period: the operator should know the database is away, but each
      // request was fine, and an outage under load must not flood the log.
      if (Date.now() - lastUnavailableWarning >= storeRetryAfterSeconds * 1000) {
        lastUnavailableWarning = Date.now();
        request.log.warn(error.message);
      }
      // The audience's questions live in the vote store too: say what the caller was after.
      const questions = /^\/api\/(sessions|questions|admin\/questions)\b/.test(request.url);
      return reply
        .code(503)
        .header("retry-after", String(storeRetryAfterSeconds))
        .send({ error: questions ? m.apiQuestionsUnavailable : m.apiVotesUnavailable });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply.code(status).send({ error: status >= 500 ? "Internal server error" : error.message });
  });

  // Pages answer GET and HEAD only; the API (which answers everything under /api) is the one place that takes input.
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(405)
      .header("allow", "GET, HEAD")
      .send({ error: `${request.method} is not allowed here` }),
  );

  const speakers = new Map(served.speakers.map((speaker) => [speaker.id, speaker]));
  // A session's questions are asked without script on its talk page (decision 060); a session without one has none.
  const talkPages = new Map(served.talks.map((talk) => [talk.id, talk.path]));
  const siteOrigins = new SiteOrigins(served.event.siteUrl, origins);
  app.server.on("listening", () => {
    siteOrigins.listensAt(app.server.address());
  });
  await app.register(registerApi, {
    prefix: "/api",
    store,
    demos,
    votingWindow,
    now,
    origins: siteOrigins,
    limits,
    newVotersPerMinute,
    secureCookie: hsts,
    maxStreamsPerAddress,
    maxLiveStreams,
    ...(liveHeartbeatMs === undefined ? {} : { liveHeartbeatMs }),
    commonHeaders: headers,
    voteHashKey,
    adminToken,
    questions: {
      agenda: served.agenda,
      settings: served.event.questions,
      windowOverride: questionWindow,
      limits: questionLimits,
      maxStreams: maxQuestionStreams,
      moderatorToken,
      pageOf: (session) => (session.talkId === undefined ? undefined : talkPages.get(session.talkId)) ?? livePath,
    },
    show: { stages: showStagesOf(served), maxStreams: maxShowStreams },
    presentedLive: served.event.presentedLive,
    presenterName: (id) => presenterFor(id, (speaker) => speakers.get(speaker)).name,
  });

  // The one file the server makes per request.
  registerCalendarFeed(app, { edition: served });

  // The site: its pages and files, answered from the responses prepared at start (site-server.ts).
  app.get("/*", (request, reply) => {
    // The API's own catch-all takes /api/...; /api alone lands here, and is the API's too, never a page.
    const pathname = request.url.split("?")[0] ?? "/";
    if (isApiPath(pathname)) return reply.code(404).send({ error: `No API route for ${request.method} ${pathname}` });
    reply.hijack();
    answerSite(prepared, request.raw, reply.raw);
    return reply;
  });

  return app;
}

/**
 * Answers on a socket that has no request Fastify can reply to, then closes it. The client's remaining bytes are
 * read and dropped until it closes or a second passes: closing with unread data would send a reset, which can
 * make the client lose the answer it was sent.
 */
function refuseConnection(socket: Duplex, status: number, headers: Record<string, string>, body: object) {
  const json = JSON.stringify(body);
  const head = {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(json)),
    connection: "close",
  };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n${lines.join("\r\n")}\r\n\r\n${json}`);
  }
  socket.on("error", () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), 1000).unref();
}
