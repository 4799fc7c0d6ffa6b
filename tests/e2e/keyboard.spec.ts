import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { leaderboardFromCatalogue, searchDemos } from "../../app/lib/leaderboard";
import { speakerById } from "../../app/lib/lookups";
import { zoneOffsetMinutes } from "../../common/time";
import { zoneAbbreviation } from "../../app/lib/time-in-edition-language";
import { expect, focusProblem, menuButton, menuExpanded, tabTo, test, waitForHydration } from "./fixtures";
import * as m from "../../app/i18n/messages";

/** A visitor whose clock differs from the event's on the day, so switching zones changes the agenda's times. */
const firstStart = new Date(edition.agenda[0]!.start);
const visitorZone = ["Asia/Tokyo", "Europe/Berlin"].find(
  (zone) => zoneOffsetMinutes(firstStart, zone) !== zoneOffsetMinutes(firstStart, edition.event.timeZone),
)!;

/** A demo that its own title, typed in lower case, finds alone, as the leaderboard searches. */
const leaderboard = leaderboardFromCatalogue(edition.demos, speakerById);
const soughtDemo = leaderboard.find((demo) => searchDemos(leaderboard, demo.title.toLowerCase()).length === 1)!;

/** Enter on the skip link: focus moves to the page's main content, and the next Tab stays in it. */
async function skipToContent(page: Page) {
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: m.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await focusProblem(page)).toBeNull();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
}

/**
 * The live leaderboard has hydrated once it asks for the demos: the journey searches with the live one, whose
 * filtering is what a visitor uses (text typed before then is carried over; demo-voting.spec.ts tests that).
 */
const liveLeaderboard = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith("/api/demos")).then(() => waitForHydration(page));

const firstTime = (page: Page) =>
  page
    .getByRole("list", { name: m.agendaScheduleLabel({ day: "none" }) })
    .getByRole("listitem")
    .first()
    .locator("p")
    .first();

test.describe("On a phone (390 px), with the keyboard alone", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: visitorZone });

  test("a visitor skips to the content, opens the menu, switches the agenda to their zone and searches the demos", async ({
    page,
  }) => {
    // No wait for hydration on the home page: it works as plain HTML, and may be served without JavaScript.
    await page.goto("/");
    await skipToContent(page);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    expect(await focusProblem(page)).toBeNull();

    // Back up into the bar: the menu button is the last stop before the content.
    await tabTo(page, menuButton(page), { backwards: true });
    await page.keyboard.press("Enter");
    await expect.poll(() => menuExpanded(page)).toBe(true);
    const nav = page.getByRole("navigation", { name: m.navMain });
    await tabTo(page, nav.getByRole("link", { name: m.navAgenda, exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/agenda");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenda");
    await expect.poll(() => menuExpanded(page)).toBe(false);

    await waitForHydration(page);
    const eastern = await firstTime(page).textContent();
    const mine = page.getByRole("button", { name: m.zoneLocal });
    await tabTo(page, mine);
    await page.keyboard.press("Space");
    await expect(mine).toHaveAttribute("aria-pressed", "true");
    await expect(firstTime(page)).not.toHaveText(eastern ?? "");
    const label = zoneAbbreviation(edition.agenda[0]!.start, visitorZone);
    await expect(
      page.getByText(m.zoneTimesIn({ zone: m.zoneVisitorDescription({ zone: visitorZone, label }) })),
    ).toBeVisible();
    const et = page.getByRole("button", { name: edition.event.timeZoneName });
    await tabTo(page, et, { backwards: true });
    await page.keyboard.press("Enter");
    await expect(et).toHaveAttribute("aria-pressed", "true");
    await expect(firstTime(page)).toHaveText(eastern ?? "");

    await tabTo(page, menuButton(page), { backwards: true });
    await page.keyboard.press("Enter");
    await tabTo(page, nav.getByRole("link", { name: m.navDemoVoting, exact: true }));
    const live = liveLeaderboard(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/demo-voting");
    await live;
    const search = page.getByRole("searchbox", { name: m.leaderboardSearchLabel });
    await tabTo(page, search);
    await page.keyboard.type(soughtDemo.title.toLowerCase());
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText(soughtDemo.title);
    expect(await focusProblem(page)).toBeNull();
  });
});

test.describe("On a wide screen (1440 px), with the keyboard alone", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a visitor goes through every link of the bar, then to the leaderboard, and filters it", async ({ page }) => {
    await page.goto("/");
    await skipToContent(page);

    await page.goto("/agenda");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: m.navMain });
    await tabTo(page, nav.getByRole("link", { name: /^Register/ }));
    await expect(nav.getByRole("link", { name: /^Register/ })).toHaveAttribute("href", edition.event.links.register);
    await tabTo(page, nav.getByRole("link", { name: m.navDemoVoting, exact: true }), { backwards: true });
    const live = liveLeaderboard(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/demo-voting");
    await live;

    const search = page.getByRole("searchbox", { name: m.leaderboardSearchLabel });
    await tabTo(page, search);
    await page.keyboard.type("no such demo");
    await expect(page.getByText(m.leaderboardNoMatch, { exact: true })).toBeVisible();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await expect(page.getByRole("article")).toHaveCount(edition.demos.length);
  });
});

test("The skip link takes keyboard users to the content on every kind of page", async ({ page }) => {
  const briefing = edition.briefings[0]!.path;
  const speaker = `/speakers/${edition.agenda.find((slot) => slot.talkId === edition.talks[0]!.id)!.speakerIds[0]!}`;
  for (const path of ["/agenda", edition.talks[0]!.path, edition.panelPage!.path, speaker, briefing, "/demo-voting"]) {
    await page.goto(path);
    await waitForHydration(page);
    await skipToContent(page);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null), path).toBe(true);
  }
  await page.goto("/no-such-page");
  await skipToContent(page);
});
