import { edition } from "../../content";
import { formatAnnouncedRange, formatLongDate, formatTimeRange } from "../../app/lib/time-in-edition-language";
import { axeViolations, expect, test, waitForHydration, startingWith } from "./fixtures";
import * as m from "../../app/i18n/messages";
import { at, editionMoments } from "./moments";

// Every talk page of whichever edition is built, and its panel page, with their dates and times in the event's zone
// (talks.reference.spec.ts checks the reference edition's exact words).

const { event } = edition;

for (const talk of edition.talks) {
  const slot = edition.agenda.find((entry) => entry.talkId === talk.id)!;

  test(`${talk.path} shows its talk, when and where, and has its own share card and calendar file`, async ({
    page,
    request,
  }) => {
    await page.goto(talk.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(talk.title);
    const facts = page.getByRole("complementary", { name: m.talkWhenWhere });
    await expect(facts).toContainText(formatLongDate(slot.start, event.timeZone));
    await expect(facts).toContainText(
      `${formatTimeRange(slot.start, slot.end, event.timeZone)} ${event.timeZoneLabel}`,
    );
    await expect(facts).toContainText(event.location);
    // Where the speakers asked not to be recorded, the page says so; elsewhere it says nothing of it.
    if (slot.doNotRecord) await expect(facts).toContainText(m.talkNotRecorded);
    else await expect(facts).not.toContainText(m.talkNotRecorded);
    await expect(facts.getByRole("link", { name: startingWith(m.actionRegisterNow) })).toHaveAttribute(
      "href",
      event.links.register,
    );
    await expect(page.getByRole("heading", { name: startingWith(m.talkSpeakers({ count: 1 })) })).toBeVisible();

    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toBe(`${event.siteUrl}/og/talks/${talk.id}.png`);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image ?? "");
    const png = await request.get(new URL(image ?? "").pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");

    const calendar = await request.get(
      (await facts.getByRole("link", { name: m.actionAddToCalendar }).getAttribute("href")) ?? "",
    );
    expect(calendar.status()).toBe(200);
    // Unfolded first: iCalendar folds lines at 75 octets, which a long path (an imported session's) crosses.
    const unfolded = (await calendar.text()).replace(/\r?\n[ \t]/g, "");
    expect(unfolded).toContain(`URL:${event.siteUrl}${talk.path}`);
  });
}

// Talk pages differ by the sections their content fills (a summary, links, a room, highlights...). routes.spec.ts
// scans every page with axe where it runs; a test edition that takes only this file (tests.json) still has one page
// of each kind scanned here.
const shapeOf = (talk: (typeof edition.talks)[number]) => {
  const slot = edition.agenda.find((entry) => entry.talkId === talk.id)!;
  return JSON.stringify({
    abstract: Boolean(talk.abstract),
    links: talk.links.length > 0 || Boolean(talk.originUrl),
    tags: talk.tags.length > 0,
    room: slot.room !== undefined,
    track: slot.track !== undefined,
    people: Math.min(slot.speakerIds.length, 2),
    highlights: Boolean(talk.highlights),
    topics: Boolean(talk.topics),
    recording: slot.recording !== undefined,
    doNotRecord: slot.doNotRecord === true,
  });
};
const onePerShape = [...new Map(edition.talks.map((talk) => [shapeOf(talk), talk])).values()];

test(`axe finds nothing on a talk page of each kind (${String(onePerShape.length)} of ${String(edition.talks.length)})`, async ({
  page,
}) => {
  for (const talk of onePerShape) {
    // After the edition, whatever today's date: a session's recording adds its button only then.
    await page.goto(at(talk.path, editionMoments.over));
    await waitForHydration(page);
    expect(await axeViolations(page), talk.path).toEqual([]);
  }
});

// An edition without a panel page (an imported programme) has no such page to test.
const panelPage = edition.panelPage;
if (panelPage) {
  test("The panel page states its speakers, date, time as announced, and place", async ({ page }) => {
    const panel = panelPage;
    await page.goto(panel.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(panel.title);
    const facts = page.getByRole("complementary", { name: m.talkWhenWhere });
    await expect(facts).toContainText(formatLongDate(panel.start, event.timeZone));
    await expect(facts).toContainText(
      `${formatAnnouncedRange(panel.start, panel.end, event.timeZone)} ${event.timeZoneLabel}`,
    );
    await expect(facts).toContainText(panel.location);
    await expect(page.getByRole("heading", { name: m.talkSpeakers({ count: panel.speakerIds.length }) })).toBeVisible();
    for (const id of panel.speakerIds) {
      const speaker = edition.speakers.find((s) => s.id === id);
      await expect(page.getByRole("heading", { name: speaker?.name ?? id })).toBeVisible();
    }
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${event.siteUrl}/og/talks/${panel.id}.png`,
    );
  });
}
