import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { limitedBy, type RateLimiter } from "./rate-limit";

/**
 * An onRequest hook that lets a request through only with one of `tokens` as its bearer token (ADMIN_TOKEN, and for
 * the moderation routes MODERATOR_TOKEN too), and answers 401 otherwise. The tokens are never logged or echoed.
 */
export function requireBearer(tokens: readonly string[]): onRequestHookHandler {
  // Digests of equal length whatever the token given, so timingSafeEqual can compare them; comparing digests
  // also says nothing of the token's length.
  const expected = tokens.map(digest);
  return (request, reply, done) => {
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? "");
    if (match?.[1]) {
      const given = digest(match[1]);
      // Every token compared, so the time taken does not say which one came close.
      const accepted = expected.map((token) => timingSafeEqual(given, token)).includes(true);
      if (accepted) {
        done();
        return;
      }
    }
    void reply
      .code(401)
      .header("www-authenticate", 'Bearer realm="glosaic-admin"')
      .send({ error: "Missing or wrong bearer token" });
  };
}

function digest(token: string) {
  return createHash("sha256").update(token).digest();
}

/**
 * What every organisers' plugin under /api/admin starts with: each answer, refusals included, for the caller alone;
 * counted like any read of the API, so that a client guessing tokens is slowed as a scraper would be; and only with
 * one of `tokens`.
 */
export function guardAdminRoutes(app: FastifyInstance, reads: RateLimiter, tokens: readonly string[]): void {
  app.addHook("onRequest", (_request, reply, done) => {
    void reply.header("cache-control", "no-store");
    done();
  });
  app.addHook("onRequest", limitedBy(reads));
  app.addHook("onRequest", requireBearer(tokens));
}
