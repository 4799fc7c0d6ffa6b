import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { formatClock, formatLongDate, zoneAbbreviation } from "../../app/lib/time";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

/** The catalogue by votes, most first: what the seeded store and the fallback both show. */
const ranked = [...edition.demos].sort((a, b) => b.votes - a.votes);
const cards = (page: Page) => page.getByRole("article");
const card = (page: Page, title: string) => page.getByRole("article", { name: title });

/** Opens the leaderboard and waits for the live list to have arrived and rendered. */
async function openLeaderboard(page: Page) {
  const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await list;
  await expect(page.getByText("Loading demos...")).toBeHidden();
}

async function expectRanked(page: Page) {
  await expect(cards(page)).toHaveCount(7);
  for (const [index, demo] of ranked.entries()) {
    const item = cards(page).nth(index);
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(demo.title);
    await expect(item).toContainText(`Rank #${index + 1}`);
    await expect(item.getByText(/^\d+ votes?$/)).toHaveText(`${demo.votes} votes`);
  }
}

test("Visitors see the seven demos ranked by votes with their counts, and that voting has ended", async ({ page }) => {
  await openLeaderboard(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Voting");
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByText("Demo Voting")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByRole("link", { name: /^Register/ })).toHaveAttribute(
    "href",
    edition.event.links.register,
  );

  await expectRanked(page);
  await expect(page.getByRole("button", { name: "Voting Ended" })).toHaveCount(7);
  for (const button of await page.getByRole("button", { name: "Voting Ended" }).all())
    await expect(button).toBeDisabled();

  await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
  await expect(
    page.getByText("Thank you for your participation! The top demos have been selected.", { exact: true }),
  ).toBeVisible();

  const top = card(page, "Loomtrace");
  await expect(top.getByRole("link", { name: /View the project/ })).toHaveAttribute("href", ranked[0]!.projectUrl);
  await expect(top.getByRole("img", { name: "Portrait of Zeynep Arslan" })).toBeVisible();
});

test("The leaderboard is readable without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/demo-voting");
  await expectRanked(page);
  await expect(page.getByRole("button", { name: "Voting Ended" })).toHaveCount(7);
  await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
  await context.close();
});

test("Nothing moves when the page comes to life", async ({ page }) => {
  await page.goto("/demo-voting");
  const boxes = () =>
    cards(page).evaluateAll((articles) =>
      articles.map((article) => article.getBoundingClientRect().toJSON() as unknown),
    );
  const before = await boxes();
  await waitForHydration(page);
  await expect(page.getByText("Loading demos...")).toBeHidden();
  // The has-voted checks have answered too: every card is final.
  await page.waitForLoadState("networkidle");
  expect(await boxes()).toEqual(before);
});

