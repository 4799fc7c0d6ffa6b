import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Demo } from "../../content";
import type { CastVote, ServerDemo, VoteStatus } from "../../app/lib/demo-api";
import { demoVotingPath, votedMarker } from "../../common/api-contract";
import { votingPhase, type VotingWindow } from "../../common/voting-window";
import type { VoteStore } from "../store";
import { backToPage, sentAsForm } from "./form";
import { isCrossSite, type SiteOrigins } from "./origin";
import { limitedBy, type RateLimiter } from "./rate-limit";
import { voteOrigin } from "./vote-origin";
import type { Voters } from "./voter";
import * as m from "../../app/i18n/messages";

export interface DemosApiOptions {
  store: VoteStore;
  /** The catalogue: titles, descriptions and tags come from content; only the counts live in the store. */
  demos: readonly Demo[];
  votingWindow: VotingWindow;
  now: () => Date;
  /** The origins whose pages may cast votes. */
  origins: SiteOrigins;
  /** Rate limits, shared by every route of their kind: reading the demo API, and casting votes. */
  reads: RateLimiter;
  votes: RateLimiter;
  /** The key of the hashes of each vote's origin (decision 029): VOTE_HASH_KEY, or the store's. */
  originHashKey: string;
  /** The voter cookies: the listing, the page's first read, issues one; a vote needs one. */
  voters: Voters;
}

/** How long a server may answer with a listing made before votes cast through other servers sharing the store. */
export const listingMaxAgeMs = 1000;

const params = z.object({ id: z.string().regex(/^demo-[0-9]{1,9}$/) });

/** GET /api/demos, GET /api/demos/:id/has-voted and POST /api/demos/:id/vote (JSON, or a form: form.ts). */
export async function registerDemos(app: FastifyInstance, options: DemosApiOptions) {
  const { store, demos, votingWindow, now, origins, reads, votes, originHashKey, voters } = options;
  const limitReads = limitedBy(reads);
  // Every start: demos new to the store get their seed count; demos it knows keep theirs.
  await store.seed(demos);
  const catalogue = new Map(demos.map((demo) => [demo.id, demo]));

  /** The demo a request's :id names, or null once the reply has said why not. */
  function demoOf(request: FastifyRequest, reply: FastifyReply): Demo | null {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) {
      void reply.code(400).send({ error: "Malformed demo id: ids look like demo-1" });
      return null;
    }
    const demo = catalogue.get(parsed.data.id);
    if (!demo) void reply.code(404).send({ error: `No demo ${parsed.data.id}` });
    return demo ?? null;
  }

  /** How long until the caller may vote for a demo they have not voted for: now (0), later, or never (null). */
  function waitForVote(at: Date): number | null {
    switch (votingPhase(at, votingWindow)) {
      case "upcoming":
        return Math.ceil((votingWindow.opens.getTime() - at.getTime()) / 1000);
      case "open":
        return 0;
      case "ended":
        return null;
    }
  }

  /**
   * The listing as the text sent, kept between requests: every visitor to the voting page asks for it, and
   * reading the counts and serialising them on each request cost more than the rest of the response. A vote
   * through this server makes it stale at once (its voter sees the new count); votes through other servers
   * sharing the store show within `listingMaxAgeMs`.
   */
  let listing: { body: string; version: number; madeAt: number } | undefined;
  let pending: { version: number; body: Promise<string> } | undefined;
  let version = 0;
  // Counts that drop without a vote here (an organiser voids votes) make the listing stale at once too.
  const stopListening = store.onCountsChanged(() => {
    version++;
  });
  app.addHook("onClose", (_instance, done) => {
    stopListening();
    done();
  });
  async function makeListing(): Promise<string> {
    const startedAt = version;
    const madeAt = Date.now();
    const counts = await store.counts();
    const body = JSON.stringify(
      demos.map(({ id, title, description, presenterId, tags }) => ({
        id,
        title,
        description,
        presenterId,
        votes: counts.get(id) ?? 0,
        tags,
      })) satisfies ServerDemo[],
    );
    // Read before a vote counted here committed: good for this answer, not for the next one.
    if (startedAt === version) listing = { body, version: startedAt, madeAt };
    return body;
  }
  async function currentListing(): Promise<string> {
    if (listing && listing.version === version && Date.now() - listing.madeAt < listingMaxAgeMs) return listing.body;
    // Requests arriving together share one read of the counts, unless a vote came in since that read began.
    if (pending?.version !== version) {
      const read = { version, body: makeListing() };
      pending = read;
      void read.body
        .finally(() => {
          if (pending === read) pending = undefined;
        })
        .catch(() => undefined);
    }
    return pending.body;
  }

  app.get("/demos", { onRequest: limitReads }, async (request, reply) => {
    const body = await currentListing();
    void reply.header("cache-control", "no-cache");
    // The leaderboard's first read: a visitor without a voter cookie is issued one here, so their vote counts.
    voters.issue(request, reply);
    return reply.type("application/json; charset=utf-8").send(body);
  });

  app.get(
    "/demos/:id/has-voted",
    { onRequest: limitReads },
    async (request, reply): Promise<VoteStatus | undefined> => {
      // The answer is this caller's alone: no cache may keep it or hand it to someone else.
      void reply.header("cache-control", "no-store");
      const demo = demoOf(request, reply);
      if (!demo) return;
      const voter = voters.of(request);
      const vote = voter ? await store.voteOf(demo.id, voter) : null;
      if (vote) return { hasVoted: true, canVoteAgainIn: null, votedAt: vote.votedAt };
      return { hasVoted: false, canVoteAgainIn: waitForVote(now()), votedAt: null };
    },
  );

  app.post(
    "/demos/:id/vote",
    { onRequest: limitedBy(votes) },
    async (request, reply): Promise<CastVote | undefined> => {
      void reply.header("cache-control", "no-store");
      if (isCrossSite(request, origins)) {
        return reply.code(403).send({ error: m.apiVotesOnlyFromSite });
      }
      const demo = demoOf(request, reply);
      if (!demo) return;
      const at = now();
      const phase = votingPhase(at, votingWindow);
      if (phase !== "open") {
        return reply.code(403).send({ error: phase === "ended" ? m.apiVotingEnded : m.apiVotingNotBegun });
      }
      const voter = voters.require(request, reply);
      if (!voter) return;
      const result = await store.castVote(
        demo.id,
        voter,
        at,
        voteOrigin(originHashKey, request.ip, request.headers["user-agent"]),
      );
      if (result.counted) version++;
      // A vote sent without script goes back to the leaderboard, whose card then says this browser voted for the
      // demo: true after a vote counted now or before (the page cannot know which without script).
      if (sentAsForm(request)) return backToPage(reply, demoVotingPath, votedMarker(demo.id));
      if (!result.counted) {
        return reply.code(409).send({ error: m.apiAlreadyVoted({ title: demo.title }) });
      }
      void reply.code(201);
      return { hasVoted: true, canVoteAgainIn: null, votedAt: result.votedAt, votes: result.votes };
    },
  );
}
