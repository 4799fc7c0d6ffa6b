import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

test.use({ viewport: { width: 1920, height: 1080 }, timezoneId: "America/New_York" });

const units = (page: Page) => page.getByRole("timer").locator("span.tabular-nums");

async function fitsTheFrame(page: Page) {
  await expect(page.getByRole("navigation")).toHaveCount(0);
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(size).toEqual({ width: 1920, height: 1080 });
}

test("The countdown says the stream starts soon and ticks every second, full screen", async ({ page }) => {
  await page.goto("/countdown?now=2025-04-16T12:15:09Z");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("GLOSAIC STARTS SOON");
  // 8:15:09am in New York: 1 h 44 min 51 s to 10:00, counting down.
  await expect(units(page)).toHaveText(["01", "44", /^[0-5]\d$/]);
  const first = await units(page).nth(2).textContent();
  await expect.poll(() => units(page).nth(2).textContent()).not.toBe(first);
  await fitsTheFrame(page);
});

test("The countdown stays at zero once 10:00 has passed", async ({ page }) => {
  await page.goto("/countdown?now=2025-04-16T15:00:00Z");
  await expect(units(page)).toHaveText(["00", "00", "00"]);
});

test("The be-right-back screen fills the frame with the identity's drifting blobs, still under reduced motion", async ({
  page,
}) => {
  await page.goto("/brb");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Be right back");
  await fitsTheFrame(page);
  const animation = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("main [aria-hidden] > div")].map((blob) => getComputedStyle(blob).animationName),
    );
  expect(await animation()).toEqual(["drift", "drift"]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toEqual(["none", "none"]);
});
