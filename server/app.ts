import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import { edition, type Demo } from "../content";
import { redirects } from "../app/lib/site-paths";
import type { VotingWindow } from "../app/lib/voting";
import { registerApi } from "./api";
import { commonHeaders } from "./security-headers";
import { prepareSite, siteServerFactory, type FastRoute } from "./site-server";
import { loadSite, negotiateEncoding, resolvePath, type SiteFile } from "./static";
import type { VoteStore } from "./store";

export interface AppOptions {
  /** The built site to serve (build/client). */
  clientDir: string;
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Where votes live. The caller opens it and closes it after the app. */
  store: VoteStore;
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
  /** The server is reached over HTTPS (a proxy terminates TLS): send Strict-Transport-Security. */
  hsts?: boolean;
}

/** Builds the server: the JSON API under /api and the built site from memory for everything else. */
export async function buildApp({
  clientDir,
  logLevel = "silent",
  store,
  demos = edition.demos,
  votingWindow = { opens: new Date(edition.event.voting.opens), closes: new Date(edition.event.voting.closes) },
  now = () => new Date(),
  trustProxy = 0,
  limits = { votes: 2000, reads: 10_000 },
  hsts = false,
}: AppOptions) {
  const missing = new Error(`No built site in ${clientDir}: run \`npm run build\` first`);
  const site = await loadSite(clientDir).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === "ENOENT" ? missing : error;
  });
  if (!site.has("/index.html")) throw missing;

  // Security headers on every response, set before any handler runs so errors, 404s and 429s carry them too.
  const headers = commonHeaders({ hsts });
  const fastRoutes = new Map<string, FastRoute>();
  const app = Fastify({
    logger: { level: logLevel },
    // Built files (most requests) are answered before Fastify's routing and hooks; see site-server.ts.
    serverFactory: siteServerFactory({
      prepared: prepareSite(site, redirects, headers),
      routes: fastRoutes,
      trustProxy,
    }),
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
  });

  app.addHook("onRequest", (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
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

  await app.register(registerApi, {
    prefix: "/api",
    store,
    demos,
    votingWindow,
    now,
    siteUrl: edition.event.siteUrl,
    limits,
    commonHeaders: headers,
    fastRoutes,
  });

  app.get("/*", (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const resolution = resolvePath(site, pathname, redirects);
    switch (resolution.kind) {
      case "redirect":
        return reply.code(resolution.status).header("cache-control", "no-cache").redirect(resolution.location);
      case "file":
        return sendFile(request, reply, resolution.file, 200);
      case "not-found":
        if (!resolution.file) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
        return sendFile(request, reply, resolution.file, 404);
    }
  });

  return app;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile, status: number) {
  reply.header("cache-control", file.cacheControl).header("etag", file.etag).type(file.type);
  if (file.policy) reply.header("content-security-policy", file.policy);
  if (file.br || file.gzip) reply.header("vary", "Accept-Encoding");
  if (status === 200 && request.headers["if-none-match"] === file.etag) return reply.code(304).send();

  const encoding = negotiateEncoding(request.headers["accept-encoding"], file);
  const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.body;
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.code(status).send(body);
}
