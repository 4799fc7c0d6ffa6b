import type { FastifyRequest } from "fastify";

/**
 * Whether a request comes from another site's page: a defence in depth for state-changing calls, on top of the
 * voter cookie's SameSite=Lax. Browsers send Origin with every POST; it must name this server's host (as the
 * browser addressed it) or the edition's public site. Without Origin, Sec-Fetch-Site still tells a cross-site
 * browser request apart; a request with neither is not from a browser page, which is what this guards against.
 */
export function isCrossSite(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] === "cross-site";
  try {
    const from = new URL(origin);
    // Read the Host header with the Origin's scheme, so a default port written out on one side still matches.
    const self = new URL(`${from.protocol}//${request.headers.host ?? ""}`);
    return from.host !== self.host && from.host !== new URL(siteUrl).host;
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: not a page of ours.
    return true;
  }
}