test.describe("Columns", () => {
  for (const [width, columns] of [
    [390, 1],
    [800, 2],
    [1440, 3],
  ] as const) {
    test(`${columns} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/demo-voting");
      const grid = page.getByRole("list", { name: "Demos by votes" });
      expect(await grid.evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length)).toBe(columns);
    });
  }
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
  await expect(page.getByText("No demos found matching your search.")).toBeHidden();
});

test("What a visitor types into the search box before the live leaderboard has loaded is kept, with the focus", async ({
  page,
}) => {
  // The live leaderboard's chunk is held back, so the visitor types into the prerendered one.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/live-leaderboard-*.js", async (route) => {
    await held;
    await route.continue();
  });
  const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
  await page.goto("/demo-voting");
  await waitForHydration(page);
  const search = page.getByRole("searchbox", { name: "Search demos" });
  await search.click();
  await page.keyboard.type("loom");
  release?.();
  await list;
  await expect(page.getByText("Loading demos...")).toBeHidden();

  await expect(search).toHaveValue("loom");
  await expect(search).toBeFocused();
  expect(await cards(page).getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Loomtrace"]);
  // And typing goes on where it stopped.
  await page.keyboard.type("trace");
  await expect(search).toHaveValue("loomtrace");
  expect(await cards(page).getByRole("heading", { level: 3 }).allTextContents()).toEqual(["Loomtrace"]);
});

test("Visitors see Loading demos... while the list is on its way", async ({ page }) => {
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/demos", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await expect(page.getByText("Loading demos...", { exact: true })).toBeVisible();
  // The catalogue stays on screen meanwhile.
  await expect(cards(page)).toHaveCount(7);
  release?.();
  await expect(page.getByText("Loading demos...")).toBeHidden();
});

test.describe("With the API answering 500", () => {
  test.use({
    expectedConsole:
      /^(Failed to load resource: the server responded with a status of 500 .*|(Failed to fetch demos|Error checking vote status): 500: \{"error":"Internal server error"\})$/,
  });

  test("the leaderboard shows the local catalogue by votes, says so, and logs why", async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.route("**/api/**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }),
    );
    await page.goto("/demo-voting");
    await waitForHydration(page);
    await expect(page.getByRole("alert")).toHaveText("Failed to load demos. Using cached data.");
    await expectRanked(page);
    await expect(page.getByRole("button", { name: "Voting Ended" })).toHaveCount(7);
    await expect.poll(() => logs).toContain('Failed to fetch demos: 500: {"error":"Internal server error"}');
    await expect.poll(() => logs.filter((line) => line.startsWith("Error checking vote status: 500: ")).length).toBe(7);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("With the API unreachable", () => {
  test.use({
    expectedConsole:
      /^(Failed to load resource: net::ERR_CONNECTION_REFUSED|(Failed to fetch demos|Error checking vote status): Failed to fetch)$/,
  });

  test("the leaderboard still shows the seven demos with the fallback message", async ({ page }) => {
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.goto("/demo-voting");
    await waitForHydration(page);
    await expect(page.getByRole("alert")).toHaveText("Failed to load demos. Using cached data.");
    await expectRanked(page);
    await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
  });
});

test.describe("With the vote status check failing", () => {
  test.use({
    expectedConsole:
      /^(Failed to load resource: the server responded with a status of 503 .*|Error checking vote status: 503: Service Unavailable)$/,
  });

  test("a card still shows the vote this browser remembers", async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("voted-demos", JSON.stringify(["demo-3"]));
    });
    await page.route("**/has-voted", (route) => route.fulfill({ status: 503, body: "" }));
    await openLeaderboard(page);
    await expect(card(page, "Notewell").getByText("You voted for this demo")).toBeVisible();
    await expect(page.getByText("You voted for this demo")).toHaveCount(1);
    // Only logged: no error box for the visitor.
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("Presenters", () => {
  test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of 404 / });

  test("a portrait that fails to load is replaced by a placeholder", async ({ page }) => {
    await page.route("**/portraits/zeynep-arslan.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await openLeaderboard(page);
    const portrait = card(page, "Loomtrace").getByRole("img", { name: "Portrait of Zeynep Arslan" });
    await expect(portrait).toHaveText("ZA");
    await expect(card(page, "Loomtrace").locator("img")).toHaveCount(0);
    await expect(card(page, "Loomtrace")).toContainText("Zeynep Arslan");
  });
});

test("A presenter the site does not know shows as their id, titled Presenter, with a placeholder", async ({ page }) => {
  await page.route("**/api/demos", async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { presenterId: string }[];
    list[0]!.presenterId = "guest-presenter";
    await route.fulfill({ response, json: list });
  });
  await openLeaderboard(page);
  const loomtrace = card(page, "Loomtrace");
  await expect(loomtrace.getByText("guest-presenter", { exact: true })).toBeVisible();
  await expect(loomtrace.getByText("Presenter", { exact: true })).toBeVisible();
  await expect(loomtrace.locator("img")).toHaveAttribute("src", "/portraits/placeholder.svg");
  await expect(loomtrace.getByRole("link", { name: /View the project/ })).toHaveAttribute(
    "href",
    ranked[0]!.projectUrl,
  );
});

test.describe("Before voting opens", () => {
  // A visitor far from the event's zone: the opening is given in theirs.
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the page says when voting opens, in the visitor's zone, and every vote button waits for that date", async ({
    page,
  }) => {
    const opens = edition.event.voting.opens;
    const before = new Date(Date.parse(opens) - 3 * 24 * 60 * 60 * 1000).toISOString();
    const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
    await page.goto(`/demo-voting?now=${before}`);
    await waitForHydration(page);
    await list;

    const zone = "Asia/Tokyo";
    const label = zoneAbbreviation(opens, zone);
    await expect(page.getByRole("heading", { name: "Voting opens in" })).toBeVisible();
    await expect(
      page.getByText(`Voting opens ${formatLongDate(opens, zone)} at ${formatClock(opens, zone)} ${label}.`, {
        exact: true,
      }),
    ).toBeVisible();
    const waiting = page.getByRole("button", { name: `Voting opens ${formatLongDate(opens, zone)}` });
    await expect(waiting).toHaveCount(edition.demos.length);
    for (const button of await waiting.all()) await expect(button).toBeDisabled();
    await expect(page.getByText(/will be presented live, with audience Q&A\.$/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("After the edition, the intro says the top demos were presented", async ({ page }) => {
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await expect(page.getByText(/were presented live, with audience Q&A\.$/)).toBeVisible();
});
