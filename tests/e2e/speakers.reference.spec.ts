import { edition } from "../../content";
import { zoneStorageKey } from "../../app/lib/display-zone";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

/**
 * Speaker pages of the reference edition against the spec's own names, titles, times and posts. How every
 * edition's speaker pages behave is in speakers.spec.ts.
 */
const { event } = edition;

test("A speaker page shows who they are, their sessions, when to join, their links and the way home", async ({
  page,
  request,
}) => {
  await page.goto("/speakers/leilani-kealoha");
  await waitForHydration(page);
  await expect(page).toHaveTitle("Leilani Kealoha | GLOSAIC 2025");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${event.siteUrl}/og/speakers/leilani-kealoha.png`,
  );
  expect((await request.get("/og/speakers/leilani-kealoha.png")).status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leilani Kealoha");
  await expect(page.getByText("Co-founder, Tessellate Models", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Portrait of Leilani Kealoha" })).toBeVisible();
  await expect(page.locator('header span:text-is("Speaker")')).toBeVisible();

  const sessions = page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText("10:00 - 10:30am ET");
  await expect(sessions.first().getByRole("heading", { level: 3 })).toHaveText("Panel Discussion on AI and ML");
  await expect(sessions.first().locator('span:text-is("Panel")')).toBeVisible();
  await expect(sessions.first()).toContainText("With Adaeze Fontaine (moderator), Rustam Nazarov and Ingrid Solberg");

  const join = page.getByRole("region", { name: "When to join" });
  await expect(join.getByText("9:55am ET join the stream (virtual green room)", { exact: true })).toBeVisible();
  await expect(join.getByRole("link", { name: "Join the stream" })).toHaveAttribute("href", event.links.streamJoin);
  await expect(join.getByRole("link", { name: "Add my sessions to calendar" })).toHaveAttribute(
    "href",
    "/calendar/speakers/leilani-kealoha.ics",
  );

  const about = page.getByRole("region", { name: "About Leilani" });
  await expect(about.getByRole("link", { name: "Social" })).toHaveAttribute(
    "href",
    "https://social.example.com/leilanik",
  );
  await expect(about.getByRole("link", { name: "Code" })).toHaveAttribute("href", "https://code.example.com/leilani-k");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "← Back to conference" }).click();
  await expect(page).toHaveURL("/");
});

test("Share on X opens the post composer with the speaker's post, the speaker left out of the names", async ({
  page,
}) => {
  await page.goto("/speakers/ingrid-solberg");
  const href = await page.getByRole("link", { name: "Share on X" }).getAttribute("href");
  const url = new URL(href ?? "");
  expect(`${url.origin}${url.pathname}`).toBe("https://x.com/intent/post");
  expect(url.searchParams.get("text")).toBe(
    `Join the livestream for my panel with Adaeze Fontaine, Leilani Kealoha and Rustam Nazarov on the Glosaic livestream! ${event.links.broadcast}`,
  );
});

test("A moderator's page says Moderator and lists every session they host", async ({ page }) => {
  await page.goto("/speakers/tomasz-wierzbicki");
  await expect(page.locator('header span:text-is("Moderator")')).toBeVisible();
  const sessions = page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions.getByRole("heading", { level: 3 })).toHaveText([
    "Demo of Feedback Forensics",
    "Community demo showcase: the top 4",
    "Closing remarks",
  ]);
  // Closing remarks have nobody else on stage: no "With" line.
  await expect(sessions.last()).not.toContainText("With ");
});

test("Every speaker page offers a calendar file holding that speaker's sessions", async ({ page, request }) => {
  await page.goto("/speakers/soraya-lindqvist");
  const href = await page.getByRole("link", { name: "Add my sessions to calendar" }).getAttribute("href");
  const file = await request.get(href ?? "");
  expect(file.status()).toBe(200);
  const body = await file.text();
  expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(body).toContain("SUMMARY:Small models\\, sharp tools");
  expect(body).toContain("TRIGGER:-PT5M");
});

test.describe("In the visitor's own time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the join time and the sessions follow the zone switch", async ({ page }) => {
    await page.goto("/speakers/leilani-kealoha");
    await waitForHydration(page);
    await page.getByRole("button", { name: "My time zone" }).click();
    const join = page.getByRole("region", { name: "When to join" });
    await expect(join.getByText("10:55pm GMT+9 join the stream (virtual green room)", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem").first()).toContainText(
      "11:00 - 11:30pm GMT+9",
    );
  });
});

test("A briefing page keeps Eastern Time even when the visitor chose their own zone", async ({ page }) => {
  await page.goto("/speakers/leilani-kealoha");
  await waitForHydration(page);
  await page.evaluate((key) => {
    window.localStorage.setItem(key, "local");
  }, zoneStorageKey);
  await page.goto("/speakers/leilani");
  await waitForHydration(page);
  await expect(page.getByText("9:55am ET join the stream (virtual green room)", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Session" }).getByRole("listitem")).toContainText(
    "10:00 - 10:30am ET",
  );
});
