import type { Page } from "@playwright/test";
import { edition, eventSpan } from "../../content";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

const table = (page: Page) => page.getByRole("table");
const cards = (page: Page) => page.getByRole("list", { name: "Schedule" }).getByRole("listitem");
const strip = (page: Page) => page.getByRole("complementary", { name: "Live now" });
const firstTime = (page: Page) => table(page).getByRole("row").nth(1).getByRole("cell").first();

test.describe("On a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Visitors see the day as 24 cards, each with its time, type and title", async ({ page }) => {
    await page.goto("/agenda");
    await expect(cards(page)).toHaveCount(24);
    for (const card of await cards(page).all()) await expect(card).toBeVisible();
    await expect(table(page)).toBeHidden();
    const first = cards(page).first();
    await expect(first).toContainText("10:00 - 10:30am ET");
    await expect(first).toContainText("Panel");
    await expect(first.getByRole("heading")).toHaveText("Panel Discussion on AI and ML");
  });
});

test("Visitors on a desktop see a 24-row table whose rows lead to the talk pages", async ({ page }) => {
  await page.goto("/talks_demos");
  await waitForHydration(page);
  await expect(table(page)).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(24);
  await expect(cards(page).first()).toBeHidden();
  const headers = table(page).getByRole("columnheader");
  await expect(headers).toHaveText(["Time (ET)", "Type", "Session", "Speakers"]);
  await expect(firstTime(page)).toHaveText("10:00 - 10:30am ET");
  await expect(table(page).locator("tbody tr").last()).toContainText("3:30 - 3:35pm ET");

  await table(page)
    .getByRole("link", { name: edition.talks[0]?.title ?? "" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${edition.talks[0]?.path ?? ""}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(edition.talks[0]?.title ?? "");
});

test("The legend names every session type, and the day ends with thanks and the recordings", async ({ page }) => {
  await page.goto("/agenda");
  const legend = page.getByRole("region", { name: "Session types" }).getByRole("listitem");
  await expect(legend).toHaveText(["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"]);
  // Colour is never the only cue: every row writes its type out.
  for (const row of await table(page).locator("tbody tr").all()) {
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^(Talk|Q&A|Panel|Featured Demo|Submitted Demo|Break)$/);
  }
  const thanks = page.getByRole("region", { name: edition.event.conclusion.heading });
  await expect(thanks).toContainText(edition.event.conclusion.message);
  await expect(thanks.getByRole("link", { name: /^Watch Recording/ })).toHaveAttribute(
    "href",
    edition.event.links.watch,
  );
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

test("?now= previews a live moment: the strip shows the session on air, its time left, and what is next", async ({
  page,
}) => {
  await page.goto("/agenda?now=2025-04-16T14:07:30Z");
  const live = strip(page);
  await expect(live).toBeVisible();
  await expect(live).toContainText("Panel Discussion on AI and ML");
  // 10:07:30 ET: 22:30 left on the 10:00-10:30 panel, ticking down from there.
  await expect(live.getByText(/^\d+:\d\d left$/)).toHaveText(/^2[12]:\d\d left$/);
  await expect(live.getByRole("progressbar", { name: "Session progress" })).toHaveAttribute("aria-valuenow", /^2\d$/);
  await expect(live).toContainText("Next at 10:30am ET: Seeing your data");
  const first = await live.getByText(/ left$/).textContent();
  await expect.poll(() => live.getByText(/ left$/).textContent()).not.toBe(first);
  expect(await axeViolations(page)).toEqual([]);
});

test("Under a minute the strip counts seconds, and the home page shows it too", async ({ page }) => {
  await page.goto("/?now=2025-04-16T16:39:30Z");
  const live = strip(page);
  await expect(live).toContainText("Demo of Feedback Forensics");
  await expect(live.getByText(/ left$/)).toHaveText(/^(30|[12]\d)s left$/);
  await expect(live).toContainText("Next at 12:40pm ET: Guardrails and evaluation");
});

test("No strip shows a moment after the event, or today", async ({ page }) => {
  for (const path of ["/agenda?now=2025-04-16T19:35:01Z", "/agenda", "/?now=2025-04-16T13:50:00Z"]) {
    await page.goto(path);
    await waitForHydration(page);
    // Give the clock its first ticks: a strip would have appeared by then.
    await page.waitForTimeout(1500);
    await expect(strip(page)).toHaveCount(0);
  }
});

test("Add to calendar downloads the whole day as one calendar file", async ({ page, request }) => {
  await page.goto("/agenda");
  const link = page.getByRole("link", { name: "Add to calendar" });
  await expect(link).toHaveAttribute("download", "");
  const href = (await link.getAttribute("href")) ?? "";
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const body = await response.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(edition.agenda.filter((slot) => slot.type !== "Break").length);
  expect(body).toContain("DTSTART:20250416T140000Z");
});

test("The agenda's actions follow the edition: the calendar before, the stream live, the recordings after", async ({
  page,
}) => {
  const start = Date.parse(eventSpan.start);
  const thanks = () => page.getByRole("region", { name: edition.event.conclusion.heading });
  const recordings = () => page.getByRole("link", { name: "Watch the recordings" });
  // The page's own actions, apart from the live strip's link to the stream.
  const watchLive = () => page.getByRole("main").locator("header").getByRole("link", { name: "Watch live" });

  await page.goto(`/agenda?now=${new Date(start - 24 * 60 * 60 * 1000).toISOString()}`);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: /Add to calendar/ })).toBeVisible();
  await expect(recordings()).toHaveCount(0);
  await expect(watchLive()).toHaveCount(0);
  await expect(thanks()).toHaveCount(0);

  await page.goto(`/agenda?now=${new Date(start + 60 * 1000).toISOString()}`);
  await waitForHydration(page);
  await expect(watchLive()).toHaveAttribute("href", edition.event.links.broadcast);
  await expect(recordings()).toHaveCount(0);
  await expect(thanks()).toHaveCount(0);

  await page.goto(`/agenda?now=${new Date(Date.parse(eventSpan.end) + 60 * 1000).toISOString()}`);
  await waitForHydration(page);
  await expect(recordings()).toHaveAttribute("href", edition.event.links.watch);
  await expect(thanks()).toBeVisible();
});
