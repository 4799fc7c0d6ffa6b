/**
 * How long the avatars may take. One avatar: a server that has not sent a small image in 15 s is not answering.
 * All of them: the organiser waits at the terminal, and the import must end in a time that does not grow with the
 * number of speakers, whatever the network does. At 16 at a time and a few hundred milliseconds an image, 20 s fetch
 * a thousand or more; what is not fetched by then is drawn as initials (or keeps the portrait it had) and said, and
 * the next import fetches it again. docs/decisions/071-import-without-a-build-or-a-network.md.
 */
export interface AvatarTimeouts {
  eachMs: number;
  allMs: number;
}
export const avatarTimeouts: AvatarTimeouts = { eachMs: 15_000, allMs: 20_000 };

/** How many avatars are fetched at once: more than a browser's six, few enough that an avatar server is not flooded. */
export const avatarsAtOnce = 16;

const maxAvatarBytes = 5 * 1024 * 1024;

/**
 * Failures that say the avatar's host cannot be reached at all, rather than that one image is missing: its name
 * does not resolve (or no resolver answers), no route leads to it, nothing listens there, or it does not answer in
 * time. Undici names a connection's own timeout UND_ERR_CONNECT_TIMEOUT.
 */
const unreachableCodes = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ENETDOWN",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** What became of one avatar. */
export type AvatarOutcome =
  | { bytes: Uint8Array; kind: string }
  /** This avatar could not be had (not found, not an image, too large): said per avatar. */
  | { problem: string }
  /** Its host could not be reached, by this request or an earlier one: said once for the whole import. */
  | { unreachable: string }
  /** The import's time for avatars ran out before it came. */
  | { late: true };

/**
 * The kind of a downloaded image by its first bytes, not by what the server claims: PNG, JPEG and WebP only. SVG
 * is refused on purpose: served from the site's own origin, a third party's SVG could carry script.
 */
function imageKind(bytes: Uint8Array): "png" | "jpg" | "webp" | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

/** Why a request failed, as short as the note can hold: the system's code where there is one. */
function reasonOf(error: unknown): { reason: string; unreachable: boolean } {
  const cause = error instanceof Error ? (error.cause as (Error & { code?: string }) | undefined) : undefined;
  const code = cause?.code;
  if (code && unreachableCodes.has(code)) return { reason: code, unreachable: true };
  return {
    reason: code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)),
    unreachable: false,
  };
}

/**
 * The avatars of one import, fetched under one deadline. A host that cannot be reached is asked nothing more, and
 * the requests to it still under way are stopped: with no network, the first failure ends the trying, so an import
 * without a network takes as long for 2,000 speakers as for 20. A host is judged alone, so that one speaker's avatar
 * on a dead personal domain does not cost the others theirs.
 */
export class AvatarDownloads {
  private readonly deadline: AbortSignal;
  /** Per host: what stops its requests under way, and why it could not be reached once it could not. */
  private readonly stops = new Map<string, AbortController>();
  private readonly unreachable = new Map<string, string>();

  constructor(private readonly timeouts: AvatarTimeouts = avatarTimeouts) {
    this.deadline = AbortSignal.timeout(timeouts.allMs);
  }

  /** The hosts that could not be reached, with why: for the one note. */
  unreachableHosts(): string[] {
    return [...this.unreachable].map(([host, reason]) => `${host}: ${reason}`);
  }

  /** Whether the import's time for avatars has run out (a call: it changes while a request waits). */
  private timeIsUp(): boolean {
    return this.deadline.aborted;
  }

  /** Downloads an avatar: its bytes and kind, or why not. */
  async download(url: string): Promise<AvatarOutcome> {
    if (this.timeIsUp()) return { late: true };
    if (!URL.canParse(url)) return { problem: "not a URL" };
    const host = new URL(url).host;
    const known = this.unreachable.get(host);
    if (known) return { unreachable: known };
    const stop = this.stops.get(host) ?? new AbortController();
    this.stops.set(host, stop);
    // Held here and read after the request, not only inside AbortSignal.any: Node 20 may collect a timeout signal
    // that only a combined signal refers to, and then it never fires (seen under Vitest: a host that never answers
    // held every request until the import's deadline).
    const ownTime = AbortSignal.timeout(this.timeouts.eachMs);
    try {
      const signal = AbortSignal.any([this.deadline, stop.signal, ownTime]);
      const response = await fetch(url, { signal, redirect: "follow" });
      if (!response.ok) {
        await response.body?.cancel();
        return { problem: `HTTP ${String(response.status)}` };
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length > maxAvatarBytes) return { problem: "larger than 5 MB" };
      const kind = imageKind(bytes);
      return kind ? { bytes, kind } : { problem: "not a PNG, JPEG or WebP image" };
    } catch (error) {
      // Stopped because the time ran out, or because another request found the host unreachable.
      if (this.timeIsUp()) return { late: true };
      const found = this.unreachable.get(host);
      if (found) return { unreachable: found };
      const { reason, unreachable } = ownTime.aborted
        ? { reason: `no answer in ${String(this.timeouts.eachMs / 1000)} s`, unreachable: true }
        : reasonOf(error);
      if (!unreachable) return { problem: reason };
      this.unreachable.set(host, reason);
      stop.abort();
      return { unreachable: reason };
    }
  }
}
