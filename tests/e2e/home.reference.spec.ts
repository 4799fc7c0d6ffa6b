import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { expect, test } from "./fixtures";
import { at, editionMoments } from "./moments";

// The spec's home page of the reference edition, to the letter: its title, headline, date and closing words, and
// its 22 sponsors. home.spec.ts checks the same page on whichever edition is built.

const sponsorLinks = (page: Page) =>
  page.getByRole("region", { name: "Sponsors & Co-hosts" }).getByRole("listitem").getByRole("link");

test("Visitors see GLOSAIC 2025, its date, that it has ended, and where to watch", async ({ page }) => {
  await page.goto(at("/", editionMoments.over));
  await expect(page).toHaveTitle("GLOSAIC 2025 | The first Global Open Source AI Conference for developers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("GLOSAIC 2025");
  await expect(
    page.getByText("The first Global Open Source AI Conference for developers.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("April 16, 2025.", { exact: true })).toBeVisible();
  await expect(page.getByText(/has ended/)).toBeVisible();
  await expect(page.getByText(/Recordings .* will follow/)).toBeVisible();
  const watch = page.getByRole("main").getByRole("link", { name: /^Watch Recording/ });
  await expect(watch).toHaveAttribute("href", edition.event.links.watch);
});

test("The sponsor grid shows 22 logos, fading in over 2.6 s", async ({ page }) => {
  await page.goto("/");
  await expect(sponsorLinks(page)).toHaveCount(22);
  const delays = await sponsorLinks(page).evaluateAll((links) =>
    links.map((link) => getComputedStyle(link.closest("li")!).animationDelay),
  );
  expect(delays).toHaveLength(22);
  expect(delays.at(-1)).toBe("2.1s");
});
