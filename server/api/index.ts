import type { FastifyInstance } from "fastify";
import { registerHealth } from "./health";

/** The JSON API, mounted under /api. Anything it does not know is a JSON 404, never the site's HTML page. */
export async function registerApi(app: FastifyInstance) {
  await app.register(registerHealth);
  app.all("/*", (request, reply) =>
    reply.code(404).send({ error: `No API route for ${request.method} ${request.url.split("?")[0] ?? ""}` }),
  );
}
