import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

// The shape React Router 7.18 prerenders (abridged from build/client/nomic/index.html).
const page = [
  '<html><head><link rel="stylesheet" href="/assets/root.css"/>',
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/>',
  '<link rel="modulepreload" href="/assets/framework.js"/><link rel="modulepreload" href="/assets/talk.js"/>',
  "</head><body><p>Talk</p>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest.js";',
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/talk.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"talk-nomic":route1};',
  "",
  'import("/assets/entry.client.js");</script></body></html>',
].join("\n");

describe("hydration after the first paint", () => {
  const deferred = deferHydration(page);
  const bootstrap = /<script type="module">([\s\S]*)<\/script>/.exec(deferred)?.[1] ?? "";

  it("removes the module preloads from the HTML and keeps everything else", () => {
    expect(deferred).not.toContain(`rel="modulepreload"`);
    expect(deferred).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(deferred).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(deferred).not.toContain('async=""');
  });

  it("waits for the first contentful paint, then preloads and imports the same modules and hydrates", () => {
    // First the wait for the first contentful paint, then the imports.
    expect(bootstrap.indexOf("await new Promise")).toBe(0);
    const paint = bootstrap.indexOf('getEntriesByName("first-contentful-paint")');
    expect(paint).toBeGreaterThan(0);
    expect(paint).toBeLessThan(bootstrap.indexOf("import("));
    expect(bootstrap).toContain('for (const href of ["/assets/entry.client.js","/assets/framework.js"])');
    expect(bootstrap).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest.js"), import("/assets/root.js"), import("/assets/talk.js")]);',
    );
    expect(bootstrap).toMatch(
      /__reactRouterRouteModules = \{"root":route0,"talk-nomic":route1\};\nimport\("\/assets\/entry\.client\.js"\);$/,
    );
    expect(bootstrap).not.toMatch(/^import\s/m);
  });

  it("leaves a page without React Router's scripts as it is", () => {
    const staticPage =
      '<html><body><p>Home</p><script type="module" src="/islands/live-strip.js"></script></body></html>';
    expect(deferHydration(staticPage)).toBe(staticPage);
  });

  it("stops the build on a bootstrap it does not recognise", () => {
    expect(() =>
      deferHydration(
        page.replace('import * as route1 from "/assets/talk.js";', 'import { x } from "/assets/talk.js";'),
      ),
    ).toThrow(/Unexpected import/);
    expect(() => deferHydration(page.replace("__reactRouterRouteModules", "__modules"))).toThrow(/changed shape/);
    expect(() => deferHydration('<link rel="modulepreload" href="/assets/a.js"/>')).toThrow(/without React Router/);
  });
});
