import type { FastifyInstance } from "fastify";
import { votingWindowRecord, type VotingWindow } from "../../common/voting-window";
import { limitedBy, type RateLimiter } from "./rate-limit";

/**
 * GET /api/voting: the window the server enforces. The page is built with the edition's window; this tells it
 * when the server's differs (VOTING_OPENS / VOTING_CLOSES), so its countdown and buttons match what a vote meets.
 */
export function registerVoting(
  app: FastifyInstance,
  { votingWindow, reads }: { votingWindow: VotingWindow; reads: RateLimiter },
) {
  app.get("/voting", { onRequest: limitedBy(reads) }, (_request, reply) => {
    void reply.header("cache-control", "no-cache");
    return votingWindowRecord(votingWindow);
  });
  return Promise.resolve();
}
