import type { Locator, Page } from "@playwright/test";
import { edition, onAirSpans } from "../../content";
import { nextDayWords } from "../../app/lib/next-day";
import { agendaDayLink } from "../../common/programme-days";
import { livePath, stagePath, streamSources } from "../../app/lib/stage";
import { zonedDate } from "../../common/time";
import { expect, menuButton, startingWith, test, waitForHydration } from "./fixtures";
import { at, betweenDays, editionMoments } from "./moments";
import * as m from "../../app/i18n/messages";

// While a programme day is on air the site leads to its own stage, not away to the broadcast; between two days of
// an edition nothing is live (decision 043). Moments and expected values come from the edition under test. The
// stage pages are another change's: these check where the links lead, not what the stage shows.

const { event } = edition;
const [firstDay, secondDay] = onAirSpans;

const within = (instant: string, span: { start: string; end: string } | undefined) =>
  span !== undefined && Date.parse(span.start) <= Date.parse(instant) && Date.parse(instant) < Date.parse(span.end);

/** A talk page whose session is on the given programme day, with the stage that streams it. */
function talkOn(span: { start: string; end: string } | undefined) {
  const slot = edition.agenda.find((entry) => entry.talkId !== undefined && within(entry.start, span));
  const talk = edition.talks.find((entry) => entry.id === slot?.talkId);
  return slot && talk ? { path: talk.path, stage: stagePath(slot.room) } : undefined;
}

const hero = (page: Page) => page.getByRole("region", { name: event.name });
const footer = (page: Page) => page.getByRole("navigation", { name: m.footerNav });
const watchLive = (scope: Page | Locator) => scope.getByRole("link", { name: startingWith(m.actionWatchLive) });

/** An internal link: the same tab, and nothing saying it opens a new one. */
async function expectStageLink(link: Locator, path: string) {
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", path);
  await expect(link).not.toHaveAttribute("target", /./);
  await expect(link).not.toContainText(m.opensInNewTab.trim());
}

test.describe("While a day is on air, Watch live leads to the site's stage", () => {
  test("on the home page: the live card, the now/next strip and the footer", async ({ page }) => {
    await page.goto(at("/", editionMoments.live));
    await expectStageLink(watchLive(hero(page)), livePath);
    await expectStageLink(watchLive(page.locator("[data-live-strip]")), livePath);
    await expectStageLink(watchLive(footer(page)), livePath);
  });

  test("on the agenda: the header's Watch live", async ({ page }) => {
    await page.goto(at("/agenda", editionMoments.live));
    await waitForHydration(page);
    await expectStageLink(watchLive(page.getByRole("main").locator("header")), livePath);
  });

  test("following it from the agenda or a talk page loads the stage as a page, under the stage's own policy", async ({
    page,
  }) => {
    const sources = streamSources(edition.stage);
    test.skip(sources.frame.length + sources.media.length === 0, "an edition that names no stream has one policy");
    // A navigation within the app would keep the page before's policy, which admits no player and no stream.
    const policy = () => page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    const talk = talkOn(onAirSpans.find((span) => within(editionMoments.live, span)));
    for (const [path, scope] of [
      ["/agenda", (p: Page) => p.getByRole("main").locator("header")],
      [talk!.path, (p: Page) => p.getByRole("complementary", { name: m.talkWhenWhere })],
    ] as const) {
      await page.goto(at(path, editionMoments.live));
      await waitForHydration(page);
      expect(await policy(), path).not.toMatch(/frame-src|media-src/);
      const loaded = page.waitForEvent("load");
      await watchLive(scope(page)).click();
      await loaded;
      await expect(page).toHaveURL(new RegExp(`${path === "/agenda" ? livePath : talk!.stage}$`));
      expect(await policy(), `the stage reached from ${path}`).toMatch(/frame-src|media-src/);
    }
  });

  test.describe("in the narrow menu", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    for (const path of ["/", "/agenda"]) {
      test(`on ${path}`, async ({ page }) => {
        await page.goto(at(path, editionMoments.live));
        await waitForHydration(page);
        await menuButton(page).click();
        await expectStageLink(watchLive(page.getByRole("navigation", { name: m.navMain })), livePath);
      });
    }
  });

  test("on a talk page of the day: its room's stage (the one stage without rooms)", async ({ page }) => {
    const talk = talkOn(onAirSpans.find((span) => within(editionMoments.live, span)));
    expect(talk, "a talk page on the live moment's day").toBeDefined();
    await page.goto(at(talk!.path, editionMoments.live));
    await waitForHydration(page);
    await expectStageLink(watchLive(page.getByRole("complementary", { name: m.talkWhenWhere })), talk!.stage);
  });

  test("a talk page of another day offers no Watch live: its stage streams other sessions", async ({ page }) => {
    test.skip(!secondDay, "a one-day edition has no other day");
    const talk = talkOn(secondDay);
    expect(talk, "a talk page on the second day").toBeDefined();
    await page.goto(at(talk!.path, editionMoments.live));
    await waitForHydration(page);
    // The page's own box; the menu, the footer and the strip lead to the stage, since a day is on air.
    const box = page.getByRole("complementary", { name: m.talkWhenWhere });
    await expect(box).toBeVisible();
    await expect(watchLive(box)).toHaveCount(0);
    await expectStageLink(watchLive(footer(page)), livePath);
  });

  for (const moment of ["upcoming", "over"] as const) {
    test(`${moment === "upcoming" ? "before" : "after"} the edition no page offers it, the talk pages included`, async ({
      page,
    }) => {
      for (const path of ["/", "/agenda", talkOn(firstDay)!.path]) {
        await page.goto(at(path, editionMoments[moment]));
        await waitForHydration(page);
        await expect(watchLive(page), path).toHaveCount(0);
      }
    });
  }
});

