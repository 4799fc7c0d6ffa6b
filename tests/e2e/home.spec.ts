import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { formatDateSpan } from "../../app/lib/time-in-edition-language";
import { expect, expectLogosShown, sponsorSection, startingWith, test, waitForHydration } from "./fixtures";
import { at, editionMoments } from "./moments";
import * as m from "../../app/i18n/messages";

// The home page of whichever edition is built (home.reference.spec.ts checks the reference edition's exact words
// and figures; phases.spec.ts each phase's card).

const sponsorLinks = (page: Page) => sponsorSection(page).getByRole("listitem").getByRole("link");

const columnCount = (page: Page) =>
  sponsorSection(page)
    .getByRole("list")
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);

test("Visitors see the conference, its date, that it has ended, and where to watch", async ({ page }) => {
  const { event } = edition;
  await page.goto(at("/", editionMoments.over));
  await expect(page).toHaveTitle(`${event.name} | ${event.headline.replace(/\.$/, "")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.name);
  await expect(page.getByText(event.headline, { exact: true })).toBeVisible();
  await expect(
    page.getByText(m.homeDates({ dates: formatDateSpan(event.date, event.endDate) }), { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: event.conclusion.heading })).toBeVisible();
  await expect(page.getByText(event.conclusion.message)).toBeVisible();
  const watch = page.getByRole("main").getByRole("link", { name: startingWith(m.actionWatchRecording) });
  await expect(watch).toHaveAttribute("href", event.links.watch);
  await expect(watch).toHaveAttribute("target", "_blank");
});

test("The sponsor grid shows every sponsor logo, each a link to the sponsor's site in a new tab", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const links = sponsorLinks(page);
  await expect(links).toHaveCount(edition.sponsors.length);
  for (const [index, sponsor] of edition.sponsors.entries()) {
    const link = links.nth(index);
    await expect(link).toHaveAttribute("href", sponsor.url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const logo = link.getByRole("img");
    await expect(logo).toHaveAttribute("alt", sponsor.name);
    await expect(logo).toHaveAttribute("width", "320");
    await expect(logo).toHaveAttribute("height", "120");
  }
  await expectLogosShown(page);
});

test("The logos wait for the page's script, in boxes that keep their space, so nothing moves as they appear", async ({
  page,
}) => {
  // The script that shows them starts after the first paint (app/lib/after-first-paint.ts); here it is held back
  // until the page has been looked at without it.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/islands/home.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/");
  // Not displayed, they are not images to assistive technology either: found by their element.
  const logos = sponsorSection(page).locator("img");
  await expect(logos).toHaveCount(edition.sponsors.length);
  await sponsorLinks(page).last().scrollIntoViewIfNeeded();
  const cardBoxes = () =>
    sponsorLinks(page).evaluateAll((links) =>
      links.map((link) => {
        const { x, y, width, height } = link.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
  const before = await cardBoxes();
  const shown = await logos.evaluateAll(
    (images) =>
      (images as HTMLImageElement[]).filter((image) => image.offsetParent !== null || image.naturalWidth > 0).length,
  );
  expect(shown).toBe(0);
  // The cards do not wait: each shows, with its role, whether or not the script ever comes.
  await expect
    .poll(() =>
      sponsorLinks(page).evaluateAll((links) => links.map((link) => getComputedStyle(link.closest("li")!).opacity)),
    )
    .toEqual(edition.sponsors.map(() => "1"));

  release();
  await expectLogosShown(page);
  expect(await cardBoxes()).toEqual(before);
});

test("Logos fade in one after another, 0.1 s apart, 0.5 s each", async ({ page }) => {
  await page.goto("/");
  const timing = await sponsorLinks(page).evaluateAll((links) =>
    links.map((link) => {
      const style = getComputedStyle(link.closest("li")!);
      return { name: style.animationName, delay: style.animationDelay, duration: style.animationDuration };
    }),
  );
  expect(timing).toHaveLength(edition.sponsors.length);
  timing.forEach((item, index) => {
    expect(item.name).toBe("fade-in");
    expect(item.duration).toBe("0.5s");
    expect(item.delay).toBe(`${Number((index * 0.1).toFixed(1))}s`);
  });
});

test.describe("with reduced motion", () => {
  test.use({ colorScheme: "dark", reducedMotion: "reduce" });

  test("Nothing on the home page animates", async ({ page }) => {
    await page.goto("/");
    const animated = await page.evaluate(
      () => [...document.querySelectorAll("*")].filter((el) => getComputedStyle(el).animationName !== "none").length,
    );
    expect(animated).toBe(0);
    await expect(sponsorLinks(page).first()).toBeVisible();
  });
});

test.describe("Sponsor columns", () => {
  test("four on a wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    expect(await columnCount(page)).toBe(4);
  });

  test("two on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    expect(await columnCount(page)).toBe(2);
  });
});
