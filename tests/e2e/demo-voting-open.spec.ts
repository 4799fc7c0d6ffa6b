import type { Page } from "@playwright/test";
import { axeViolations, expect, test, waitForHydration, watchConsole } from "./fixtures";
import { votingOpenURL } from "./servers";

// These tests run against the second server, whose voting window is open. Each votes for a demo of its own, so
// they can run side by side; counts are read before voting, so a reused server's earlier votes do not matter.
test.use({ baseURL: votingOpenURL });

const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

async function openLeaderboard(page: Page) {
  const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
  const statuses = page.waitForResponse((response) => response.url().endsWith("/has-voted"));
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await list;
  await statuses;
  await expect(page.getByText("Loading demos...")).toBeHidden();
}

async function votesOf(page: Page, title: string) {
  const text = await card(page, title)
    .getByText(/^\d+ votes?$/)
    .textContent();
  return Number.parseInt(text ?? "", 10);
}

test("While voting is open the countdown ticks toward the close", async ({ page }) => {
  await openLeaderboard(page);
  await expect(page.getByRole("heading", { name: "Voting closes in" })).toBeVisible();
  const timer = page.getByRole("timer");
  await expect(timer.locator("dt")).toHaveText(["days", "hours", "minutes", "seconds"]);
  await expect(timer.locator("dd").first()).toHaveText(/^0[67]$/);
  const seconds = timer.locator("dd").last();
  const shown = await seconds.textContent();
  await expect(seconds).not.toHaveText(shown ?? "", { timeout: 15_000 });
});

test("A visitor votes once, sees the count rise, and cannot vote twice, even after a reload", async ({ page }) => {
  await openLeaderboard(page);
  const weftwork = card(page, "Weftwork");
  const before = await votesOf(page, "Weftwork");

  await weftwork.getByRole("button", { name: "Vote for Weftwork" }).click();
  await expect(weftwork.getByText(/^\d+ votes?$/)).toHaveText(`${before + 1} votes`);
  await expect(toasts(page)).toContainText("Vote recorded");
  await expect(toasts(page)).toContainText("Thank you for voting for Weftwork!");
  await expect(weftwork.getByText("You voted for this demo")).toBeVisible();
  await expect(weftwork.getByRole("button", { name: "Voted" })).toBeDisabled();
  // Other demos can still be voted for.
  await expect(page.getByRole("button", { name: "Vote for Quayside" })).toBeEnabled();

  const [cookie] = (await page.context().cookies()).filter((c) => c.name === "glosaic_voter");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api" });

  await page.reload();
  await openLeaderboard(page);
  await expect(weftwork.getByText(/^\d+ votes?$/)).toHaveText(`${before + 1} votes`);
  await expect(weftwork.getByText("You voted for this demo")).toBeVisible();
  await expect(weftwork.getByRole("button", { name: "Vote for Weftwork" })).toHaveCount(0);

  // The server refuses a second vote from this browser outright.
  const again = await page.request.post("/api/demos/demo-6/vote", { headers: { origin: votingOpenURL } });
  expect(again.status()).toBe(409);
  await page.reload();
  await openLeaderboard(page);
  expect(await votesOf(page, "Weftwork")).toBe(before + 1);
});

test("Two browsers each see the other's vote after a reload", async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL: votingOpenURL });
  const second = await other.newPage();
  const problems = watchConsole(second);

  await openLeaderboard(page);
  const before = await votesOf(page, "Pebblenet");
  await card(page, "Pebblenet").getByRole("button", { name: "Vote for Pebblenet" }).click();
  await expect(card(page, "Pebblenet").getByText(/^\d+ votes?$/)).toHaveText(`${before + 1} votes`);

  await openLeaderboard(second);
  expect(await votesOf(second, "Pebblenet")).toBe(before + 1);
  // The first browser's vote is not the second's: it may still vote.
  await card(second, "Pebblenet").getByRole("button", { name: "Vote for Pebblenet" }).click();
  await expect(card(second, "Pebblenet").getByText(/^\d+ votes?$/)).toHaveText(`${before + 2} votes`);

  await page.reload();
  await openLeaderboard(page);
  expect(await votesOf(page, "Pebblenet")).toBe(before + 2);
  await expect(card(page, "Pebblenet").getByText("You voted for this demo")).toBeVisible();

  expect(problems).toEqual([]);
  await other.close();
});

test.describe("A refused vote", () => {
  test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of (409|403) / });

  test("says the visitor has already voted when the server knows better than the page", async ({ page }) => {
    // This browser voted elsewhere (another tab) after the page checked its status.
    expect((await page.request.post("/api/demos/demo-5/vote", { headers: { origin: votingOpenURL } })).status()).toBe(
      201,
    );
    await page.route("**/api/demos/demo-5/has-voted", (route) =>
      route.fulfill({ json: { hasVoted: false, canVoteAgainIn: 0, votedAt: null } }),
    );
    await openLeaderboard(page);
    const before = await votesOf(page, "Sift Shell");
    await card(page, "Sift Shell").getByRole("button", { name: "Vote for Sift Shell" }).click();
    await expect(toasts(page)).toContainText("Already voted");
    await expect(toasts(page)).toContainText("You have already voted for Sift Shell.");
    await expect(card(page, "Sift Shell").getByText("You voted for this demo")).toBeVisible();
    expect(await votesOf(page, "Sift Shell")).toBe(before);
  });

  test("passes on the server's reason when voting has closed under the page", async ({ page }) => {
    await page.route("**/api/demos/demo-2/vote", (route) =>
      route.fulfill({ status: 403, json: { error: "Voting has ended." } }),
    );
    await openLeaderboard(page);
    await card(page, "Feedback Forensics").getByRole("button", { name: "Vote for Feedback Forensics" }).click();
    await expect(toasts(page)).toContainText("Vote not accepted");
    await expect(toasts(page)).toContainText("Voting has ended.");
    await expect(page.getByRole("button", { name: "Vote for Feedback Forensics" })).toBeEnabled();
  });
});

test("axe finds nothing on the open leaderboard, with a toast showing", async ({ page }) => {
  await openLeaderboard(page);
  await card(page, "Notewell").getByRole("button", { name: "Vote for Notewell" }).click();
  await expect(toasts(page)).toContainText("Vote recorded");
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
});
