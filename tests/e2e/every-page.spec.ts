import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { fixedPaths, prerenderPaths } from "../../app/lib/page-list";
import { siteIconPath } from "../../common/site-paths";
import { gzipSize, measure, overBudget } from "../../scripts/build/js-budget";
import { repositoryRoot } from "../../server/start-command";
import { expect, runningAnimations, sweepTimeout, test, waitForHydration } from "./fixtures";

// Every page the build writes: the sitemap's, the unlisted briefings and stream screens, /talks_demos and /404.
// Each sweep reuses one page and visits them in turn, to keep the suite quick (its bound: sweepTimeout).
const paths = prerenderPaths(edition);
const notFound = fixedPaths("not-found");
const sweepBound = sweepTimeout(paths.length);

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

test.describe("With reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  // One visit a page for every check here: a sweep of every page is the suite's costliest kind of test.
  test("React itself hydrates every page but the static home page, within its JavaScript budget with what it loads without a tap, and nothing moves", async ({
    page,
  }) => {
    test.setTimeout(sweepBound);
    // The build holds what each page names and imports (scripts/build/js-budget.ts); a lazy part that renders at once
    // (the live leaderboard) is loaded without a tap too, which only the running page shows. Both counted as the
    // build does.
    const clientDir = join(repositoryRoot, "build/client");
    const built = new Map((await measure(clientDir)).map((entry) => [entry.route, entry]));
    const requested = new Set<string>();
    let visiting = "";
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      // The page before may still start a script while the next one loads (its offline island waits for its load).
      if (pathname.endsWith(".js") && new URL(request.frame().url()).pathname === visiting) requested.add(pathname);
    });
    // The icon is written into every page (scripts/build/site-icon.ts): hydration must not bring the file back.
    const iconRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === siteIconPath) iconRequests.push(page.url());
    });
    for (const path of paths) {
      requested.clear();
      visiting = path;
      const response = await page.goto(path, { waitUntil: "load" });
      expect(response?.status(), path).toBe(notFound.includes(path) ? 404 : 200);
      // Pages hydrate after their first paint (scripts/build/defer-hydration.ts): whatever hydration starts must be still too.
      await waitForHydration(page);
      // What hydration's first renders start (a lazy import, the data they fetch) has started by the next idle time.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      expect(await runningAnimations(page), path).toEqual([]);
      // React DOM marks the container it hydrates (`__reactContainer$<key>`) and each element it owns
      // (`__reactFiber$<key>`); another renderer, Preact's compatibility layer say, marks neither.
      const marks = await page.evaluate(() => ({
        root: Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
        main: Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")),
      }));
      const hydrated = await page.evaluate(() => "__reactRouterContext" in window);
      expect(marks, path).toEqual({ root: hydrated, main: hydrated });
      expect(hydrated, path).toBe(path !== "/");
      const named = built.get(path);
      expect(named, `${path} in the build's budget`).toBeDefined();
      const counted = new Set(named?.files.map((own) => own.file));
      const later = [...requested].filter((file) => !counted.has(file));
      const laterBytes = later.reduce((sum, file) => sum + gzipSize(readFileSync(join(clientDir, file))), 0);
      expect(overBudget((named?.total ?? 0) + laterBytes), `${path} loads ${later.join(", ")}`).toBeUndefined();
    }
    expect(iconRequests).toEqual([]);
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
    test.setTimeout(sweepBound);
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
