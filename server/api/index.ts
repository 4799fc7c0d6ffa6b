import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { FastRoute } from "../site-server";
import { registerDemos, type DemosApiOptions } from "./demos";
import { registerHealth } from "./health";
import { registerVoting } from "./voting";

export interface ApiOptions extends Omit<DemosApiOptions, "limitReads" | "limitVotes" | "serveFast"> {
  /** Where routes answered before Fastify (see site-server.ts) are registered, by full path. */
  fastRoutes?: Map<string, FastRoute>;
  /** Requests per client IP and minute: casting votes, and reading the demo API. */
  limits: { votes: number; reads: number };
}

const minute = 60_000;

/** The JSON API, mounted under /api. Anything it does not know is a JSON 404, never the site's HTML page. */
export async function registerApi(app: FastifyInstance, options: ApiOptions) {
  await app.register(cookie, { secret: await options.store.cookieSecret() });
  // Limits count per client IP (see TRUST_PROXY) across all routes of a kind; health checks are never limited.
  await app.register(rateLimit, { global: false });
  const limitReads = app.rateLimit({ max: options.limits.reads, timeWindow: minute });
  const limitVotes = app.rateLimit({ max: options.limits.votes, timeWindow: minute });
  await app.register(registerHealth);
  const { store, demos, votingWindow, now, siteUrl, commonHeaders, fastRoutes } = options;
  const serveFast = (path: string, route: FastRoute) => fastRoutes?.set(`${app.prefix}${path}`, route);
  // Named one by one: `options` also carries this plugin's own prefix, which the demos routes must not repeat.
  await app.register(registerDemos, {
    store,
    demos,
    votingWindow,
    now,
    siteUrl,
    limitReads,
    limitVotes,
    commonHeaders,
    serveFast,
  });
  await app.register(registerVoting, { votingWindow, limitReads });
  app.all("/*", (request, reply) =>
    reply.code(404).send({ error: `No API route for ${request.method} ${request.url.split("?")[0] ?? ""}` }),
  );
}
