import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { voterCookie, voterIssued } from "../../common/api-contract";
import { sentAsForm } from "./form";
import { clientKey, rateLimitHeaders, RateLimiter, type RateLimitState } from "./rate-limit";
import { voteOrigin } from "./vote-origin";
import * as m from "../../app/i18n/messages";

/**
 * Who is voting. There are no accounts (spec §6), so a voter is a random id the server issues in a cookie: httpOnly
 * (page scripts never see it), SameSite=Lax (other sites' forms and scripts do not send it), and signed with the
 * store's key, so only ids this server issued count. A cookie that fails the signature (forged, or from another
 * deployment) is treated as absent, never as an error.
 *
 * A voter is earned, not minted per write (decision 083): the page's first read of the API issues the cookie, and a
 * vote, a question or an upvote without one is refused, never counted. Issuing is limited per client address, so a
 * script that drops its cookie to vote again gets a handful of voters a minute, not one per request.
 */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** About a year: a voter keeps their identity for the whole of an edition's voting. */
const maxAgeSeconds = 365 * 24 * 60 * 60;
/** The query a form's repeat carries: a browser that comes back without the cookie keeps none, and is told so. */
const formRepeat = "voter=issued";
/** An address that was issued (or refused) at least this many voters since the server started is in the review. */
export const reviewMinNewVoters = 20;
/** Addresses whose issuing the review remembers: past it the earliest are forgotten, so a flood cannot grow it. */
const rememberedAddresses = 10_000;
/** Characters of an address's hash the review shows, as its clusters do (review.ts). */
const shownHashLength = 16;

/** How many voters one address was issued, and refused, since the server started. */
export interface NewVotersOfAddress {
  addressHash: string;
  issued: number;
  refused: number;
  firstAt: string;
  lastAt: string;
}

export interface VotersOptions {
  /** New voters one client address may be issued a minute (RATE_LIMIT_NEW_VOTERS). */
  perAddressPerMinute: number;
  /** BEHIND_HTTPS: the site is reached over HTTPS, so the cookie is sent over nothing else. */
  secure: boolean;
  /** The key of the origins' hashes, so the review's addresses match its clusters'. */
  originHashKey: string;
  now?: () => Date;
}

/** The voter cookies of one server: reading them, issuing them within the limit, and what the review lists. */
export class Voters {
  readonly #issuing: RateLimiter;
  readonly #options: VotersOptions;
  readonly #byAddress = new Map<string, { ip: string; issued: number; refused: number; firstAt: Date; lastAt: Date }>();

  constructor(options: VotersOptions) {
    this.#options = options;
    this.#issuing = new RateLimiter(options.perAddressPerMinute, 60_000);
  }

  /** The caller's voter id, or null when they have none the server issued. */
  of(request: FastifyRequest): string | null {
    const raw = request.cookies[voterCookie];
    if (!raw) return null;
    const { valid, value } = request.unsignCookie(raw);
    return valid && uuid.test(value) ? value : null;
  }

  /**
   * Issues a caller without a voter one (its cookie on `reply`), unless its address has had its share this minute.
   * The caller's id, a new one, or the limit's state when none was issued.
   */
  issue(request: FastifyRequest, reply: FastifyReply): { voter: string } | { refused: RateLimitState } {
    const existing = this.of(request);
    if (existing) return { voter: existing };
    const state = this.#issuing.take(request.ip);
    this.#record(request.ip, state.exceeded);
    if (state.exceeded) return { refused: state };
    const voter = randomUUID();
    void reply.setCookie(voterCookie, voter, {
      signed: true,
      httpOnly: true,
      sameSite: "lax",
      secure: this.#options.secure || request.protocol === "https",
      path: "/api",
      maxAge: maxAgeSeconds,
    });
    // The answer names one browser now: no cache may keep it, or hand its cookie to someone else.
    void reply.header("cache-control", "no-store");
    return { voter };
  }

  /**
   * The voter of a write (a vote, a question, an upvote), or null once the reply has refused it: without a cookie
   * the write is not counted. The refusal issues the cookie when the address may have one, so the page sends the
   * write again (the JSON says `voter: "issued"`), and a form is sent back to the same address (307 keeps its
   * method and body) for the browser to repeat with the cookie. Past the address's limit, a 429.
   */
  require(request: FastifyRequest, reply: FastifyReply): string | null {
    const voter = this.of(request);
    if (voter) return voter;
    const form = sentAsForm(request);
    const [path = "", query = ""] = request.url.split("?");
    // A form that came back without the cookie it was given: this browser keeps no cookie, and asking again loops.
    if (form && query.split("&").includes(formRepeat)) {
      void reply.code(403).send({ error: m.apiVoterRequired });
      return null;
    }
    const issued = this.issue(request, reply);
    if ("refused" in issued) {
      for (const [name, value] of rateLimitHeaders(issued.refused)) void reply.header(name, value);
      void reply.code(429).send({ error: m.apiTooManyNewVoters({ seconds: issued.refused.resetSeconds }) });
    } else if (form) {
      void reply
        .code(307)
        .header("location", `${path}?${query === "" ? formRepeat : `${query}&${formRepeat}`}`)
        .send();
    } else {
      void reply.code(403).send({ error: m.apiVoterRequired, voter: voterIssued });
    }
    return null;
  }

  /** The addresses that were issued (or refused) many voters since this server started, most first. */
  review(): NewVotersOfAddress[] {
    return [...this.#byAddress.values()]
      .filter((address) => address.issued + address.refused >= reviewMinNewVoters)
      .sort((a, b) => b.issued + b.refused - (a.issued + a.refused))
      .map(({ ip, issued, refused, firstAt, lastAt }) => ({
        addressHash: voteOrigin(this.#options.originHashKey, ip, undefined).addressHash.slice(0, shownHashLength),
        issued,
        refused,
        firstAt: firstAt.toISOString(),
        lastAt: lastAt.toISOString(),
      }));
  }

  #record(ip: string, refused: boolean) {
    const key = clientKey(ip);
    const at = this.#options.now?.() ?? new Date();
    const address = this.#byAddress.get(key) ?? { ip, issued: 0, refused: 0, firstAt: at, lastAt: at };
    if (refused) address.refused++;
    else address.issued++;
    address.lastAt = at;
    this.#byAddress.set(key, address);
    for (const earliest of this.#byAddress.keys()) {
      if (this.#byAddress.size <= rememberedAddresses) break;
      this.#byAddress.delete(earliest);
    }
  }
}