test.describe("Between two days nothing is live", () => {
  test.skip(betweenDays === undefined, "a one-day edition has no night between two days");
  // Worked out in the tests, which a one-day edition skips: it has no second day to name.
  const nextDay = () => nextDayWords(secondDay!.start, onAirSpans, event);

  test("the home page names the next day, counts down to it, and leads to its programme", async ({ page }) => {
    const next = nextDay();
    await page.goto(at("/", betweenDays!));
    await expect(hero(page).getByRole("heading", { level: 2 })).toHaveText([next.heading]);
    await expect(hero(page).getByText(next.message, { exact: true })).toBeVisible();
    await expect(hero(page).getByRole("link")).toHaveText([m.homeDayProgramme({ day: next.day })]);
    await expect(hero(page).getByRole("link")).toHaveAttribute(
      "href",
      agendaDayLink(zonedDate(new Date(secondDay!.start), event.timeZone)),
    );
    // The countdown's hours to the second day's first session, worked out here.
    const hours = Math.floor((Date.parse(secondDay!.start) - Date.parse(betweenDays!)) / 3_600_000) % 24;
    await expect(hero(page).locator("[data-countdown]").getByRole("definition").nth(1)).toHaveText(String(hours));
    await expect(page.getByText(event.live.heading, { exact: true })).toBeHidden();
    await expect(page.locator("[data-live-strip]")).toHaveCount(0);
    await expect(watchLive(page)).toHaveCount(0);
    // The way out to the event is Register again, for the days to come.
    await expect(footer(page).getByRole("link", { name: startingWith(m.actionRegister) })).toHaveAttribute(
      "href",
      event.links.register,
    );
  });

  test("the agenda says when the stream is back and offers no Watch live", async ({ page }) => {
    await page.goto(at("/agenda", betweenDays!));
    await waitForHydration(page);
    const header = page.getByRole("main").locator("header");
    await expect(header.getByText(nextDay().message, { exact: true })).toBeVisible();
    await expect(watchLive(page)).toHaveCount(0);
    await expect(page.locator("[data-live-strip]")).toHaveCount(0);
  });

  test.describe("the narrow menu", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("offers Register, not Watch live", async ({ page }) => {
      await page.goto(at("/agenda", betweenDays!));
      await waitForHydration(page);
      await menuButton(page).click();
      const nav = page.getByRole("navigation", { name: m.navMain });
      await expect(nav.getByRole("link", { name: startingWith(m.actionRegister) })).toBeVisible();
      await expect(watchLive(nav)).toHaveCount(0);
    });
  });

  test("the next day's talk pages offer no Watch live until it is on air", async ({ page }) => {
    const talk = talkOn(secondDay)!;
    await page.goto(at(talk.path, betweenDays!));
    await waitForHydration(page);
    await expect(page.getByRole("complementary", { name: m.talkWhenWhere })).toBeVisible();
    await expect(watchLive(page)).toHaveCount(0);
    await page.goto(at(talk.path, new Date(Date.parse(secondDay!.start) + 60_000).toISOString()));
    await waitForHydration(page);
    await expectStageLink(watchLive(page.getByRole("complementary", { name: m.talkWhenWhere })), talk.stage);
  });
});
