import * as m from "../../app/i18n/messages";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { edition } from "../../content";
import { demoListPollMs } from "../../app/lib/demo-api";
import { burstMinVotes, type Review } from "../../server/api/review";
import { testDatabaseUrl } from "../../server/test-support/databases";
import { startServer, stopServer, votingOpenEnv, type ServerProcess } from "../../server/test-support/server-process";
import { expect, test, voteButtonName, waitForHydration, watchConsole } from "./fixtures";
import { mainPort } from "./servers";
import { earnedVoterCookie } from "./visitors";

// Issue 19: several servers share one PostgreSQL, and a page on any of them follows the votes cast through the
// others (the store's LISTEN/NOTIFY, then the page's stream). Two servers of this build, voting open, on a schema of
// their own; a browser on each. Where PostgreSQL cannot be reached the case is skipped and says so, except under CI,
// where it fails: CI is where the shared store must be proved.

const ports = [mainPort + 2, mainPort + 3] as const;
const adminToken = "e2e-admin-token-of-at-least-32-characters";
const schema = `e2e_live_${String(process.pid)}`;
const demo = edition.demos[0]!;
// The servers started here serve the build under test, not the least site the server's own tests start with.
const builtSite = path.resolve("build/client");

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const card = (page: Page) => page.getByRole("article", { name: demo.title });
const count = (page: Page) => card(page).getByText(/^\d+ votes?$/);
const votes = (n: number) => `${String(n)} ${n === 1 ? "vote" : "votes"}`;

const problems: string[] = [];

async function openLeaderboard(browser: Browser, port: number) {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${String(port)}` });
  const page = await context.newPage();
  problems.push(...watchConsole(page));
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/demos/events"));
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await stream;
  await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
  return page;
}

test.describe("Two servers on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let unavailable: string | null = null;
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    unavailable = await reachable();
    if (unavailable !== null && process.env.CI) throw new Error(`PostgreSQL is required under CI: ${unavailable}`);
    if (unavailable !== null) return;
    await admin(`create schema ${schema}`);
    const url = new URL(testDatabaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    servers.push(
      ...(await Promise.all(
        ports.map((port) =>
          startServer({
            port,
            env: { ...votingOpenEnv, CLIENT_DIR: builtSite, DATABASE_URL: url.href, ADMIN_TOKEN: adminToken },
          }),
        ),
      )),
    );
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    if (unavailable === null) await admin(`drop schema if exists ${schema} cascade`);
  });

  test("a vote cast through one server shows on the other server's page without a reload", async ({ browser }) => {
    test.skip(unavailable !== null, `PostgreSQL cannot be reached at ${testDatabaseUrl}: ${unavailable ?? ""}`);
    const [first, second] = ports;
    const onA = await openLeaderboard(browser, first);
    const onB = await openLeaderboard(browser, second);
    const before = Number.parseInt((await count(onB).textContent()) ?? "", 10);
    await expect(count(onA)).toHaveText(votes(before));

    await card(onA)
      .getByRole("button", { name: voteButtonName(demo.title) })
      .click();
    await expect(count(onA)).toHaveText(votes(before + 1));
    await expect(count(onB)).toHaveText(votes(before + 1));
    expect(problems).toEqual([]);
  });

  test("votes an organiser voids on one server drop on the other server's page", async ({ browser }) => {
    test.skip(unavailable !== null, `PostgreSQL cannot be reached at ${testDatabaseUrl}: ${unavailable ?? ""}`);
    const [first, second] = ports;
    const onB = await openLeaderboard(browser, second);
    const before = Number.parseInt((await count(onB).textContent()) ?? "", 10);
    // A burst: distinct voters (a cookie each, earned by a read of its own) from one address, through server A.
    const serverA = `http://127.0.0.1:${String(first)}`;
    for (let vote = 0; vote < burstMinVotes; vote++) {
      const cast = await fetch(`${serverA}/api/demos/${demo.id}/vote`, {
        method: "POST",
        headers: { origin: serverA, cookie: await earnedVoterCookie(serverA) },
      });
      expect(cast.status).toBe(201);
    }
    await expect(count(onB)).toHaveText(votes(before + burstMinVotes));

    const auth = { authorization: `Bearer ${adminToken}` };
    const review = (await (await fetch(`${serverA}/api/admin/review`, { headers: auth })).json()) as Review;
    const burst = review.clusters.find((cluster) => cluster.kind === "burst" && cluster.demoId === demo.id);
    expect(burst?.votes.length).toBeGreaterThanOrEqual(burstMinVotes);
    const voided = await fetch(`${serverA}/api/admin/votes/void`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        votes: burst!.votes.map(({ demoId, voterId }) => ({ demoId, voterId })),
        reason: "one address, a burst",
      }),
    });
    expect(((await voided.json()) as { voided: number }).voided).toBe(burst!.votes.length);
    await expect(count(onB)).toHaveText(votes(before + burstMinVotes - burst!.votes.length));
    expect(problems).toEqual([]);
  });
});

test.describe("A server that holds no more live leaderboards", () => {
  const port = mainPort + 4;
  let server: ServerProcess | undefined;
  let folder = "";

  test.beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "glosaic-e2e-streams-"));
    server = await startServer({
      port,
      env: {
        ...votingOpenEnv,
        CLIENT_DIR: builtSite,
        MAX_LIVE_STREAMS: "0",
        DATABASE_PATH: path.join(folder, "votes.sqlite"),
      },
    });
  });

  test.afterAll(async () => {
    await stopServer(server);
    await rm(folder, { recursive: true, force: true });
  });

  test("refuses the stream, and the page polls the counts instead", async ({ browser }) => {
    const base = `http://127.0.0.1:${String(port)}`;
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    // The refusal is the one complaint expected: Chromium reports the stream's 503.
    const problems = watchConsole(page, /status of 503/);
    const refused = page.waitForResponse((response) => response.url().endsWith("/api/demos/events"));
    await page.goto("/demo-voting");
    await waitForHydration(page);
    expect((await refused).status()).toBe(503);
    await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
    const before = Number.parseInt((await count(page).textContent()) ?? "", 10);
    const cast = await fetch(`${base}/api/demos/${demo.id}/vote`, {
      method: "POST",
      headers: { origin: base, cookie: await earnedVoterCookie(base) },
    });
    expect(cast.status).toBe(201);
    // Within a polling interval or two, without a reload.
    await expect(count(page)).toHaveText(votes(before + 1), { timeout: demoListPollMs * 3 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
