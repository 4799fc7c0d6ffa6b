import * as m from "../../app/i18n/messages";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { edition } from "../../content";
import { demoListPollMs } from "../../app/lib/demo-api";
import { burstMinVotes, type Review } from "../../server/api/review";
import { startServer, stopServer, votingOpenEnv, type ServerProcess } from "../../server/test-support/server-process";
import { builtSite, serversOnOnePostgres } from "./shared-store-servers";
import { expect, test, voteButtonName, waitForHydration, watchConsole } from "./fixtures";
import { specPorts } from "./servers";
import { earnedVoterCookie } from "./visitors";

// Issue 19: several servers share one PostgreSQL, and a page on any of them follows the votes cast through the
// others (the store's LISTEN/NOTIFY, then the page's stream). Two servers of this build, voting open, a browser on each.

const ports = specPorts.sharedStore;
const adminToken = "e2e-admin-token-of-at-least-32-characters";
const demo = edition.demos[0]!;

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
  const { requirePostgres } = serversOnOnePostgres("live", ports, { ...votingOpenEnv, ADMIN_TOKEN: adminToken });

  test("a vote cast through one server shows on the other server's page without a reload", async ({ browser }) => {
    requirePostgres();
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
    requirePostgres();
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
  const port = specPorts.streamsFull;
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
