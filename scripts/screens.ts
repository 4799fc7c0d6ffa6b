/**
 * Full-page screenshots of every route at the widths we design for, to read with our own eyes:
 * `npm run screens` (builds nothing: run `npm run build` first) starts our server on the build, or
 * `npm run screens -- https://glosaic.example` photographs a running site instead.
 *
 * Routes: the sitemap's, plus the pages kept out of it (briefings, stream screens, /talks_demos, /404).
 * Files: reports/screens/<route>-<width>.png, for instance agenda-390.png, speakers-ada-1440.png, home-1920.png.
 *
 * `npm run screens -- --phases` instead photographs the pages that change with the edition's phase (home, agenda,
 * demo voting) at an instant before, during and after the edition (?now=), at 390 and 1440 px:
 * reports/screens/phases/<edition>-<phase>-<route>-<width>.png.
 */
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { prerenderPaths } from "../app/lib/page-list";
import { editionId } from "../content";
import { at, editionMoments } from "../tests/e2e/moments";
import { chromiumArgs, chromiumPath, startBuiltServer } from "./local-site";

const widths = [390, 768, 1440, 1920] as const;
/** A phone, a tablet, a laptop and a desktop screen: the first screenful each would show. */
const heights: Record<(typeof widths)[number], number> = { 390: 844, 768: 1024, 1440: 900, 1920: 1080 };
const phases = process.argv.includes("--phases");
const outDir = path.resolve(phases ? "reports/screens/phases" : "reports/screens");

/** A shot: the page to load and the file's name without its width. */
interface Shot {
  url: string;
  name: string;
}

async function main() {
  const started = Date.now();
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const server = given ? null : await startBuiltServer();
  const base = (given ?? server?.url ?? "").replace(/\/$/, "");
  let browser: Browser | undefined;
  try {
    const shots: Shot[] = phases
      ? Object.entries(editionMoments).flatMap(([phase, instant]) =>
          ["/", "/agenda", "/demo-voting"].map((route) => ({
            url: at(route, instant),
            name: `${editionId}-${phase}-${slugOf(route)}`,
          })),
        )
      : (await routesOf(base)).map((route) => ({ url: route, name: slugOf(route) }));
    const shotWidths = phases ? ([390, 1440] as const) : widths;
    // Phase shots of several editions sit side by side: only a full run starts from an empty folder.
    if (!phases) await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const launched = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    });
    browser = launched;
    // The four widths run side by side, one page each, reused for every route: most of the time goes to waiting
    // for the network to settle, which overlaps. Reduced motion shows every element in its final state, so two
    // runs of the script give the same pictures.
    const shoot = async (width: (typeof widths)[number]) => {
      const context = await launched.newContext({
        viewport: { width, height: heights[width] },
        reducedMotion: "reduce",
        colorScheme: "dark",
      });
      const page = await context.newPage();
      for (const shot of shots) {
        await page.goto(base + shot.url, { waitUntil: "load" });
        await page.waitForLoadState("networkidle");
        await page.evaluate(async () => {
          // Lazy images below the first screen would be blank in a full-page picture: load them all now.
          const images = [...document.images];
          for (const image of images) image.loading = "eager";
          await Promise.all(
            images
              .filter((image) => !image.complete)
              .map(
                (image) =>
                  new Promise((resolve) => {
                    image.addEventListener("load", resolve);
                    image.addEventListener("error", resolve);
                  }),
              ),
          );
          await document.fonts.ready;
          const finite = document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
          await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
        });
        await page.screenshot({ path: path.join(outDir, `${shot.name}-${width}.png`), fullPage: true });
      }
      await context.close();
      console.log(`${width} px: ${shots.length} pages`);
    };
    await Promise.all(shotWidths.map(shoot));
    console.log(
      `${shots.length * shotWidths.length} screenshots in ${path.relative(process.cwd(), outDir)}/ ` +
        `(${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await browser?.close();
    server?.stop();
  }
}

/** The sitemap's pages under their paths on `base`, then every prerendered page the sitemap leaves out. */
async function routesOf(base: string): Promise<string[]> {
  const response = await fetch(`${base}/sitemap.xml`);
  if (!response.ok) throw new Error(`No sitemap at ${base}/sitemap.xml (${response.status})`);
  const listed = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  return [...new Set([...listed, ...prerenderPaths()])];
}

/** "/" -> "home", "/speakers/ada" -> "speakers-ada" */
function slugOf(route: string): string {
  return route === "/" ? "home" : route.replace(/^\//, "").replace(/[^a-z0-9_-]+/gi, "-");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
