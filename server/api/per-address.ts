import { clientKey } from "./rate-limit";

/**
 * How many of something held open (live streams, connections) each client address holds, up to `max`, so that one
 * client cannot take all a server may hold (decisions 082 and 083). An IPv6 address counts by its /64, as the rate
 * limits count it.
 */
export class PerAddress {
  readonly #open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Counts one for `ip`; false, counting nothing, when the address holds its share already. */
  take(ip: string): boolean {
    const key = clientKey(ip);
    const open = this.#open.get(key) ?? 0;
    if (open >= this.max) return false;
    this.#open.set(key, open + 1);
    return true;
  }

  /** One of `ip`'s ended. */
  release(ip: string) {
    const key = clientKey(ip);
    const open = (this.#open.get(key) ?? 0) - 1;
    if (open > 0) this.#open.set(key, open);
    else this.#open.delete(key);
  }
}
