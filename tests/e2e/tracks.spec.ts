import { edition } from "../../content";
import { tracksWithSessions } from "../../content/tracks";
import { programmeDays } from "../../common/programme-days";
import { agendaOfTrack, trackPath } from "../../common/site-paths";
import { formatDayName } from "../../app/lib/time-in-edition-language";
import * as m from "../../app/i18n/messages";
import { isChoosable } from "../../common/my-schedule";
import { axeViolations, expect, sweepTimeout, tabTo, test, waitForHydration } from "./fixtures";

/**
 * The tracks' pages of the edition under test (/tracks/<slug>), expected values from its files: each lists exactly
 * the sessions that name its track, a heading per day of the event's zone; each talk of a track names it, linking
 * to its page. An edition without tracks (the reference edition, Tokyo) has no track page and no track on any page.
 */
const { event } = edition;
const tracks = tracksWithSessions(edition);
const talkPaths = new Map(edition.talks.map((talk) => [talk.id, talk.path]));

/** A track's sessions as the edition's files give them, by the event's day, in time order. */
const daysOf = (name: string) =>
  programmeDays(
    edition.agenda.filter((slot) => slot.track === name),
    event.timeZone,
  );

const sessionCount = (name: string) => edition.agenda.filter((slot) => slot.track === name).length;
/** The track with the most sessions: the page with the most to read and to check. */
const largest = [...tracks].sort((a, b) => sessionCount(b.name) - sessionCount(a.name))[0];

test("The sitemap lists every track's page, and only those with sessions", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>[^<]*?(\/tracks\/[^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(listed.sort()).toEqual(tracks.map((track) => trackPath(track.slug)).sort());
});

test("Every talk page names its session's track, linking to the track's page, and no other page's", async ({
  request,
}) => {
  test.setTimeout(sweepTimeout(edition.talks.length / 20));
  const byName = new Map(edition.tracks.map((track) => [track.name, track]));
  for (const slot of edition.agenda) {
    const talkPath = slot.talkId === undefined ? undefined : talkPaths.get(slot.talkId);
    if (!talkPath) continue;
    const html = await (await request.get(talkPath)).text();
    const track = slot.track === undefined ? undefined : byName.get(slot.track);
    const links = [...html.matchAll(/href="(\/tracks\/[^"]+)"/g)].map((match) => match[1]);
    expect(links, talkPath).toEqual(track ? [trackPath(track.slug)] : []);
  }
});

test("An unknown track is the not-found page", async ({ page }) => {
  const response = await page.goto(trackPath("no-such-track"));
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.notFoundTitle);
  // In an edition with tracks, their folder's pages share one route: the site sends an unknown one to /404.
  await expect(page).toHaveURL(tracks.length > 0 ? "/404" : trackPath("no-such-track"));
});

test.describe("In an edition with tracks", () => {
  test.skip(tracks.length === 0, "the edition has no tracks");

  test("each track's page lists exactly its sessions, by day, with its count and the agenda's filter", async ({
    page,
  }) => {
    test.setTimeout(sweepTimeout(tracks.length));
    for (const track of tracks) {
      await page.goto(trackPath(track.slug));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(track.name);
      const days = daysOf(track.name);
      await expect(
        page.getByText(m.trackSummary({ count: sessionCount(track.name), days: days.length }), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: m.trackOnAgenda })).toHaveAttribute(
        "href",
        agendaOfTrack(track.slug),
      );
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
        days.map((day) => formatDayName(day.date, "long")),
      );
      for (const day of days) {
        const section = page.getByRole("region", { name: formatDayName(day.date, "long") });
        await expect(section.getByRole("heading", { level: 3 }), `${track.slug} ${day.date}`).toHaveText(
          day.sessions.map((slot) => slot.title),
        );
        // Each title links to its talk's page, where the session has one.
        const linked = day.sessions.flatMap((slot) => (slot.talkId ? [talkPaths.get(slot.talkId)] : []));
        const hrefs = await section
          .getByRole("heading", { level: 3 })
          .getByRole("link")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
        expect(hrefs).toEqual(linked);
      }
    }
  });

  test("a session's title leads to its talk, whose track leads back, and the agenda's filter opens", async ({
    page,
  }) => {
    const track = largest!;
    await page.goto(trackPath(track.slug));
    await waitForHydration(page);
    const slot = daysOf(track.name)
      .flatMap((day) => day.sessions)
      .find((session) => session.talkId !== undefined)!;
    await page.getByRole("heading", { level: 3 }).getByRole("link", { name: slot.title, exact: true }).click();
    await expect(page).toHaveURL(talkPaths.get(slot.talkId!)!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(slot.title);
    const facts = page.getByRole("complementary", { name: m.talkWhenWhere });
    await facts.getByRole("link", { name: track.name, exact: true }).click();
    await expect(page).toHaveURL(trackPath(track.slug));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(track.name);
    await page.getByRole("link", { name: m.trackOnAgenda }).click();
    await expect(page).toHaveURL(agendaOfTrack(track.slug));
    // The agenda draws its schedule from the programme's file: at a thousand sessions on a busy machine, a while.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.agendaTitle, { timeout: 20_000 });
  });

  test.describe("an unknown track on client-side navigation", () => {
    // The browser holds no list of tracks: it asks for the path's prerendered data, which the site refuses.
    test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of 404 / });

    test("goes to /404 without a reload", async ({ page }) => {
      await page.goto(trackPath(largest!.slug));
      await waitForHydration(page);
      await page.evaluate((to) => {
        window.history.pushState(null, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, trackPath("no-such-track"));
      await expect(page).toHaveURL("/404");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.notFoundTitle);
    });
  });

  for (const width of [390, 1440]) {
    test(`axe finds nothing on the largest track's page at ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(trackPath(largest!.slug));
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test.describe("on a phone, with the keyboard alone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a visitor reaches the agenda's filter, the zone switch, a session's star and its talk", async ({ page }) => {
      const track = largest!;
      await page.goto(trackPath(track.slug));
      await waitForHydration(page);
      await tabTo(page, page.getByRole("link", { name: m.trackOnAgenda }));
      await tabTo(page, page.getByRole("group", { name: m.zoneSwitchLabel }).getByRole("button").first());
      // The first of its sessions with a page of its own that a visitor may choose (not a break).
      const first = daysOf(track.name)
        .flatMap((day) => day.sessions)
        .find((slot) => slot.talkId !== undefined && isChoosable(slot))!;
      const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: first.title }) });
      const title = item.getByRole("heading", { level: 3 }).getByRole("link");
      await tabTo(page, title);
      const star = item.getByRole("button", { name: m.favouriteLabel({ title: first.title }) });
      await tabTo(page, star);
      await page.keyboard.press("Space");
      await expect(star).toHaveAttribute("aria-pressed", "true");
      await tabTo(page, title, { backwards: true });
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(talkPaths.get(first.talkId!)!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
    });
  });
});
