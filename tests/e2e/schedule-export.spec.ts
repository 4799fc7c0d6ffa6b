import { programmeDays } from "../../common/programme-days";
import { schedulePaths } from "../../common/schedule-paths";
import { edition } from "../../content";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";
import { at, editionMoments } from "./moments";
import { mainPort } from "./servers";

/** The two files and how they are served: the schedule export (interop/schedule-export.ts). */
const files = [
  { name: "schedule.json", path: schedulePaths.json, type: "application/json; charset=utf-8" },
  { name: "schedule.xml", path: schedulePaths.xml, type: "application/xml; charset=utf-8" },
] as const;

for (const width of [390, 1440]) {
  test.describe(`At ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // Below the header's actions, or after the schedule on an agenda a day at a time (decision 084).
    test("the agenda offers the programme for schedule apps, in every phase, accessibly", async ({ page }) => {
      for (const phase of ["upcoming", "live", "over"] as const) {
        await page.goto(at("/agenda", editionMoments[phase]));
        await waitForHydration(page);
        const main = page.getByRole("main");
        await expect(main.locator("header").getByRole("link", { name: /Add to calendar/ }), phase).toBeVisible();
        await expect(main.getByText(/^Use in your app:/), phase).toBeVisible();
        for (const file of files) {
          const link = main.getByRole("link", { name: file.name, exact: true });
          await expect(link, phase).toBeVisible();
          await expect(link, phase).toHaveAttribute("href", file.path);
        }
        expect(await axeViolations(page), phase).toEqual([]);
      }
    });
  });
}

test("following a link gives the file, typed, with the edition's programme", async ({ page, request }) => {
  await page.goto("/agenda");
  const bodies: string[] = [];
  for (const file of files) {
    const href = await page.getByRole("link", { name: file.name, exact: true }).getAttribute("href");
    const response = await request.get(href ?? "");
    expect(response.status(), file.name).toBe(200);
    expect(response.headers()["content-type"], file.name).toBe(file.type);
    expect(response.headers()["access-control-allow-origin"], file.name).toBe("*");
    bodies.push(await response.text());
  }
  const [json = "", xml = ""] = bodies;
  const { conference } = (
    JSON.parse(json) as { schedule: { conference: { title: string; acronym: string; days: object[] } } }
  ).schedule;
  expect(conference.title).toBe(edition.event.name);
  // A day per date the programme has, in the event's zone.
  expect(conference.days).toHaveLength(programmeDays(edition.agenda, edition.event.timeZone).length);
  expect(xml).toContain(`<acronym>${conference.acronym}</acronym>`);
  expect(xml.match(/<event /g)).toHaveLength(edition.agenda.length);
});

test.describe("From another site", () => {
  // The site's own policy would stop any script on its pages from reading another origin: set aside, so that the
  // page stands for another site's, and only CORS decides. The refused read (the sitemap) is reported on the
  // console, as expected.
  test.use({
    bypassCSP: true,
    expectedConsole:
      /(blocked by CORS policy: No 'Access-Control-Allow-Origin'|Failed to load resource: net::ERR_FAILED)/,
  });

  test("a page on another origin can read the schedule files from its scripts, and nothing else", async ({ page }) => {
    // localhost and 127.0.0.1 are two origins on the one server (and both loopback, which Chromium requires of a
    // page that reads from a loopback address).
    await page.goto(`http://localhost:${String(mainPort)}/`);
    const read = (url: string) =>
      page.evaluate(
        (target) =>
          fetch(target).then(
            (response) => response.text().then((text) => `${String(response.status)} ${String(text.length > 0)}`),
            (error: unknown) => `refused: ${String(error)}`,
          ),
        url,
      );
    const base = `http://127.0.0.1:${String(mainPort)}`;
    expect(new URL(base).origin).not.toBe(new URL(page.url()).origin);
    for (const file of files) expect(await read(`${base}${file.path}`), file.name).toBe("200 true");
    expect(await read(`${base}/sitemap.xml`)).toMatch(/^refused/);
  });
});
