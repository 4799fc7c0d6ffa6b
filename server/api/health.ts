import type { FastifyInstance } from "fastify";

/** GET /api/health: for load balancers and uptime checks. */
export function registerHealth(app: FastifyInstance) {
  app.get("/health", () => ({ status: "ok" }));
  return Promise.resolve();
}
