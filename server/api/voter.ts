import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Who is voting. There are no accounts (spec §6), so a voter is a random id the server issues in a cookie on the
 * first vote: httpOnly (page scripts never see it), SameSite=Lax (other sites' forms and scripts do not send it),
 * and signed with the store's key, so only ids this server issued count. A cookie that fails the signature (forged,
 * or from another deployment) is treated as absent, never as an error.
 */
export const voterCookie = "glosaic_voter";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** About a year: a voter keeps their identity for the whole of an edition's voting. */
const maxAgeSeconds = 365 * 24 * 60 * 60;

/** The caller's voter id, or null when they have none the server issued. */
export function voterOf(request: FastifyRequest): string | null {
  const raw = request.cookies[voterCookie];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  return valid && uuid.test(value) ? value : null;
}

/**
 * The caller's voter id, issuing a new one (and its cookie) to a caller without one: a random one, or `newId()`'s
 * (a version 4 UUID) when the route must give two requests of one first visit the same id.
 */
export function ensureVoter(request: FastifyRequest, reply: FastifyReply, newId: () => string = randomUUID): string {
  const existing = voterOf(request);
  if (existing) return existing;
  const id = newId();
  void reply.setCookie(voterCookie, id, {
    signed: true,
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/api",
    maxAge: maxAgeSeconds,
  });
  return id;
}
