import { createHmac } from "node:crypto";
import type { VoteOrigin } from "../store";
import { clientKey } from "./rate-limit";

/**
 * Hashes where a vote came from with the deployment's key (decision 029). The address is first reduced to the
 * client it stands for, as the rate limits count clients: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * as that IPv4 address), an IPv6 address by its /64, since one household or phone network is handed a whole /64
 * and picks addresses in it at will. HMAC-SHA256, so the same client hashes alike on every server sharing the key,
 * while without the key nobody can test guesses (an IPv4 address has 2^32 values: a plain hash of one is reversed
 * in minutes). Address and user agent are hashed under a label each, so equal hashes mean equal values of one kind.
 */
export function voteOrigin(key: string, ip: string, userAgent: string | undefined): VoteOrigin {
  const hash = (kind: string, value: string) =>
    createHmac("sha256", key).update(`${kind}\0${value}`).digest("base64url");
  return { addressHash: hash("address", clientKey(ip)), agentHash: hash("user-agent", userAgent ?? "") };
}
