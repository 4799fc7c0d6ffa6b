import { edition } from "../../content";
import { firstNameOf } from "../../app/lib/first-name";
import { speakerById } from "../../app/lib/lookups";
import { expect, menuButton, test } from "./fixtures";

// The reference edition without JavaScript, to the letter: built long after its day and its vote, its pages say
// so in the spec's words, in Eastern Time. no-javascript.spec.ts checks any edition as of its build.

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

test("Without JavaScript the home page and the agenda close with the thank-you, in Eastern Time", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText(edition.event.conclusion.message)).toBeVisible();
  await page.goto("/agenda");
  await expect(page.getByText("Times in Eastern Time (ET).", { exact: true })).toBeVisible();
  await expect(page.getByText(edition.event.conclusion.message)).toBeVisible();
});

test("Without JavaScript talk pages say their times are Eastern Time", async ({ page }) => {
  await page.goto(edition.talks[0]!.path);
  await expect(page.getByRole("complementary", { name: "When and where" })).toContainText("Times in Eastern Time");
});

test("Without JavaScript the moderator's briefing lists her sessions and links", async ({ page }) => {
  const briefing = edition.briefings.find((entry) => entry.slug === "adaeze")!;
  await page.goto(briefing.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Hey ${firstNameOf(speakerById(briefing.speakerId)!.name)}!`,
  );
  await expect(page.getByRole("heading", { name: "Your Sessions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Important Links" })).toBeVisible();
});

test("Without JavaScript the leaderboard says voting has ended, and the menu offers the recordings", async ({
  page,
}) => {
  await page.goto("/demo-voting");
  await expect(page.getByRole("heading", { name: "Voting Has Ended" })).toBeVisible();
  await menuButton(page).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Watch Recording/ }),
  ).toBeVisible();
});
