import type { Edition } from "../content";
import { createHash } from "node:crypto";

/** RFC 9562's namespace for names that are URLs (6ba7b811-...), as Python's uuid.NAMESPACE_URL. */
export const urlNamespace = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

/**
 * A name-based UUID, version 5 (RFC 9562 section 5.5): the SHA-1 of the namespace's 16 bytes and the name's UTF-8,
 * its first 16 bytes with the version and variant bits set. The same name always gives the same UUID, on any
 * machine and in any tool that implements the RFC (Python's uuid.uuid5, the uuid package's v5).
 */
export function uuidV5(name: string, namespace: string): string {
  const space = Buffer.from(namespace.replaceAll("-", ""), "hex");
  if (space.length !== 16) throw new RangeError(`Not a UUID: ${namespace}`);
  const bytes = createHash("sha1").update(space).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a text is a UUID of any version, in either case (the schema's `guid` format). */
export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}

/** The site's origin, so that "https://a.example" and "https://a.example/" name the same site. */
const originOf = (siteUrl: string) => new URL(siteUrl).origin;

/**
 * A session's GUID: a UUID v5 of the site and the session's id, so it is the same in every build, differs between
 * editions on different sites, and is what both the schedule export and the calendar files (as the UID) carry.
 * The name is URL-shaped, as the URL namespace wants; it names the session and is not a page.
 */
export function sessionGuid(siteUrl: string, sessionId: string): string {
  return uuidV5(`${originOf(siteUrl)}/sessions/${sessionId}`, urlNamespace);
}

/**
 * The GUID a session goes out with: the one it was imported with (pretalx's or frab's, so that apps which followed
 * the original schedule see the same session), or else `sessionGuid`. Calendar files and the schedule export both
 * ask here, so they always agree.
 */
export function guidOfSession(edition: Pick<Edition, "event" | "agenda">, sessionId: string): string {
  return edition.agenda.find((slot) => slot.id === sessionId)?.guid ?? sessionGuid(edition.event.siteUrl, sessionId);
}

/** A room's (a stream's) GUID, from the site and the room's slug. */
export function roomGuid(siteUrl: string, roomSlug: string): string {
  return uuidV5(`${originOf(siteUrl)}/rooms/${roomSlug}`, urlNamespace);
}

/** A person's GUID: a UUID v5 of their page's URL on the site. */
export function personGuid(siteUrl: string, pagePath: string): string {
  return uuidV5(new URL(pagePath, originOf(siteUrl)).href, urlNamespace);
}
