import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { edition } from "../../content";
import * as m from "../../app/i18n/messages";
import { escaped, hole, withPattern } from "../message-words";

export { escaped };

/**
 * Every test fails if the page logs a console error or warning, or throws: a page that works but complains is
 * not finished. A test that breaks something on purpose (the API down, a refused vote) names the exact messages
 * that the breakage must cause, as one pattern: `test.use({ expectedConsole: /^(a|b)$/ })`; nothing else is let
 * through. (One pattern rather than a list: Playwright reads an array given to `test.use` as a fixture tuple.)
 */
export const test = base.extend<{ consoleProblems: string[]; expectedConsole: RegExp | null }>({
  expectedConsole: [null, { option: true }],
  consoleProblems: [
    async ({ page, expectedConsole }, use) => {
      const problems = watchConsole(page, expectedConsole);
      await use(problems);
      expect(problems, "console errors and warnings").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * What Playwright itself writes to a page's console when it blocks the page's service worker, as every spec but
 * offline.spec asks (playwright.config.ts): the test harness speaking, not the page.
 */
const blockedWorker = "Service Worker registration blocked by Playwright";

/** Collects a page's console errors and warnings and its uncaught errors, but for the expected ones. */
export function watchConsole(page: Page, expected: RegExp | null = null): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (expected?.test(message.text()) || message.text() === blockedWorker) return;
    // Chromium reports a document served with a 404 status (the not-found page) as a failed load of itself:
    // that is the status we mean to send, not a fault of the page.
    const documentStatus =
      message.location().url === page.url() && /status of 404/.test(message.text()) && message.type() === "error";
    if (documentStatus) return;
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} (${page.url()})`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message} (${page.url()})`));
  return problems;
}

export { expect };

/** Waits until React has hydrated the prerendered page, so clicks reach the app and not the bare HTML. */
export async function waitForHydration(page: Page) {
  // The root layout marks the document once hydration and the render after it are done (root.tsx). A static
  // page (the home page: no React Router context) is ready once it has loaded with its island script.
  await page.waitForFunction(() =>
    "__reactRouterContext" in window
      ? document.documentElement.dataset.hydrated === "true"
      : document.readyState === "complete",
  );
}

