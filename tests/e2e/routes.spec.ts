import { edition } from "../../content";
import { fixedPaths, prerenderPaths, sitemapPaths } from "../../app/lib/page-list";
import { speakerPath } from "../../common/site-paths";
import { speakersWithSessions } from "../../app/lib/speaker-schedule";
import { editionSchedule } from "../../app/lib/edition-schedule";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

// Every page the build knows: the sitemap's, plus the aliases, the unlisted pages and the not-found page.
const paths = prerenderPaths(edition);
const aliases = fixedPaths("alias");
const notFound = fixedPaths("not-found");

test("The sitemap lists the public pages, each under the site's address", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
  for (const location of locations) expect(location.origin).toBe(new URL(edition.event.siteUrl).origin);
  const listed = locations.map((location) => location.pathname);
  expect(listed).toEqual(sitemapPaths(edition));
  for (const path of listed) expect(paths).toContain(path);
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap: ");
});

test("Every page's head has a title of its own, a description, a share card and its address, and its body one h1", async ({
  request,
}) => {
  const titles = new Map<string, string>();
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(notFound.includes(path) ? 404 : 200);
    const html = await response.text();
    const attribute = (pattern: RegExp) => pattern.exec(html)?.[1] ?? "";
    const title = attribute(/<title>([^<]*)<\/title>/);
    expect(title, path).toMatch(/\S/);
    titles.set(path, title);
    expect(attribute(/<meta name="description" content="([^"]*)"/), path).toMatch(/.{40,}/);
    expect(attribute(/<meta property="og:image" content="([^"]*)"/), path).toMatch(/^https:\/\/.+\.png$/);
    expect(attribute(/<meta name="twitter:card" content="([^"]*)"/), path).toBe("summary_large_image");
    expect(attribute(/<link rel="canonical" href="([^"]*)"/), path).toMatch(/^https:\/\//);
    expect(html.match(/<h1[\s>]/g)?.length ?? 0, `${path}: h1 elements`).toBe(1);
  }
  // An alias (/talks_demos) is another page's screen under a second name; every other page's title is its own.
  const distinct = new Set([...titles].filter(([path]) => !aliases.includes(path)).map(([, title]) => title));
  expect(distinct.size).toBe(paths.length - aliases.length);
});

/**
 * The pages axe scans here, in the browser after hydration: every fixed page, and the speaker pages and panel page
 * that no other spec scans. The templated pages are scanned where their own specs test them: a talk page of each
 * kind (talks.spec), every briefing (briefings.spec) and every stage at two widths (live.spec); every page's
 * controls are checked for names, and for sideways scrolling, by every-page.spec (decision 046).
 */
const [firstSpeaker] = speakersWithSessions(editionSchedule);
const lastSpeaker = speakersWithSessions(editionSchedule).at(-1);
const scanned = [
  ...new Set([
    ...fixedPaths("listed"),
    ...fixedPaths("unlisted"),
    ...notFound,
    ...[firstSpeaker, lastSpeaker].flatMap((speaker) => (speaker ? [speakerPath(speaker.id)] : [])),
    ...(edition.panelPage ? [edition.panelPage.path] : []),
  ]),
];

for (const path of scanned) {
  test(`${path} loads with its head after hydration; axe finds nothing`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(notFound.includes(path) ? 404 : 200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https:\/\//);
    await expect(page.locator("h1")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });
}
