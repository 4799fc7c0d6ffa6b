import { edition } from "../../content";
import { expect, test } from "./fixtures";

// The reference edition's talk pages and panel page, in the spec's words: 16 April 2025, in ET, and the panel as
// it was announced. talks.spec.ts checks the same pages on whichever edition is built.

for (const talk of edition.talks) {
  test(`${talk.path} is on April 16, 2025, at a time in ET`, async ({ page }) => {
    await page.goto(talk.path);
    const facts = page.getByRole("complementary", { name: "When and where" });
    await expect(facts).toContainText("April 16, 2025");
    await expect(facts).toContainText(/\d{1,2}:\d\d(am|pm)? - \d{1,2}:\d\d(am|pm) ET/);
  });
}

test("The panel page states its three speakers, date, time and place", async ({ page }) => {
  await page.goto("/panel");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Building Open-Source AI Tools");
  const facts = page.getByRole("complementary", { name: "When and where" });
  await expect(facts).toContainText("April 16, 2025");
  await expect(facts).toContainText("11:00 AM - 1:00 PM ET");
  await expect(facts).toContainText("Live on YouTube");
  await expect(page.getByRole("heading", { name: "Featured speakers" })).toBeVisible();
  expect(edition.panelPage!.speakerIds).toHaveLength(3);
  for (const id of edition.panelPage!.speakerIds) {
    const speaker = edition.speakers.find((s) => s.id === id);
    await expect(page.getByRole("heading", { name: speaker?.name ?? id })).toBeVisible();
  }
});
