import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import type { FastifyRequest } from "fastify";

/**
 * The origins whose pages may vote, ask and upvote (decision 083): the edition's public site (its `siteUrl`, scheme
 * included), the origins an operator configures (ALLOWED_ORIGINS: a second domain, a staging address), and the
 * addresses the server itself listens on, so `npm start` works from http://localhost:3000 and http://127.0.0.1:3000
 * alike. Never the request's own Host header: a page on a domain that an attacker points at this server (DNS
 * rebinding) sends a Host and an Origin that agree, and would pass a check against Host.
 */
export class SiteOrigins {
  readonly #fixed: ReadonlySet<string>;
  /** The server's own, once it listens (PORT=0 picks its port only then); kept while it drains after closing. */
  #own: ReadonlySet<string> = new Set();

  constructor(siteUrl: string, configured: readonly string[]) {
    this.#fixed = new Set([siteUrl, ...configured].map((url) => new URL(url).origin));
  }

  /** The server listens at `address` (server.address() once it does). */
  listensAt(address: AddressInfo | string | null) {
    if (address !== null && typeof address !== "string") this.#own = ownOrigins(address);
  }

  /** Whether a page of `origin` (an Origin header's value) is one of ours. */
  allows(origin: string): boolean {
    let normalised: string;
    try {
      normalised = new URL(origin).origin;
    } catch {
      return false;
    }
    return this.#fixed.has(normalised) || this.#own.has(normalised);
  }
}

/**
 * The origins a browser on this machine or its network names the server by: each address it listens on (every
 * interface's, for 0.0.0.0 and ::), and `localhost` when that includes the loopback. Plain HTTP: over HTTPS a proxy
 * answers, under the site's own address.
 */
function ownOrigins({ address, port }: AddressInfo): ReadonlySet<string> {
  const everywhere = address === "0.0.0.0" || address === "::";
  const hosts = everywhere
    ? Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((info) => info.address))
    : [address];
  const loopback = hosts.some((host) => host === "::1" || host.startsWith("127."));
  const named = [...hosts.filter((host) => !host.includes("%")), ...(loopback ? ["localhost"] : [])];
  return new Set(named.map((host) => new URL(`http://${host.includes(":") ? `[${host}]` : host}:${port}`).origin));
}

/**
 * Whether a request comes from another site's page: a defence in depth for state-changing calls, on top of the
 * voter cookie's SameSite=Lax. Browsers send Origin with every POST; it must be one of `origins`. Without Origin,
 * Sec-Fetch-Site still tells a cross-site browser request apart; a request with neither is not from a browser
 * page, which is what this guards against.
 */
export function isCrossSite(request: FastifyRequest, origins: SiteOrigins): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] === "cross-site";
  // "null" (a sandboxed frame, a file) or garbage is no page of ours.
  return !origins.allows(origin);
}
