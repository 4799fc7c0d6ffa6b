import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Demo } from "../../content";
import type { CastVote, ServerDemo, VoteStatus } from "../../app/lib/demo-api";
import { type VotingWindow } from "../../shared/voting-window";
import { votingPhase } from "../../shared/voting-window";
import type { VoteStore } from "../store";
import { jsonAnswer, type FastRoute, type JsonAnswer } from "../site-server";
import { isCrossSite } from "./origin";
import { limitedBy, rateLimitHeaderNames, type RateLimiter } from "./rate-limit";
import { voteOrigin } from "./vote-origin";
import { ensureVoter, voterOf } from "./voter";
import * as m from "../../app/i18n/messages";

export interface DemosApiOptions {
  store: VoteStore;
  /** The catalogue: titles, descriptions and tags come from content; only the counts live in the store. */
  demos: readonly Demo[];
  votingWindow: VotingWindow;
  now: () => Date;
  /** The edition's public address, whose pages may cast votes. */
  siteUrl: string;
  /** Rate limits, shared by every route of their kind: reading the demo API, and casting votes. */
  reads: RateLimiter;
  votes: RateLimiter;
  /** The key of the hashes of each vote's origin (decision 029): VOTE_HASH_KEY, or the store's. */
  originHashKey: string;
  /** The headers every response carries (app.ts), for responses made outside Fastify. */
  commonHeaders?: Record<string, string>;
  /** Registers a GET route answered before Fastify's routing (site-server.ts); path relative to the API. */
  serveFast?: (path: string, route: FastRoute) => void;
}

/** How long a server may answer with a listing made before votes cast through other servers sharing the store. */
const listingMaxAgeMs = 1000;

const params = z.object({ id: z.string().regex(/^demo-[0-9]{1,9}$/) });

/** GET /api/demos, GET /api/demos/:id/has-voted and POST /api/demos/:id/vote. */
export async function registerDemos(app: FastifyInstance, options: DemosApiOptions) {
  const {
    store,
    demos,
    votingWindow,
    now,
    siteUrl,
    reads,
    votes,
    originHashKey,
    commonHeaders = {},
    serveFast,
  } = options;
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
   * The listing as the bytes sent, kept between requests: every visitor to the voting page asks for it, and
   * reading the counts and serialising them on each request cost more than the rest of the response. A vote
   * through this server makes it stale at once (its voter sees the new count); votes through other servers
   * sharing the store show within `listingMaxAgeMs`.
   */
  let listing: { body: JsonAnswer; version: number; madeAt: number } | undefined;
  let pending: { version: number; body: Promise<JsonAnswer> } | undefined;
  let version = 0;
  // Counts that drop without a vote here (an organiser voids votes) make the listing stale at once too.
  const stopListening = store.onCountsChanged(() => {
    version++;
  });
  app.addHook("onClose", (_instance, done) => {
    stopListening();
    done();
  });
  async function makeListing(): Promise<JsonAnswer> {
    const startedAt = version;
    const madeAt = Date.now();
    const counts = await store.counts();
    const body = jsonAnswer(
      JSON.stringify(
        demos.map(({ id, title, description, presenterId, tags }) => ({
          id,
          title,
          description,
          presenterId,
          votes: counts.get(id) ?? 0,
          tags,
        })) satisfies ServerDemo[],
      ),
    );
    // Read before a vote counted here committed: good for this answer, not for the next one.
    if (startedAt === version) listing = { body, version: startedAt, madeAt };
    return body;
  }
  function currentListing(): JsonAnswer | Promise<JsonAnswer> {
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

  app.get("/demos", { onRequest: limitReads }, async (_request, reply) => {
    const body = await currentListing();
    return reply.header("cache-control", "no-cache").type("application/json; charset=utf-8").send(body.text);
  });

  /**
   * The same answer as the route above, for most requests, without Fastify's routing, hooks and reply: the
   * listing is a buffer already, and what remains is the read limit, counted on the same limiter as the route's
   * hook, so both paths spend one budget per address. A request over the limit, or one arriving while the listing
   * is being remade, goes to the route above, which answers it in full (the 429 included).
   */
  // The response's header list, made once: only the two rate-limit values and the length change per request, and
  // are written into their slots. Building the list per request (concat of the fixed parts around them) cost about
  // 4 % of this path's instructions under callgrind, a third of what stood between it and bare node:http.
  // writeHead reads the list at once and keeps no reference to it, so one list serves every request.
  const headers = [
    ...Object.entries(commonHeaders).flat(),
    rateLimitHeaderNames.limit,
    String(reads.max),
    rateLimitHeaderNames.remaining,
    "",
    rateLimitHeaderNames.reset,
    "",
    "cache-control",
    "no-cache",
    "content-type",
    "application/json; charset=utf-8",
    "content-length",
    "",
  ];
  const remainingSlot = headers.indexOf(rateLimitHeaderNames.remaining) + 1;
  const resetSlot = headers.indexOf(rateLimitHeaderNames.reset) + 1;
  const lengthSlot = headers.length - 1;
  serveFast?.("/demos", (request, response, ip, toFastify) => {
    const body = currentListing();
    if (body instanceof Promise) return false;
    const limit = reads.take(ip);
    // The route's hook counts this request a second time; past the limit that changes nothing it answers.
    if (limit.exceeded) {
      toFastify(request, response);
      return true;
    }
    headers[remainingSlot] = String(limit.remaining);
    headers[resetSlot] = String(limit.resetSeconds);
    headers[lengthSlot] = body.length;
    response.writeHead(200, headers).end(body.bytes);
    return true;
  });

  app.get(
    "/demos/:id/has-voted",
    { onRequest: limitReads },
    async (request, reply): Promise<VoteStatus | undefined> => {
      // The answer is this caller's alone: no cache may keep it or hand it to someone else.
      void reply.header("cache-control", "no-store");
      const demo = demoOf(request, reply);
      if (!demo) return;
      const voter = voterOf(request);
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
      if (isCrossSite(request, siteUrl)) {
        return reply.code(403).send({ error: m.apiVotesOnlyFromSite });
      }
      const demo = demoOf(request, reply);
      if (!demo) return;
      const at = now();
      const phase = votingPhase(at, votingWindow);
      if (phase !== "open") {
        return reply.code(403).send({ error: phase === "ended" ? m.apiVotingEnded : m.apiVotingNotBegun });
      }
      const voter = ensureVoter(request, reply);
      const result = await store.castVote(
        demo.id,
        voter,
        at,
        voteOrigin(originHashKey, request.ip, request.headers["user-agent"]),
      );
      if (result.counted) version++;
      if (!result.counted) {
        return reply.code(409).send({ error: m.apiAlreadyVoted({ title: demo.title }) });
      }
      void reply.code(201);
      return { hasVoted: true, canVoteAgainIn: null, votedAt: result.votedAt, votes: result.votes };
    },
  );
}
