import type { FastifyInstance } from "fastify";
import type { VoteStore } from "../store";
import { StoreUnavailableError, unavailableReason } from "../store/errors";

type Health = { status: "ok" } | { status: "unavailable"; reason: string };

/**
 * How long a check's answer serves the health requests that follow it. Load balancers poll every few seconds; a
 * flood of requests (they are never rate-limited) costs the store one tiny read a second at most, and the requests
 * that come while a check waits on a database that does not answer share that check.
 */
const answerKeptMs = 1000;

/**
 * GET /api/health, for load balancers and uptime checks: 200 `{status: "ok"}` when the store answers a tiny read
 * within its timeout, else 503 `{status: "unavailable", reason}`, the reason in a few words naming no address or
 * path (decision 080).
 */
export function registerHealth(app: FastifyInstance, { store }: { store: VoteStore }) {
  let answer: Promise<Health> | undefined;
  let checking = false;
  let answeredAt = -Infinity;

  const check = async (): Promise<Health> => {
    try {
      await store.check();
      return { status: "ok" };
    } catch (error) {
      // Anything but the database away (a table dropped under the server) is a fault to look into.
      if (!(error instanceof StoreUnavailableError)) app.log.error(error);
      return {
        status: "unavailable",
        reason: error instanceof StoreUnavailableError ? error.reason : unavailableReason(error),
      };
    }
  };

  app.get("/health", async (_request, reply) => {
    if (!answer || (!checking && Date.now() - answeredAt >= answerKeptMs)) {
      checking = true;
      answer = check().finally(() => {
        checking = false;
        answeredAt = Date.now();
      });
    }
    const health = await answer;
    return reply.code(health.status === "ok" ? 200 : 503).send(health);
  });
  return Promise.resolve();
}
