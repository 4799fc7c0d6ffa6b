import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { prerenderPaths } from "../../app/lib/page-list";
import { expect, test, waitForHydration } from "./fixtures";
import { votingOpenURL } from "./servers";

// Every page the build writes: the sitemap's, the unlisted briefings and stream screens, /talks_demos and /404.
// Each sweep reuses one page and visits them in turn, to keep the suite quick; on a busy machine a sweep can take
// over a minute, so sweeps get two.
const paths = prerenderPaths();
const sweepTimeout = 120_000;

/** Roles a visitor operates, as Chromium names them (a `<summary>` is a "DisclosureTriangle"). */
const operable = new Set(["link", "button", "DisclosureTriangle", "textbox", "searchbox", "combobox", "checkbox"]);

/** Controls in Chromium's accessibility tree that a screen reader would announce without a name. */
async function unnamedControls(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    return nodes
      .filter((node) => !node.ignored && operable.has(String(node.role?.value)))
      .filter((node) => !String(node.name?.value ?? "").trim())
      .map((node) => `${String(node.role?.value)} #${node.backendDOMNodeId ?? "?"}`);
  } finally {
    await cdp.detach();
  }
}

/** Animations and transitions still playing, described for the failure message. */
function runningAnimations(page: Page) {
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

test.describe("With reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("nothing on any page moves", async ({ page }) => {
    test.setTimeout(sweepTimeout);
    for (const path of paths) {
      await page.goto(path, { waitUntil: "load" });
      // Pages hydrate after their first paint (docs/decisions/011): whatever hydration starts must be still too.
      await waitForHydration(page);
      expect(await runningAnimations(page), path).toEqual([]);
    }
  });

  test("a vote's toast appears without sliding in, and its close button has a name", async ({ page }) => {
    // The server with voting open; this test votes for the catalogue's last demo, which the voting tests' counts
    // leave alone (demo-voting-open.spec.ts).
    await page.goto(`${votingOpenURL}/demo-voting`);
    await waitForHydration(page);
    await page.getByRole("button", { name: `Vote for ${edition.demos.at(-1)!.title}` }).click();
    const toasts = page.getByRole("region", { name: "Notifications (F8)" });
    await expect(toasts).toContainText("Vote recorded");
    expect(await runningAnimations(page)).toEqual([]);
    await toasts.getByRole("button", { name: "Close" }).click();
    await expect(toasts.getByText("Vote recorded")).toBeHidden();
  });
});

/** Animations that never end (the drifting light), by the name of their keyframes. */
function endlessAnimations(page: Page) {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations === Infinity)
      .map((animation) => (animation instanceof CSSAnimation ? animation.animationName : animation.constructor.name)),
  );
}

/** The pages whose light drifts: the home page's hero and the stream screens (docs/decisions/013). */
const drifting = new Set(["/", "/countdown", "/brb"]);

test.describe("On a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no page scrolls sideways, every link, button and field has a name, and only the home page and stream screens drift", async ({
    page,
  }) => {
    test.setTimeout(sweepTimeout);
    for (const path of paths) {
      await page.goto(path, { waitUntil: "load" });
      const width = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: document.documentElement.clientWidth,
      }));
      expect(width.page, `${path} is wider than the screen`).toBeLessThanOrEqual(width.window);
      expect(await unnamedControls(page), `${path}: controls without a name`).toEqual([]);
      // An endless animation keeps the device compositing for as long as the page is open.
      expect(await endlessAnimations(page), `${path}: endless animations`).toEqual(
        drifting.has(path) ? ["drift", "drift"] : [],
      );
    }
  });
});
