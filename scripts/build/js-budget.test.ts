import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frameworkChunk, limits, measure, summary } from "./js-budget";

const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;
let site: string;
/** Random text, which hardly compresses: `length` characters weigh about three quarters of that in gzip. */
const incompressible = (length: number) =>
  Array.from({ length: Math.ceil(length / 8) }, (_, i) =>
    createHash("sha256").update(String(i)).digest("base64").slice(0, 8),
  )
    .join("")
    .slice(0, length);
// Larger than a static page's whole budget, as React is.
const framework = `export const react=${JSON.stringify(incompressible(10_000))};`;
const files: Record<string, string> = {
  "assets/entry.js": `import{a}from"./shared.js";import{react}from"./${frameworkChunk}-abc123.js";import("./lazy.js");console.log(a,react);`,
  [`assets/${frameworkChunk}-abc123.js`]: framework,
  "assets/shared.js": `export const a=${JSON.stringify("x".repeat(200))};`,
  // The router's manifest of routes: the same file on every hydrated page, counted with the floor.
  "assets/manifest-def456.js": `window.__manifest={routes:${JSON.stringify("m".repeat(400))}};`,
  "assets/lazy.js": `export const lazy=${JSON.stringify("y".repeat(5000))};`,
  // A page's own part too large: random text hardly compresses.
  "assets/heavy.js": `export const heavy=${JSON.stringify(incompressible(64_000))};`,
  "assets/island.js": `export const island=${JSON.stringify("i".repeat(100))};`,
  // An island that came to import React: its page is still a static one, over its limit.
  "islands/with-react.js": `import{react}from"../assets/${frameworkChunk}-abc123.js";console.log(react);`,
  "index.html": `<html><head><link rel="modulepreload" href="/assets/manifest-def456.js"/><link rel="modulepreload" href="/assets/entry.js"/></head><body><script>window.x=1</script></body></html>`,
  "agenda/index.html": `<html><body><p>No scripts</p></body></html>`,
  // A page whose bootstrap runs after the first paint names its modules in an inline script only.
  "talk/index.html": `<html><body><script type="module">for (const href of ["/assets/entry.js"]) preload(href);</script></body></html>`,
  "heavy/index.html": `<html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/heavy.js"/></head></html>`,
  "static/index.html": `<html><body><script type="module">await import("/islands/../assets/island.js");</script></body></html>`,
  "static-react/index.html": `<html><body><script type="module">await import("/islands/with-react.js");</script></body></html>`,
};

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), "glosaic-budget-"));
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), body);
  }
});
afterAll(() => rm(site, { recursive: true, force: true }));

describe("the JavaScript budget", () => {
  it("counts what a page names, what that imports statically, and its inline scripts, but not lazy chunks", async () => {
    const pages = await measure(site);
    const home = pages.find((page) => page.route === "/");
    expect(home).toMatchObject({
      scripts: 4,
      frameworkBytes: gzipped(framework) + gzipped(files["assets/manifest-def456.js"] as string),
      ownBytes:
        gzipped(files["assets/entry.js"] as string) +
        gzipped(files["assets/shared.js"] as string) +
        gzipped("window.x=1"),
      inlineBytes: gzipped("window.x=1"),
      over: [],
    });
    expect(home?.total).toBe((home?.frameworkBytes ?? 0) + (home?.ownBytes ?? 0));
    expect(pages.find((page) => page.route === "/agenda")).toMatchObject({ total: 0, over: [] });
    expect(pages.find((page) => page.route === "/talk")).toMatchObject({
      scripts: 3,
      frameworkBytes: gzipped(framework),
    });
  });

  it("holds a hydrated page's own part apart from the framework's floor, and a static page to its own limit", async () => {
    const pages = await measure(site);
    const heavy = pages.find((page) => page.route === "/heavy");
    expect(heavy?.ownBytes).toBeGreaterThan(limits.ownPart);
    expect(heavy?.total).toBeLessThan(limits.hydratedPage);
    expect(heavy?.over).toEqual([expect.stringMatching(/^its own part [\d.]+ KB > 25\.0 KB$/)]);
    expect(heavy?.ownFiles[0]?.file).toBe("/assets/heavy.js");
    const staticPage = pages.find((page) => page.route === "/static");
    expect(staticPage).toMatchObject({ static: true, frameworkBytes: 0, over: [] });
    expect(heavy?.static).toBe(false);
    // A static page whose island imports React is judged as the static page it is.
    const withReact = pages.find((page) => page.route === "/static-react");
    expect(withReact?.static).toBe(true);
    expect(withReact?.frameworkBytes).toBe(gzipped(framework));
    expect(withReact?.over).toEqual([expect.stringMatching(/^[\d.]+ KB > 5\.0 KB on a static page$/)]);
    expect(summary(pages)).toContain(
      `Floor (react, react-dom, scheduler, react-router in one chunk, and the router's manifest; on every hydrated page): ${((gzipped(framework) + gzipped(files["assets/manifest-def456.js"] as string)) / 1024).toFixed(1)} KB.`,
    );
    expect(summary(pages)).toContain("Largest own part: /heavy");
  });
});
