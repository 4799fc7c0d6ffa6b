import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { VotingWindow } from "../../app/lib/voting";

/**
 * GET /api/voting: the window the server enforces. The page is built with the edition's window; this tells it
 * when the server's differs (VOTING_OPENS / VOTING_CLOSES), so its countdown and buttons match what a vote meets.
 */
export function registerVoting(
  app: FastifyInstance,
  { votingWindow, limitReads }: { votingWindow: VotingWindow; limitReads: preHandlerAsyncHookHandler },
) {
  app.get("/voting", { onRequest: limitReads }, (_request, reply) => {
    void reply.header("cache-control", "no-cache");
    return { opens: votingWindow.opens.toISOString(), closes: votingWindow.closes.toISOString() };
  });
  return Promise.resolve();
}
