import type { Page } from "@playwright/test";
import { edition, eventSpan } from "../../content";
import * as m from "../../app/i18n/messages";
import { expect, test, waitForHydration } from "./fixtures";
import { at } from "./moments";

/**
 * The stream screens of the edition under test. The countdown runs on the streaming computer's clock: here it is
 * in the event's zone, and counts to the edition's first session. The reference edition's own times are checked
 * in stream-screens.reference.spec.ts.
 */
test.use({ viewport: { width: 1920, height: 1080 }, timezoneId: edition.event.timeZone });

const units = (page: Page) => page.getByRole("timer").locator("span.tabular-nums");
const start = Date.parse(eventSpan.start);
const second = 1000;

async function fitsTheFrame(page: Page) {
  await expect(page.getByRole("navigation")).toHaveCount(0);
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(size).toEqual({ width: 1920, height: 1080 });
}

test("The countdown says the stream starts soon and ticks every second, full screen", async ({ page }) => {
  // 1 h 44 min 51 s before the first session, on the same day in the event's zone.
  const before = new Date(start - (1 * 3600 + 44 * 60 + 51) * second).toISOString();
  await page.goto(at("/countdown", before));
  // Its digits are placeholders until the page has hydrated, which a busy machine can take longer than 5 s to reach.
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    m.countdownScreenHeading({ name: edition.event.shortName.toLocaleUpperCase(m.locale) }),
  );
  await expect(units(page)).toHaveText(["01", "44", /^[0-5]\d$/]);
  const first = await units(page).nth(2).textContent();
  await expect.poll(() => units(page).nth(2).textContent()).not.toBe(first);
  await fitsTheFrame(page);
});

test("The countdown stays at zero once the first session has begun", async ({ page }) => {
  await page.goto(at("/countdown", new Date(start + 3600 * second).toISOString()));
  await waitForHydration(page);
  await expect(units(page)).toHaveText(["00", "00", "00"]);
});

test("The be-right-back screen fills the frame with the identity's drifting blobs, still under reduced motion", async ({
  page,
}) => {
  await page.goto("/brb");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.brbTitle);
  await expect(page.getByText(edition.event.name, { exact: true })).toBeVisible();
  await fitsTheFrame(page);
  const animation = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("main [aria-hidden] > div")].map((blob) => getComputedStyle(blob).animationName),
    );
  expect(await animation()).toEqual(["drift", "drift"]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toEqual(["none", "none"]);
});
