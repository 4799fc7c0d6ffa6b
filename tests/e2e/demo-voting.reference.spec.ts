import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The reference edition's leaderboard against the spec's own catalogue: seven demos, Loomtrace on top, voting
 * over since December 2023 (whenever the tests run, and whenever the site was built). How every edition's
 * leaderboard behaves, phase by phase, is in demo-voting.spec.ts.
 */
const ranked = [...edition.demos].sort((a, b) => b.votes - a.votes);
const cards = (page: Page) => page.getByRole("article");
const card = (page: Page, title: string) => page.getByRole("article", { name: title });

async function openLeaderboard(page: Page) {
  const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await list;
  await expect(page.getByText("Loading demos...")).toBeHidden();
}

async function expectSevenRanked(page: Page) {
  await expect(cards(page)).toHaveCount(7);
  await expect(cards(page).getByRole("heading", { level: 3 })).toHaveText([
    "Loomtrace",
    "Quayside",
    "Pebblenet",
    "Weftwork",
    "Notewell",
    "Feedback Forensics",
    "Sift Shell",
  ]);
  await expect(cards(page).getByText(/^\d+ votes?$/)).toHaveText([
    "93 votes",
    "62 votes",
    "57 votes",
    "48 votes",
    "46 votes",
    "45 votes",
    "27 votes",
  ]);
}

test("Visitors see the seven demos ranked by votes with their counts, and that voting has ended", async ({ page }) => {
  await openLeaderboard(page);
  await expectSevenRanked(page);
  await expect(page.getByRole("button", { name: "Voting Ended" })).toHaveCount(7);
  await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
  await expect(
    page.getByText("Thank you for your participation! The top demos have been selected.", { exact: true }),
  ).toBeVisible();
  const top = card(page, "Loomtrace");
  await expect(top.getByRole("link", { name: /View the project/ })).toHaveAttribute("href", ranked[0]!.projectUrl);
  await expect(top.getByRole("img", { name: "Portrait of Zeynep Arslan" })).toBeVisible();
  await expect(
    page.getByText(
      "The community demos of GLOSAIC 2025, ranked by the audience's votes. The 4 demos with the most votes were presented live, with audience Q&A.",
      { exact: true },
    ),
  ).toBeVisible();
});

test("The leaderboard is readable without JavaScript, and says that voting has ended", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/demo-voting");
  await expectSevenRanked(page);
  await expect(page.getByRole("button", { name: "Voting Ended" })).toHaveCount(7);
  await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
  await context.close();
});

test("Visitors search by title, presenter, description or tag, and are told when nothing matches", async ({ page }) => {
  await openLeaderboard(page);
  const search = page.getByRole("searchbox", { name: "Search demos" });
  const titles = () => cards(page).getByRole("heading", { level: 3 }).allTextContents();

  await search.fill("QUAYSIDE");
  expect(await titles()).toEqual(["Quayside"]);
  await search.fill("obinna");
  expect(await titles()).toEqual(["Sift Shell"]);
  // The demo keeps its rank when the others are filtered out.
  await expect(cards(page).first()).toContainText("Rank #7");
  await search.fill("single-board");
  expect(await titles()).toEqual(["Pebblenet"]);
  await search.fill("preference data");
  expect(await titles()).toEqual(["Feedback Forensics"]);

  await search.fill("blockchain");
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("No demos found matching your search.", { exact: true })).toBeVisible();

  await search.fill("");
  await expect(cards(page)).toHaveCount(7);
});

test("What a visitor types into the search box before the live leaderboard has loaded is kept", async ({ page }) => {
  // The page's hydration is held back, so the visitor types into the prerendered leaderboard.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
  await page.goto("/demo-voting", { waitUntil: "domcontentloaded" });
  const search = page.getByRole("searchbox", { name: "Search demos" });
  await search.click();
  await page.keyboard.type("loom");
  release?.();
  await waitForHydration(page);
  await list;
  await expect(page.getByText("Loading demos...")).toBeHidden();
  await expect(search).toHaveValue("loom");
  expect(await cards(page).getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Loomtrace"]);
});
