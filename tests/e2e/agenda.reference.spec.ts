import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

// The spec's agenda of the reference edition, to the letter: its 24 sessions, their times in Eastern Time and in
// two visitors' zones, the live strip at moments of 16 April 2025. agenda.spec.ts checks the same behaviour on
// whichever edition is built.

const table = (page: Page) => page.getByRole("table");
const cards = (page: Page) => page.getByRole("list", { name: "Schedule" }).getByRole("listitem");
const strip = (page: Page) => page.getByRole("complementary", { name: "Live now" });
const firstTime = (page: Page) => table(page).getByRole("row").nth(1).getByRole("cell").first();

test.describe("On a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Visitors see the day as 24 cards, the first the 10:00am ET panel", async ({ page }) => {
    await page.goto("/agenda");
    await expect(cards(page)).toHaveCount(24);
    const first = cards(page).first();
    await expect(first).toContainText("10:00 - 10:30am ET");
    await expect(first).toContainText("Panel");
    await expect(first.getByRole("heading")).toHaveText("Panel Discussion on AI and ML");
  });
});

test("Visitors on a desktop see a 24-row table in ET, from 10:00am to 3:35pm", async ({ page }) => {
  await page.goto("/talks_demos");
  await waitForHydration(page);
  await expect(table(page).locator("tbody tr")).toHaveCount(24);
  await expect(table(page).getByRole("columnheader")).toHaveText(["Time (ET)", "Type", "Session", "Speakers"]);
  await expect(firstTime(page)).toHaveText("10:00 - 10:30am ET");
  await expect(table(page).locator("tbody tr").last()).toContainText("3:30 - 3:35pm ET");
});

test.describe("In Berlin", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("a visitor switches every time to their own zone with one click, and the site remembers", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await expect(firstTime(page)).toHaveText("10:00 - 10:30am ET");
    await expect(page.getByRole("button", { name: "Eastern Time" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "My time zone" }).click();
    await expect(firstTime(page)).toHaveText("4:00 - 4:30pm GMT+2");
    await expect(table(page).getByRole("columnheader").first()).toHaveText("Time (GMT+2)");
    await expect(page.getByText("Times in your time zone, Europe/Berlin (GMT+2).")).toBeVisible();

    // Remembered across pages...
    await page
      .getByRole("link", { name: edition.talks[0]?.title ?? "" })
      .first()
      .click();
    await expect(page.getByRole("complementary", { name: "When and where" })).toContainText("4:30 - 4:45pm GMT+2");
    // ...and visits.
    await page.goto("/agenda");
    await expect(firstTime(page)).toHaveText("4:00 - 4:30pm GMT+2");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Eastern Time" }).click();
    await expect(firstTime(page)).toHaveText("10:00 - 10:30am ET");
    await page.reload();
    await expect(firstTime(page)).toHaveText("10:00 - 10:30am ET");
  });
});

test.describe("In Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("sessions after midnight there say which day they fall on", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await page.getByRole("button", { name: "My time zone" }).click();
    await expect(firstTime(page)).toHaveText("11:00 - 11:30pm GMT+9");
    const last = table(page).locator("tbody tr").last().getByRole("cell").first();
    await expect(last).toHaveText("4:30 - 4:35am GMT+9Thu, Apr 17");
  });
});

test("The prerendered agenda is in Eastern Time, so nothing changes on load for a visitor who never switched", async ({
  request,
}) => {
  // React separates adjacent text with empty comments in its HTML.
  const html = (await (await request.get("/agenda")).text()).replaceAll("<!-- -->", "");
  expect(html).toContain("10:00 - 10:30am ET");
  expect(html).toContain("Times in Eastern Time (ET).");
});

test("At 10:07:30 ET the strip shows the panel on air, 22:30 left, and the 10:30am talk next", async ({ page }) => {
  await page.goto("/agenda?now=2025-04-16T14:07:30Z");
  const live = strip(page);
  await expect(live).toContainText("Panel Discussion on AI and ML");
  // 10:07:30 ET: 22:30 left on the 10:00-10:30 panel, ticking down from there.
  await expect(live.getByText(/^\d+:\d\d left$/)).toHaveText(/^2[12]:\d\d left$/);
  await expect(live.getByRole("progressbar", { name: "Session progress" })).toHaveAttribute("aria-valuenow", /^2\d$/);
  await expect(live).toContainText("Next at 10:30am ET: Seeing your data");
});

test("At 12:39:30 ET the home page's strip counts the last seconds of Feedback Forensics", async ({ page }) => {
  await page.goto("/?now=2025-04-16T16:39:30Z");
  const live = strip(page);
  // The home page loads React for its strip only now, which on a loaded machine has taken 7 s (agenda.spec.ts).
  await expect(live).toContainText("Demo of Feedback Forensics", { timeout: 15_000 });
  await expect(live.getByText(/ left$/)).toHaveText(/^(30|[12]\d)s left$/);
  await expect(live).toContainText("Next at 12:40pm ET: Guardrails and evaluation");
});

test("No strip shows after 3:35pm ET, today (long after the day), or at 9:50am ET", async ({ page }) => {
  await page.clock.install();
  for (const path of ["/agenda?now=2025-04-16T19:35:01Z", "/agenda", "/?now=2025-04-16T13:50:00Z"]) {
    await page.goto(path);
    await waitForHydration(page);
    // Run the clock's first ticks (Playwright's clock, installed above): a strip would have appeared by then.
    await page.clock.runFor(1500);
    await expect(strip(page)).toHaveCount(0);
  }
});

test("The day's calendar file starts at 10:00 ET, 14:00 UTC", async ({ page, request }) => {
  await page.goto("/agenda");
  const href = (await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href")) ?? "";
  expect(await (await request.get(href)).text()).toContain("DTSTART:20250416T140000Z");
});
