import type { Page } from "@playwright/test";
import { edition, eventSpan, type AgendaSlot } from "../../content";
import { axeViolations, expect, test, waitForHydration, startingWith } from "./fixtures";
import * as m from "../../app/i18n/messages";
import { at, editionMoments } from "./moments";

// A session's recording, once the edition is over: "Watch the recording" on its page, a Recording link on the
// agenda. Expected values come from the edition under test; an edition without recordings (an imported programme)
// checks that none is offered, and skips, saying so, what needs one.

const { agenda, talks, panelPage } = edition;
const withSlot = talks.map((talk) => ({ talk, slot: agenda.find((s) => s.talkId === talk.id)! }));
const recorded = withSlot.find(({ slot }) => slot.recording);
const unrecorded = withSlot.find(({ slot }) => !slot.recording);
const recordedSlots = agenda.filter((slot) => slot.recording);

const aside = (page: Page) => page.getByRole("complementary", { name: m.talkWhenWhere });
const watch = (page: Page) => aside(page).getByRole("link", { name: startingWith(m.actionWatchTheRecording) });
/** A session's link on the agenda: its name says whose recording it is, the visible word first. */
const recordingName = (slot: AgendaSlot) =>
  m.agendaRecording + m.agendaRecordingOf({ title: slot.title }) + m.opensInNewTab;

test.describe("A talk page", () => {
  test("after the edition offers its session's recording beside Add to calendar", async ({ page }) => {
    test.skip(!recorded, "the edition has no talk with a recording");
    const { talk, slot } = recorded!;
    await page.goto(at(talk.path, editionMoments.over));
    await waitForHydration(page);
    await expect(watch(page)).toHaveAttribute("href", slot.recording!);
    await expect(watch(page)).toHaveAttribute("target", "_blank");
    await expect(aside(page).getByRole("link", { name: "Add to calendar" })).toBeVisible();
    // A link, not a player: the page has no frame and asked the video host for nothing.
    await expect(page.locator("iframe, video")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const moment of ["upcoming", "live"] as const) {
    test(`offers no recording while the edition is ${moment}`, async ({ page }) => {
      test.skip(!recorded, "the edition has no talk with a recording");
      await page.goto(at(recorded!.talk.path, editionMoments[moment]));
      await waitForHydration(page);
      await expect(aside(page).getByRole("link", { name: startingWith(m.actionRegisterNow) })).toBeVisible();
      await expect(watch(page)).toHaveCount(0);
    });
  }

  test("of a session without a recording offers none after the edition", async ({ page }) => {
    test.skip(!unrecorded, "every talk of the edition has a recording");
    await page.goto(at(unrecorded!.talk.path, editionMoments.over));
    await waitForHydration(page);
    await expect(aside(page).getByRole("link", { name: "Add to calendar" })).toBeVisible();
    await expect(watch(page)).toHaveCount(0);
  });

  test("built after the edition has the link in its HTML, so hydration moves nothing", async ({ browser, page }) => {
    test.skip(!recorded, "the edition has no talk with a recording");
    test.skip(Date.now() < Date.parse(eventSpan.end), "the site was built before the edition ended");
    const path = recorded!.talk.path;
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const html = await bare.newPage();
    await html.goto(path);
    await expect(watch(html)).toHaveAttribute("href", recorded!.slot.recording!);
    // The row of actions it leads (the zone switch below it shows only with JavaScript).
    const actions = (on: Page) => watch(on).locator("xpath=..");
    const before = await actions(html).boundingBox();
    await bare.close();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await waitForHydration(page);
    await expect(watch(page)).toBeVisible();
    expect(await actions(page).boundingBox()).toEqual(before);
  });
});

if (panelPage) {
  test("The panel page after the edition offers its recording, if it has one", async ({ page }) => {
    await page.goto(at(panelPage.path, editionMoments.over));
    await waitForHydration(page);
    if (panelPage.recording) await expect(watch(page)).toHaveAttribute("href", panelPage.recording);
    else await expect(watch(page)).toHaveCount(0);
  });
}

for (const { width, layout } of [
  { width: 1440, layout: (page: Page) => page.getByRole("table") },
  { width: 390, layout: (page: Page) => page.getByRole("list", { name: /^Schedule/ }) },
]) {
  test.describe(`The agenda at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("after the edition links each session's recording, named for its session, and no other", async ({ page }) => {
      await page.goto(at("/agenda", editionMoments.over));
      await waitForHydration(page);
      const links = layout(page).getByRole("link", { name: /^Recording of / });
      // Every session with a recording, once each, and none without (an edition without recordings shows none).
      const hrefs = await links.evaluateAll((found) => found.map((a) => a.getAttribute("href") ?? ""));
      expect(hrefs.sort()).toEqual(recordedSlots.map((slot) => slot.recording!).sort());
      for (const slot of recordedSlots) {
        const link = layout(page)
          .getByRole("link", { name: recordingName(slot), exact: true })
          .first();
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", slot.recording!);
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test("before the edition ends links no recording", async ({ page }) => {
      test.skip(recordedSlots.length === 0, "the edition has no recordings to hold back");
      await page.goto(at("/agenda", editionMoments.live));
      await waitForHydration(page);
      await expect(layout(page).first()).toBeVisible();
      await expect(page.getByRole("link", { name: /^Recording of / })).toHaveCount(0);
    });
  });
}
