import { edition } from "../../content";
import { expect, menuButton, menuExpanded, test, waitForHydration } from "./fixtures";
import { at, editionMoments } from "./moments";
import * as m from "../../app/i18n/messages";

/** The wordmark's link, named after the edition's short name (as screen readers hear it: "GLOSAIC home"). */
const homeName = m.navHomeLabel({ name: edition.event.shortName });

test.describe("On a wide screen (1440 px)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("Visitors move between sections from the fixed navigation bar, which marks the current page", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: m.navMain });
    await expect(page.getByRole("button", { name: m.navMenu })).toBeHidden();

    for (const [name, path] of [
      [m.navAgenda, "/agenda"],
      [m.navTalksDemos, "/talks_demos"],
      [m.navDemoVoting, "/demo-voting"],
      [m.navHome, "/"],
    ] as const) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    }
    await expect(nav.getByRole("link", { name: m.navAgenda, exact: true })).not.toHaveAttribute("aria-current");

    // The bar stays in place while the page scrolls.
    await page.mouse.wheel(0, 1500);
    await expect(nav).toBeInViewport();
    expect(
      await page
        .locator("header")
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe("fixed");
  });

  test("The wordmark leads home and Register opens the registration form in a new tab", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: m.navMain });
    const register = nav.getByRole("link", { name: /^Register/ });
    await expect(register).toHaveAttribute("href", edition.event.links.register);
    await expect(register).toHaveAttribute("target", "_blank");
    await expect(register).toHaveAttribute("rel", "noopener noreferrer");
    await nav.getByRole("link", { name: homeName }).click();
    await expect(page).toHaveURL("/");
  });

  test("Keyboard users skip to the content and reach every link with a visible focus ring", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: m.skipToContent });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: homeName })).toBeFocused();
    await page.keyboard.press("Tab");
    const home = page.getByRole("navigation", { name: m.navMain }).getByRole("link", { name: m.navHome, exact: true });
    await expect(home).toBeFocused();
    const outline = await home.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/agenda");
  });
});

test.describe("On a narrow screen (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The menu is a native disclosure (<details>): it opens without JavaScript, so on the static home page too.
  // After the day its way out is Watch Recording (phases.spec.ts checks the menu in every phase).
  test("The menu button opens a dropdown with Home, Agenda, Demo Voting and, after the day, Watch Recording", async ({
    page,
  }) => {
    await page.goto(at("/", editionMoments.over));
    await waitForHydration(page);
    const button = menuButton(page);
    const nav = page.getByRole("navigation", { name: m.navMain });
    await expect(button).toBeVisible();
    expect(await menuExpanded(page)).toBe(false);
    await expect(nav.getByRole("link", { name: m.navAgenda })).toBeHidden();

    await button.click();
    expect(await menuExpanded(page)).toBe(true);
    await expect(nav.getByRole("link").filter({ visible: true })).toHaveText([
      // The wordmark: the edition's short name, written out as a string so no character in it counts as a pattern.
      edition.event.shortName,
      /^Home$/,
      /^Agenda$/,
      /^Demo Voting$/,
      /^Watch Recording/,
    ]);
    const watch = nav.getByRole("link", { name: /^Watch Recording/ });
    await expect(watch).toHaveAttribute("href", edition.event.links.watch);
    await expect(watch).toHaveAttribute("target", "_blank");

    await nav.getByRole("link", { name: m.navAgenda }).click();
    await expect(page).toHaveURL("/agenda");
    await expect.poll(() => menuExpanded(page)).toBe(false);
    await expect(nav.getByRole("link", { name: m.navAgenda })).toBeHidden();
  });

  test("The menu works from the keyboard and Escape closes it, returning focus to the button", async ({ page }) => {
    await page.goto("/demo-voting");
    await waitForHydration(page);
    const button = menuButton(page);
    const nav = page.getByRole("navigation", { name: m.navMain });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => menuExpanded(page)).toBe(true);
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: m.navHome, exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect.poll(() => menuExpanded(page)).toBe(false);
    await expect(button).toBeFocused();
    await page.keyboard.press("Space");
    await expect.poll(() => menuExpanded(page)).toBe(true);
    // A click anywhere outside the open menu closes it.
    await page.mouse.click(195, 800);
    await expect.poll(() => menuExpanded(page)).toBe(false);
  });
});
