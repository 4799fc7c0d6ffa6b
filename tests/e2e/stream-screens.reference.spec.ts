import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The reference edition's countdown screen at the spec's times: GLOSAIC opens at 10:00 in New York. How every
 * edition's stream screens behave is in stream-screens.spec.ts.
 */
test.use({ viewport: { width: 1920, height: 1080 }, timezoneId: "America/New_York" });

const units = (page: Page) => page.getByRole("timer").locator("span.tabular-nums");

/**
 * The countdown at a moment: its prerendered digits are placeholders until the page has hydrated (the build's instant
 * says nothing about when it is read), which a busy machine can take longer than an assertion's 5 s to reach.
 */
async function countdownAt(page: Page, now: string) {
  await page.goto(`/countdown?now=${now}`);
  await waitForHydration(page);
}

test("The countdown says GLOSAIC starts soon and counts down to 10:00 in New York", async ({ page }) => {
  await countdownAt(page, "2025-04-16T12:15:09Z");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("GLOSAIC STARTS SOON");
  // 8:15:09am in New York: 1 h 44 min 51 s to 10:00, counting down.
  await expect(units(page)).toHaveText(["01", "44", /^[0-5]\d$/]);
});

test("The countdown stays at zero once 10:00 has passed in New York", async ({ page }) => {
  await countdownAt(page, "2025-04-16T15:00:00Z");
  await expect(units(page)).toHaveText(["00", "00", "00"]);
});
