import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Demo } from "../../content";
import { ranked } from "../../app/lib/ranking";
import type { StoredVote, VoteStore } from "../store";
import { guardAdminRoutes } from "./bearer-token";
import { csvContentType, csvDocument } from "./csv";
import type { RateLimiter } from "./rate-limit";
import { reviewClusters } from "./review";
import type { Voters } from "./voter";

export interface AdminApiOptions {
  store: VoteStore;
  demos: readonly Demo[];
  /** How many of the demos with the most votes are presented live. */
  presentedLive: number;
  presenterName: (id: string) => string;
  /** ADMIN_TOKEN: never logged, never echoed. */
  token: string;
  now: () => Date;
  reads: RateLimiter;
  /** The voter cookies this server issued: the review lists the addresses that were issued many. */
  voters: Voters;
}

/** One row of the organisers' results. */
export interface ResultRow {
  rank: number;
  id: string;
  title: string;
  presenter: string;
  /** The count, voided votes already taken off. */
  votes: number;
  voidedVotes: number;
  presentedLive: boolean;
}

const csvColumns = ["rank", "id", "title", "presenter", "votes", "voidedVotes", "presentedLive"] as const;

/** A void request: at most this many votes at once, which keeps one request's transaction short. */
const maxVotesPerVoid = 1000;
/** Room for `maxVotesPerVoid` votes with their ids, and a reason. */
const voidBodyLimit = 128 * 1024;

const voidBody = z.object({
  votes: z
    .array(
      z.object({
        demoId: z.string().regex(/^demo-[0-9]{1,9}$/, "demoId must look like demo-1"),
        voterId: z.string().min(1, "voterId must not be empty").max(100, "voterId is too long"),
      }),
      { error: "votes must be a list of {demoId, voterId}" },
    )
    .min(1, "votes must name at least one vote")
    .max(maxVotesPerVoid, `votes may name at most ${String(maxVotesPerVoid)} votes at once`),
  reason: z
    .string({ error: "reason must be a text saying why" })
    .trim()
    .min(1, "reason must say why the votes are voided")
    .max(500, "reason must be at most 500 characters"),
});

/**
 * The organisers' API (decision 029), registered only when ADMIN_TOKEN is set: the results with voided votes, the
 * clusters of votes worth a look, and voiding. Every answer, refusals included, is for the caller alone.
 */
export function registerAdmin(app: FastifyInstance, options: AdminApiOptions) {
  const { store, demos, presentedLive, presenterName, now } = options;
  // Only ADMIN_TOKEN: MODERATOR_TOKEN moderates questions and reads no vote results (decision 039).
  guardAdminRoutes(app, options.reads, [options.token]);

  async function results(): Promise<ResultRow[]> {
    const [counts, votes] = await Promise.all([store.counts(), store.votes()]);
    const voided = new Map<string, number>();
    for (const vote of votes) if (vote.voidedAt) voided.set(vote.demoId, (voided.get(vote.demoId) ?? 0) + 1);
    return ranked(
      demos.map((demo) => ({
        id: demo.id,
        title: demo.title,
        presenter: presenterName(demo.presenterId),
        votes: counts.get(demo.id) ?? 0,
        voidedVotes: voided.get(demo.id) ?? 0,
      })),
    ).map((row) => ({
      rank: row.rank,
      id: row.id,
      title: row.title,
      presenter: row.presenter,
      votes: row.votes,
      voidedVotes: row.voidedVotes,
      presentedLive: row.rank <= presentedLive,
    }));
  }

  app.get("/results", async () => ({ demos: await results() }));

  app.get("/results.csv", async (_request, reply) => {
    return reply
      .type(csvContentType)
      .header("content-disposition", 'attachment; filename="results.csv"')
      .send(csvDocument(csvColumns, await results()));
  });

  app.get("/review", async () => {
    const votes = await store.votes();
    return {
      ...reviewClusters(
        votes.filter(
          (vote): vote is StoredVote & { addressHash: string } => !vote.voidedAt && vote.addressHash !== null,
        ),
        demos.length,
      ),
      // This server's own since it started: issuing is not kept in the store, so a restart begins the list again.
      newVoters: options.voters.review(),
    };
  });

  app.post("/votes/void", { bodyLimit: voidBodyLimit }, async (request, reply) => {
    const parsed = voidBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const problem = issue?.path.length
        ? `${issue.path.join(".")}: ${issue.message}`
        : "expected a JSON body {votes: [{demoId, voterId}], reason}";
      return reply.code(400).send({ error: `Malformed void request: ${problem}` });
    }
    const voided = await store.voidVotes(parsed.data.votes, parsed.data.reason, now());
    return { voided };
  });
  return Promise.resolve();
}
