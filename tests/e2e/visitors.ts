import { expect, type APIRequestContext } from "@playwright/test";
import { demosUrl, issuedVoterCookie } from "../../common/api-contract";

/**
 * Makes `request` a visitor as a page makes one: its first read of the API issues the voter cookie that a vote, a
 * question or an upvote needs (decision 083), which the request context keeps for its later requests.
 */
export async function asVisitor(request: APIRequestContext, base: string): Promise<void> {
  const read = await request.get(base + demosUrl);
  expect(read.ok()).toBe(true);
}

/** For a plain fetch: the `name=value` of the voter cookie a first read of the API issued. */
export async function earnedVoterCookie(base: string): Promise<string> {
  const read = await fetch(base + demosUrl);
  const cookie = issuedVoterCookie(read.headers.getSetCookie());
  if (!read.ok || cookie === undefined) throw new Error(`GET ${demosUrl} issued no voter cookie (${read.status})`);
  return cookie;
}
