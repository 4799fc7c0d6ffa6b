import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { expect, test, waitForHydration } from "./fixtures";
import * as m from "../../app/i18n/messages";

/** Navigates inside the app, as a link would, without loading a new document. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** Marks the current document, so a test can tell a client-side navigation from a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.notFoundTitle);
  await expect(page.getByText(m.notFoundHint)).toBeVisible();
}

test.describe("Direct loads", () => {
  test("An unknown path shows the not-found page with a 404 status", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expectNotFoundPage(page);
    await expect(page).toHaveURL("/no/such/page");
    await page.getByRole("link", { name: m.notFoundBack }).click();
    await expect(page).toHaveURL("/");
  });

  test("/about lands on the agenda through a permanent redirect", async ({ page }) => {
    const response = await page.goto("/about");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/about$/);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    await expect(page).toHaveURL("/agenda");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenda");
  });

  test("An unknown speaker id goes to /404", async ({ page }) => {
    const response = await page.goto("/speakers/nobody-by-that-name");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL("/404");
    await waitForHydration(page);
    await expectNotFoundPage(page);
  });
});

test.describe("Client-side navigation", () => {
  // The browser holds no list of talks or speakers: it asks for the path's prerendered data, which the site answers
  // with 404 (an unknown speaker's path through a redirect to /404) when nothing was built there.
  test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of 404 / });

  test("An unknown path shows the not-found page without a reload", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await markDocument(page);
    await navigateInApp(page, "/nowhere-at-all");
    await expectNotFoundPage(page);
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("/about redirects to the agenda", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await markDocument(page);
    await navigateInApp(page, "/about");
    await expect(page).toHaveURL("/agenda");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agenda");
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("An unknown speaker id redirects to /404", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await markDocument(page);
    await navigateInApp(page, "/speakers/nobody-by-that-name");
    await expect(page).toHaveURL("/404");
    await expectNotFoundPage(page);
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("A known speaker opens from a talk page without a reload", async ({ page }) => {
    await page.goto(edition.talks[0]!.path);
    await waitForHydration(page);
    await markDocument(page);
    const speakerLink = page.getByRole("article").getByRole("heading", { level: 3 }).getByRole("link").first();
    const name = await speakerLink.textContent();
    await speakerLink.click();
    await expect(page).toHaveURL(/\/speakers\/[a-z-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name ?? "");
    expect(await stillSameDocument(page)).toBe(true);
  });
});
