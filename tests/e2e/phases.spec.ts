import type { Locator, Page } from "@playwright/test";
import { edition, eventSpan } from "../../content";
import { liveStatus } from "../../app/lib/on-air";
import { dayCalendarPath } from "../../common/site-paths";
import { livePath } from "../../app/lib/stage";
import { formatClock } from "../../app/lib/time-in-edition-language";
import { axeViolations, exactly, expect, menuButton, startingWith, test, waitForHydration } from "./fixtures";
import { at, editionMoments } from "./moments";
import * as m from "../../app/i18n/messages";

// The site follows the edition's clock: before the day it asks visitors to register, during it sends them to the
// stream, after it to the recordings. Each phase is previewed with ?now= at an instant of the edition under test,
// so these hold on any edition and on any date. Every phase's variant is in the HTML; only the current one may
// show, to the eye and to assistive technology, so every check here counts visible, accessible elements only.

const { event } = edition;
const phases = ["upcoming", "live", "over"] as const;
type Phase = (typeof phases)[number];

/** Each phase's card on the home page: heading, words, and its links, the main action first. */
const homeCards: Record<Phase, { heading: string; message: string; links: { name: RegExp; href: string }[] }> = {
  upcoming: {
    ...event.upcoming,
    links: [
      { name: startingWith(m.actionRegister), href: event.links.register },
      { name: exactly(m.actionAddToCalendar), href: dayCalendarPath(edition.event.name) },
    ],
  },
  live: {
    ...event.live,
    links: [
      { name: startingWith(m.actionWatchLive), href: livePath },
      { name: exactly(m.homeBrowseAgenda), href: "/agenda" },
    ],
  },
  over: {
    ...event.conclusion,
    links: [
      { name: startingWith(m.actionWatchRecording), href: event.links.watch },
      { name: exactly(m.homeBrowseAgenda), href: "/agenda" },
    ],
  },
};

/** The way out to the event, by phase: the narrow menu's and the footer's. */
const eventActions: Record<Phase, { label: string; name: RegExp; href: string }> = {
  upcoming: { label: m.actionRegister, name: startingWith(m.actionRegister), href: event.links.register },
  live: { label: m.actionWatchLive, name: startingWith(m.actionWatchLive), href: livePath },
  over: { label: m.actionWatchRecording, name: startingWith(m.actionWatchRecording), href: event.links.watch },
};

/** The home page's opening section: the edition's name, date, and the card of the current phase. */
const hero = (page: Page) => page.getByRole("region", { name: event.name });
const strip = (page: Page) => page.locator("[data-live-strip]");
/** The countdown to the first session (an edition of several days also counts down to each next day between them). */
const countdownToStart = (page: Page) => hero(page).locator(`[data-countdown="${eventSpan.start}"]`);

/** The card shows the phase's heading and words, and exactly its links (the hidden cards' are not announced). */
async function expectHomeCard(page: Page, phase: Phase) {
  const card = homeCards[phase];
  await expect(hero(page).getByRole("heading", { level: 2 })).toHaveText([card.heading]);
  await expect(hero(page).getByText(card.message, { exact: true })).toBeVisible();
  const links = hero(page).getByRole("link");
  await expect(links).toHaveText(card.links.map((link) => link.name));
  for (const [index, link] of card.links.entries()) {
    await expect(links.nth(index)).toBeVisible();
    await expect(links.nth(index)).toHaveAttribute("href", link.href);
  }
  for (const other of phases.filter((entry) => entry !== phase)) {
    await expect(hero(page).getByText(homeCards[other].message, { exact: true })).toBeHidden();
  }
}

/** The first session, which editionMoments.live falls in. */
const liveSession = liveStatus(new Date(editionMoments.live), edition.agenda)?.current?.session;

