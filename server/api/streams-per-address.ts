import { clientKey } from "./rate-limit";

/**
 * The audience's live streams (the leaderboard's and the questions') that one client address holds, so one client
 * cannot take every stream a server may hold (decision 083). An IPv6 address counts by its /64, as the rate limits
 * count it. The share is generous (MAX_STREAMS_PER_ADDRESS): a hall's Wi-Fi puts hundreds of phones behind one
 * address. A client refused a stream polls instead, as it does when the server is full.
 */
export class StreamsPerAddress {
  readonly #open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Counts a stream for `ip`; false, counting nothing, when the address holds its share already. */
  take(ip: string): boolean {
    const key = clientKey(ip);
    const open = this.#open.get(key) ?? 0;
    if (open >= this.max) return false;
    this.#open.set(key, open + 1);
    return true;
  }

  /** A stream of `ip`'s ended. */
  release(ip: string) {
    const key = clientKey(ip);
    const open = (this.#open.get(key) ?? 0) - 1;
    if (open > 0) this.#open.set(key, open);
    else this.#open.delete(key);
  }
}
