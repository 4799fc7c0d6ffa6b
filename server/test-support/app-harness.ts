import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll } from "vitest";
import { selectedEditionId } from "../../content/editions";
import { loadEdition } from "../../content/load-edition";
import { buildApp, type AppOptions } from "../app";
import { voterCookie } from "../../common/api-contract";
import { openSqliteStore } from "../store/sqlite";
import { testEdition } from "./databases";
import { minimalSite } from "./site";

/** A voting window of the tests' own, and an instant inside it: the API's cases do not depend on today's date. */
export const open = { opens: new Date("2025-04-16T14:00:00Z"), closes: new Date("2025-04-16T20:00:00Z") };
export const duringVoting = () => new Date("2025-04-16T15:00:00Z");

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * For a test file of the API through `inject`: a minimal built site for the file, and `start`, which builds an app on
 * an in-memory store (or the one given) with voting open unless the test says otherwise, closed after each test. It
 * serves the edition the test gives, or the one EDITION names.
 * `cleanups` takes what else a test opens, closed after it in reverse order.
 */
export function appHarness(): {
  start: (options?: Partial<AppOptions>) => Promise<App>;
  cleanups: (() => Promise<unknown>)[];
} {
  let site: Awaited<ReturnType<typeof minimalSite>>;
  beforeAll(async () => {
    site = await minimalSite();
  });
  afterAll(async () => {
    await site.remove();
  });
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = async (options: Partial<AppOptions> = {}) => {
    let store = options.store;
    if (!store) {
      const own = await openSqliteStore(":memory:", testEdition);
      cleanups.push(() => own.close());
      store = own;
    }
    const edition = options.edition ?? loadEdition(selectedEditionId()).edition;
    const app = await buildApp({
      clientDir: site.dir,
      votingWindow: open,
      now: duringVoting,
      ...options,
      edition,
      store,
    });
    cleanups.push(() => app.close());
    return app;
  };
  return { start, cleanups };
}

/** The voter cookie an answer issued, if it issued one. */
export const issuedVoter = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === voterCookie)?.value;

/** A voter as a page earns one: the cookie its first read of the leaderboard is issued (decision 083). */
export const earnVoter = async (app: App, extra: Partial<InjectOptions> = {}) =>
  issuedVoter(await app.inject({ method: "GET", url: "/api/demos", ...extra }));

/**
 * A vote as the leaderboard casts it: by a visitor whose first read earned a voter cookie, from the same address
 * and with the same headers, unless the test brings a cookie of its own. The answer carries the voter's cookie.
 */
export async function voteAsPage(app: App, id: string, extra: Partial<InjectOptions> = {}) {
  const voter =
    extra.cookies === undefined
      ? await earnVoter(app, {
          ...(extra.headers ? { headers: extra.headers } : {}),
          ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
        })
      : undefined;
  const response = await app.inject({
    method: "POST",
    url: `/api/demos/${id}/vote`,
    ...extra,
    ...(voter ? { cookies: { [voterCookie]: voter } } : {}),
  });
  return Object.assign(response, { voter });
}