test.describe("The home page", () => {
  test("before the day: the upcoming card, a countdown to the first session, Register and Add to calendar", async ({
    page,
  }) => {
    // Half a minute past a whole minute of the upcoming phase: the minutes shown hold for 30 s, so they can be
    // compared exactly, however long the page takes to load.
    const instant = new Date(Date.parse(editionMoments.upcoming) + 30_000);
    await page.goto(at("/", instant.toISOString()));
    await expectHomeCard(page, "upcoming");
    await expect(hero(page)).toContainText(
      m.homeStreamStarts({ time: formatClock(eventSpan.start, event.timeZone), zone: event.timeZoneLabel }),
    );

    // Days, hours and minutes from the previewed instant to the first session, each with its word ("1 day").
    const countdown = countdownToStart(page);
    await expect(countdown).toBeVisible();
    // Worked out here rather than by the page's own code, so a mistake there shows.
    const left = Math.floor((Date.parse(eventSpan.start) - instant.getTime()) / 60_000);
    const parts = [
      [Math.floor(left / (24 * 60)), m.countdownDay, m.countdownDays],
      [Math.floor(left / 60) % 24, m.countdownHour, m.countdownHours],
      [left % 60, m.countdownMinute, m.countdownMinutes],
    ] as const;
    await expect(countdown.getByRole("definition")).toHaveText(parts.map(([value]) => String(value)));
    await expect(countdown.getByRole("term")).toHaveText(parts.map(([value, one, many]) => (value === 1 ? one : many)));

    await expect(strip(page)).toHaveCount(0);
  });

  test("during the day: the live card, Watch live to the site's stage, and the now/next strip naming the session on air", async ({
    page,
  }) => {
    await page.goto(at("/", editionMoments.live));
    await expectHomeCard(page, "live");
    await expect(countdownToStart(page)).toBeHidden();
    await expect(strip(page)).toBeVisible();
    expect(liveSession, "a session on air at the live moment").toBeDefined();
    await expect(strip(page)).toContainText(liveSession?.title ?? "");
  });

  test("after the day: the conclusion and Watch Recording", async ({ page }) => {
    await page.goto(at("/", editionMoments.over));
    await expectHomeCard(page, "over");
    await expect(countdownToStart(page)).toBeHidden();
    await expect(strip(page)).toHaveCount(0);
  });

  test("turns live while open, without a reload, when the first session starts", async ({ page }) => {
    // Six seconds ahead: time for the page to load and be seen upcoming, on a busy machine too, before it turns.
    await page.goto(at("/", new Date(Date.parse(eventSpan.start) - 6000).toISOString()));
    const heading = hero(page).getByRole("heading", { level: 2 });
    await expect(heading).toHaveText([event.upcoming.heading]);
    // Marks this document: a reload would drop the mark.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await expect(heading).toHaveText([event.live.heading], { timeout: 15_000 });
    await expectHomeCard(page, "live");
    await expect(strip(page)).toContainText(edition.agenda[0]!.title);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  for (const phase of ["upcoming", "live"] as const) {
    test(`axe finds nothing on it ${phase === "upcoming" ? "before" : "during"} the day`, async ({ page }) => {
      await page.goto(at("/", editionMoments[phase]));
      await expectHomeCard(page, phase);
      if (phase === "live") await expect(strip(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

/** The two kinds of page whose way out to the event follows the phase: served static, and hydrated by React. */
const previewPages = [
  { path: "/", name: "the static home page" },
  { path: "/agenda", name: "the hydrated agenda" },
];

/** The links of a navigation: those given, then the phase's way out to the event, and no other phase's. */
async function expectOnlyEventAction(nav: Locator, phase: Phase, before: (string | RegExp)[]) {
  const action = eventActions[phase];
  await expect(nav.getByRole("link").filter({ visible: true })).toHaveText([...before, action.name]);
  await expect(nav.getByRole("link", { name: action.name })).toHaveAttribute("href", action.href);
  for (const other of phases.filter((entry) => entry !== phase)) {
    await expect(nav.getByRole("link", { name: eventActions[other].name })).toHaveCount(0);
  }
}

test.describe("On a narrow screen (390 px) the menu's way out to the event follows the phase", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, name } of previewPages) {
    for (const phase of phases) {
      test(`on ${name}, ${phase}: ${eventActions[phase].label}`, async ({ page }) => {
        await page.goto(at(path, editionMoments[phase]));
        // The agenda's prerendered menu is the build's phase; hydration brings it to the previewed one.
        await waitForHydration(page);
        await menuButton(page).click();
        // The other phases' actions are neither shown nor announced (nor is the wide bar's Register, at this width).
        await expectOnlyEventAction(page.getByRole("navigation", { name: m.navMain }), phase, [
          event.shortName,
          exactly(m.navHome),
          exactly(m.navAgenda),
          exactly(m.navDemoVoting),
        ]);
      });
    }
  }
});

test.describe("The footer's way out to the event follows the phase, as the menu's does", () => {
  const footer = (page: Page) => page.getByRole("navigation", { name: m.footerNav });

  for (const { path, name } of previewPages) {
    for (const phase of phases) {
      test(`on ${name}, ${phase}: ${eventActions[phase].label}`, async ({ page }) => {
        await page.goto(at(path, editionMoments[phase]));
        // The prerendered footer is the build's phase: the home island or hydration brings it to the previewed one.
        await waitForHydration(page);
        await expectOnlyEventAction(footer(page), phase, [m.navAgenda, m.dayAtAGlance, m.navDemoVoting].map(exactly));
      });
    }
  }
  // That before the day no page offers Watch Recording anywhere, and every footer offers Register, is checked on
  // every page as built before the day, in no-javascript.spec.ts's sweep (decision 074); hydrated, the two kinds
  // of page above show the footer follows the previewed phase.
});

test.describe("The agenda's actions", () => {
  const thanks = (page: Page) => page.getByRole("region", { name: event.conclusion.heading });
  const recordings = (page: Page) => page.getByRole("link", { name: startingWith(m.actionWatchRecordings) });
  // The page's own actions, apart from the live strip's link to the stream; the visitor's own schedule is last in
  // every phase.
  // The header's calls to action; the line below them that offers the schedule files is another matter.
  const actions = (page: Page) =>
    page
      .getByRole("main")
      .locator("header")
      .getByRole("link")
      .filter({ hasNotText: /^schedule\./ });

  test("before the day: Add to calendar, and no thank-you", async ({ page }) => {
    await page.goto(at("/agenda", editionMoments.upcoming));
    await waitForHydration(page);
    await expect(actions(page)).toHaveText([m.actionAddToCalendar, startingWith(m.myScheduleLink({ count: 0 }))]);
    await expect(actions(page).first()).toHaveAttribute("href", dayCalendarPath(edition.event.name));
    await expect(thanks(page)).toHaveCount(0);
    await expect(page.getByText(event.conclusion.message)).toHaveCount(0);
  });

  test("during the day: Watch live to the site's stage beside the calendar, and no thank-you", async ({ page }) => {
    await page.goto(at("/agenda", editionMoments.live));
    await waitForHydration(page);
    await expect(actions(page)).toHaveText([
      m.actionAddToCalendar,
      startingWith(m.actionWatchLive),
      startingWith(m.myScheduleLink({ count: 0 })),
    ]);
    await expect(actions(page).nth(1)).toHaveAttribute("href", livePath);
    await expect(recordings(page)).toHaveCount(0);
    await expect(thanks(page)).toHaveCount(0);
  });

  test("after the day: the recordings, and the thank-you with Watch Recording", async ({ page }) => {
    await page.goto(at("/agenda", editionMoments.over));
    await waitForHydration(page);
    await expect(actions(page)).toHaveText([
      exactly(m.actionAddToCalendar),
      startingWith(m.actionWatchRecordings),
      startingWith(m.myScheduleLink({ count: 0 })),
    ]);
    await expect(recordings(page)).toHaveAttribute("href", event.links.watch);
    await expect(thanks(page)).toBeVisible();
    await expect(thanks(page)).toContainText(event.conclusion.message);
    await expect(thanks(page).getByRole("link", { name: startingWith(m.actionWatchRecording) })).toHaveAttribute(
      "href",
      event.links.watch,
    );
  });
});