/** WCAG 2.2 AA, as the issue asks; returns the violations in a readable form. */
export async function axeViolations(page: Page) {
  // Entrance animations (the sponsor logos' fade) would be measured mid-fade, at part opacity: check the page as
  // it settles. Endless ones (the drifting blobs) never finish and do not change contrast.
  await page.evaluate(async () => {
    const entrances = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    // A cancelled animation (its element removed) rejects `finished`: it no longer shows, so it counts as done.
    await Promise.all(entrances.map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/**
 * The narrow-screen menu's button. It is a native `<summary>`, so the menu opens without JavaScript; the browser
 * exposes it to assistive technology as a button (see `menuExpanded`), but Playwright's role model gives
 * `<summary>` no role, so it is found by its element and its name.
 */
export function menuButton(page: Page) {
  return page.getByRole("navigation", { name: m.navMain }).locator("summary", { hasText: m.navMenu });
}

/** Whether the menu button says "expanded", as Chromium's accessibility tree tells screen readers. */
export async function menuExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodes } = await cdp.send("Accessibility.queryAXTree", { nodeId: root.nodeId, accessibleName: m.navMenu });
    const control = nodes.find((node) => node.role?.value !== "StaticText" && !node.ignored);
    const expanded = control?.properties?.find((property) => property.name === "expanded");
    return expanded ? Boolean(expanded.value.value) : undefined;
  } finally {
    await cdp.detach();
  }
}

/**
 * The focused element shows where it is: an outline or a box-shadow ring, and it is not hidden under anything
 * (the fixed bar). Returns what is wrong, or null.
 */
export async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return "nothing is focused";
    const name = `${element.tagName.toLowerCase()} "${element.innerText.trim().slice(0, 40)}"`;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== "none";
    if (!outlined && !ringed) return `${name} has no focus outline or ring`;
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return `${name} is too small to see (${box.width}x${box.height})`;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + Math.min(box.height, 40) / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (!top || !(element === top || element.contains(top))) {
      return `${name} is covered by ${top ? top.tagName.toLowerCase() : "nothing"} (or off screen)`;
    }
    return null;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that the focus can be seen. */
export async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    expect(await focusProblem(page), `focus after ${presses + 1} presses`).toBeNull();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** That no two of the elements are drawn over one another: their boxes, wherever they are, never intersect. */
export async function expectNoOverlap(elements: Locator) {
  const boxes = await elements.evaluateAll((all) =>
    all.map((element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom, text: element.textContent };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  const overlaps = boxes.flatMap((one, index) =>
    boxes
      .slice(index + 1)
      .filter(
        (other) => one.left < other.right && other.left < one.right && one.top < other.bottom && other.top < one.bottom,
      )
      .map((other) => `${one.text} / ${other.text}`),
  );
  expect(overlaps, "titles drawn over one another").toEqual([]);
}

/** The home page's sponsors and co-hosts. */
export function sponsorSection(page: Page) {
  return page.getByRole("region", { name: m.homeSponsors });
}

/** Every sponsor logo on the home page is displayed and has loaded, once its section is scrolled to. */
export async function expectLogosShown(page: Page) {
  const section = sponsorSection(page);
  await section.getByRole("listitem").last().scrollIntoViewIfNeeded();
  const logos = section.getByRole("img");
  await expect(logos).toHaveCount(edition.sponsors.length);
  await expect
    .poll(() =>
      logos.evaluateAll(
        (images) =>
          (images as HTMLImageElement[]).filter((image) => image.offsetParent !== null && image.naturalWidth > 0)
            .length,
      ),
    )
    .toBe(edition.sponsors.length);
}

/** Animations and transitions still playing, described for the failure message. */
export function runningAnimations(page: Page) {
  return page.evaluate(async () => {
    // Two frames after load: anything started by the first render or hydration is playing by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return document
      .getAnimations()
      .filter((animation) => animation.playState === "running")
      .map((animation) => {
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
        const name = animation instanceof CSSAnimation ? animation.animationName : animation.constructor.name;
        return `${name} on ${target?.tagName.toLowerCase() ?? "?"}.${target?.className.toString().slice(0, 50) ?? ""}`;
      });
  });
}

/**
 * Serves the page at `pagePath` with the portrait of `name` as the file `file` again, as for an edition whose
 * portraits are photographs: the build writes a small SVG portrait into the page (scripts/build/inline-images.ts), where
 * it cannot fail to load. The test routes `file` itself to fail in the way it means to check.
 */
export async function portraitAsFile(page: Page, pagePath: string, name: string, file: string) {
  const alt = `alt="${m.portraitOf({ name }).replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`;
  await page.route(
    (url) => url.pathname === pagePath,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = html.replace(/<img\b[^>]*>/g, (tag) =>
        tag.includes(alt) ? tag.replace(/\ssrc="data:[^"]*"/, ` src="${file}"`) : tag,
      );
      expect(body, `the page at ${pagePath} shows the portrait of ${name} as a data: URL`).not.toBe(html);
      // The body is given decoded: the served encoding and length no longer describe it.
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([header]) => !/^content-(encoding|length)$/i.test(header)),
      );
      await route.fulfill({ response, headers, body });
    },
  );
}

/**
 * The time bound of a test that visits `pages` pages in turn with one browser page (a sweep, kept to one test to keep
 * the suite quick): four seconds a page, four minutes at least. On a busy CI machine a sweep of 60 pages has taken
 * two minutes, and the budget sweep (which waits for an idle moment on each page) 2.1. The bound stops a hang; it
 * is not a measure of speed.
 */
export function sweepTimeout(pages: number): number {
  return Math.max(240_000, pages * 4_000);
}

/** A name that begins with `text`, taken literally: a link named by a message, followed by more (an icon's label). */
export function startingWith(text: string): RegExp {
  return new RegExp(`^${escaped(text)}`);
}

/** A name that is exactly a message's words, for a locator given a pattern. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${escaped(text)}$`);
}

/** The time left of a session on air, as the strip and the stage say it: minutes and seconds, or seconds alone. */
export const timeLeftPattern = new RegExp(
  `${withPattern(m.timeLeft({ time: hole }), "\\d+:\\d{2}")}|${withPattern(m.timeLeftSeconds({ seconds: hole }), "\\d+")}`,
);

/**
 * A demo's vote button's name as the browser computes it: the button's word, then the demo it is for, which is in
 * a visually hidden span. That span is positioned (`sr-only`), so it is a block of its own and its words are set
 * apart by a space: in English the message's own leading space (" for …") and this one collapse into one; in a
 * language whose message begins without one (Japanese "：…") the name has it all the same.
 */
export function voteButtonName(title: string): string {
  return `${m.demoVote} ${m.demoVoteFor({ title })}`.replace(/\s+/g, " ").trim();
}
