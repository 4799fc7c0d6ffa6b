import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { firstNameOf } from "../../app/lib/first-name";
import { speakerById } from "../../app/lib/lookups";
import { expect, menuButton, test } from "./fixtures";

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

/**
 * Controls that would take a click or typing and do nothing: without JavaScript, only links, the menu (a native
 * disclosure) and disabled buttons may show.
 */
async function expectNoInertControls(page: Page) {
  const inert = page.locator("button:not([disabled]), input, select, textarea").filter({ visible: true });
  await expect(inert, `inert controls on ${page.url()}`).toHaveCount(0);
  await expect(page.getByText(/Loading/)).toHaveCount(0);
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expectNoInertControls(page);
}

test("Without JavaScript the home page and the agenda read in full, in Eastern Time", async ({ page }) => {
  await open(page, "/", edition.event.name);
  await expect(page.getByText(edition.event.headline, { exact: true })).toBeVisible();
  await expect(page.getByText(edition.event.conclusion.message)).toBeVisible();
  const sponsors = page.getByRole("region", { name: "Sponsors & Co-hosts" }).getByRole("listitem");
  await expect(sponsors).toHaveCount(edition.sponsors.length);
  await expect(sponsors.last()).toBeVisible();

  await open(page, "/agenda", "Agenda");
  const cards = page.getByRole("list", { name: "Schedule" }).getByRole("listitem");
  await expect(cards).toHaveCount(edition.agenda.length);
  await expect(cards.last()).toBeVisible();
  await expect(page.getByText("Times in Eastern Time (ET).", { exact: true })).toBeVisible();
  await expect(page.getByText(edition.event.conclusion.message)).toBeVisible();
});

test("Without JavaScript talk, panel and speaker pages show their content, and say times are Eastern Time", async ({
  page,
}) => {
  for (const talk of [edition.talks[0]!, edition.talks.at(-1)!]) {
    await open(page, talk.path, talk.title);
    await expect(page.getByText(talk.description)).toBeVisible();
    await expect(page.getByRole("heading", { name: speakerById(talk.speakerId)!.name })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "When and where" })).toContainText("Times in Eastern Time");
    await expect(page.getByRole("link", { name: /^Register Now/ })).toBeVisible();
  }

  await open(page, edition.panelPage.path, edition.panelPage.title);
  await expect(page.getByText(edition.panelPage.description)).toBeVisible();

  const speaker = speakerById(edition.talks[0]!.speakerId)!;
  await open(page, `/speakers/${speaker.id}`, speaker.name);
  await expect(page.getByRole("region", { name: "When to join" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem")).not.toHaveCount(0);
  await expect(page.getByText(speaker.bio)).toBeVisible();

  const briefing = edition.briefings.find((entry) => entry.slug === "adaeze")!;
  const moderator = speakerById(briefing.speakerId)!;
  await open(page, briefing.path, `Hey ${firstNameOf(moderator.name)}!`);
  await expect(page.getByRole("heading", { name: "Your Sessions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Important Links" })).toBeVisible();
});

test("Without JavaScript the leaderboard shows every demo from the catalogue, with no search box to type into", async ({
  page,
}) => {
  await open(page, "/demo-voting", "Demo Voting");
  await expect(page.getByRole("article")).toHaveCount(edition.demos.length);
  await expect(page.getByRole("article").last()).toBeVisible();
  await expect(page.getByRole("searchbox")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
});

test("Without JavaScript the narrow-screen menu opens and leads to the agenda", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Agenda" })).toBeHidden();
  await menuButton(page).click();
  await expect(nav.getByRole("link", { name: /^Watch Recording/ })).toBeVisible();
  await nav.getByRole("link", { name: "Agenda" }).click();
  await expect(page).toHaveURL("/agenda");
  await expect(nav.getByRole("link", { name: "Agenda" })).toBeHidden();
});

test("Without JavaScript the skip link still moves focus to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});
