import { edition } from "../../content";
import { fixedPaths, prerenderPaths, sitemapPaths } from "../../app/lib/page-list";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

// Every page the build knows: the sitemap's, plus the aliases, the unlisted pages and the not-found page.
const paths = prerenderPaths();
const aliases = fixedPaths("alias");
const notFound = fixedPaths("not-found");

test("The sitemap lists the public pages, each under the site's address", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
  for (const location of locations) expect(location.origin).toBe(new URL(edition.event.siteUrl).origin);
  const listed = locations.map((location) => location.pathname);
  expect(listed).toEqual(sitemapPaths());
  for (const path of listed) expect(paths).toContain(path);
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap: ");
});

test("Every page has its own title", async ({ request }) => {
  const titles = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(title, path).not.toBe("");
    titles.set(path, title);
  }
  // An alias (/talks_demos) is another page's screen under a second name; every other page's title is its own.
  const distinct = new Set([...titles].filter(([path]) => !aliases.includes(path)).map(([, title]) => title));
  expect(distinct.size).toBe(paths.length - aliases.length);
});

for (const path of paths) {
  test(`${path} loads with its title, description and share card; axe finds nothing; fits a phone`, async ({
    page,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(notFound.includes(path) ? 404 : 200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\/.+\.png$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https:\/\//);
    await expect(page.locator("h1")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // On a phone nothing may stick out sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "horizontal overflow at 390 px").toBeLessThanOrEqual(0);
  });
}
