import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

// The shape React Router 7.18 prerenders, rendered by React DOM (abridged from a page of the build before this step).
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
    expect(deferred).not.toMatch(/<script type="module" async/);
  });

  /**
   * Runs a deferred bootstrap against a stand-in page, in order: nothing happens until `paint()` (or, for a page
   * that paints nothing, `frame()`) is called; then the preloads it appends, the modules it imports (each one an
   * object naming itself) and the route modules it hands React Router are recorded.
   */
  function standIn(script: string, { observesPaint }: { observesPaint: boolean }) {
    const events: string[] = [];
    const window: { __reactRouterRouteModules?: Record<string, { href: string }> } = {};
    let paint: (() => void) | undefined;
    let frame: (() => void) | undefined;
    const ran = runInNewContext(`(async () => {${script.replaceAll("import(", "load(")}})()`, {
      ...(observesPaint
        ? {
            PerformanceObserver: class {
              static supportedEntryTypes = ["paint"];
              constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
              observe() {
                paint = () => {
                  this.callback({ getEntriesByName: () => [{}] }, { disconnect: () => undefined });
                };
              }
            },
          }
        : {}),
      requestAnimationFrame: (callback: () => void) => {
        frame = callback;
      },
      setTimeout: (callback: () => void) => setTimeout(callback),
      document: {
        createElement: () => ({}),
        head: {
          append: (link: { href: string; rel: string; as?: string }) =>
            events.push(`${link.as === "fetch" ? "fetch" : link.rel === "modulepreload" ? "preload" : link.rel} ${link.href}`),
        },
      },
      window,
      load: (href: string) => {
        events.push(`import ${href}`);
        return Promise.resolve({ href });
      },
    }) as Promise<void>;
    return { events, window, ran, paint: () => paint?.(), frame: () => frame?.() };
  }

  it("waits for the first contentful paint, then preloads and imports the same modules and hydrates", async () => {
    const run = standIn(bootstrap, { observesPaint: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run.events).toEqual([]);
    run.paint();
    await run.ran;
    expect(run.events).toEqual([
      "preload /assets/entry.client.js",
      "preload /assets/framework.js",
      "import /assets/manifest.js",
      "import /assets/root.js",
      "import /assets/talk.js",
      "import /assets/entry.client.js",
    ]);
    expect(run.window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root.js" },
      "talk-nomic": { href: "/assets/talk.js" },
    });
    expect(bootstrap).not.toMatch(/^import\s/m);
  });

  it("takes the page's data file out of the HTML and fetches it after the first paint, ahead of the modules", async () => {
    const withData = deferHydration(
      page.replace(
        "</head>",
        '<link rel="preload" href="/programme.json" as="fetch" crossorigin="anonymous"/></head>',
      ),
    );
    expect(withData).not.toContain('href="/programme.json" as="fetch"');
    const run = standIn(/<script type="module">([\s\S]*)<\/script>/.exec(withData)?.[1] ?? "", { observesPaint: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run.events).toEqual([]);
    run.paint();
    await run.ran;
    expect(run.events.slice(0, 2)).toEqual(["fetch /programme.json", "preload /assets/entry.client.js"]);
  });

  it("imports a route module split in parts (its client loader apart) part by part, and hands them over whole", async () => {
    const split = deferHydration(
      page.replace(
        'import * as route1 from "/assets/talk.js";',
        [
          'import * as route1_clientLoader from "/assets/talk.js";',
          'import * as route1_main from "/assets/talk-main.js";',
          "const route1 = {...route1_clientLoader,...route1_main};",
        ].join("\n"),
      ),
    );
    const run = standIn(/<script type="module">([\s\S]*)<\/script>/.exec(split)?.[1] ?? "", { observesPaint: true });
    run.paint();
    await run.ran;
    expect(run.events).toContain("import /assets/talk-main.js");
    expect(run.window.__reactRouterRouteModules?.["talk-nomic"]).toEqual({ href: "/assets/talk-main.js" });
  });

  it("has a page that paints nothing before it runs (a transparent overlay) start after its first frame", async () => {
    const overlay = deferHydration(page.replace("<html>", '<html lang="en" data-transparent="">'));
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(overlay)?.[1] ?? "";
    // No PerformanceObserver in its stand-in: touching it would throw.
    const run = standIn(script, { observesPaint: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run.events).toEqual([]);
    run.frame();
    await run.ran;
    expect(run.events.at(-1)).toBe("import /assets/entry.client.js");
  });

  it("ships the bootstrap minified", () => {
    expect(bootstrap).not.toContain("\n");
    expect(bootstrap).not.toContain("const preloads");
  });

  it("starts the preloads a few per task, then imports and hydrates", async () => {
    const many = Array.from(
      { length: 14 },
      (_, index) => `<link rel="modulepreload" href="/assets/m${String(index)}.js"/>`,
    );
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(
      deferHydration(page.replace("</head>", `${many.join("")}</head>`)),
    )?.[1];
    // Run the bootstrap against a stand-in page: paint has happened, and each task is counted.
    let task = 0;
    const appended: { href: string; task: number }[] = [];
    const imported: string[] = [];
    const bootstrapped = runInNewContext(`(async () => {${(script ?? "").replaceAll("import(", "load(")}})()`, {
      PerformanceObserver: class {
        static supportedEntryTypes = ["paint"];
        constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
        observe() {
          this.callback({ getEntriesByName: () => [{}] }, { disconnect: () => undefined });
        }
      },
      requestAnimationFrame: () => undefined,
      document: {
        createElement: () => ({}),
        head: { append: (link: { href: string }) => appended.push({ href: link.href, task }) },
      },
      window: {},
      load: (href: string) => {
        imported.push(href);
        return Promise.resolve({});
      },
      setTimeout: (callback: () => void) =>
        setTimeout(() => {
          task++;
          callback();
        }),
    }) as Promise<void>;
    await bootstrapped;
    expect(appended.map((link) => link.href)).toEqual([
      "/assets/entry.client.js",
      "/assets/framework.js",
      ...many.map((_, index) => `/assets/m${String(index)}.js`),
    ]);
    expect(appended.map((link) => link.task)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5]);
    expect(imported).toEqual(["/assets/manifest.js", "/assets/root.js", "/assets/talk.js", "/assets/entry.client.js"]);
  });

  it("has a static page's island wait for the first paint too", async () => {
    const staticPage = '<html><body><p>Home</p><script type="module" src="/islands/home.js"></script></body></html>';
    const deferredPage = deferHydration(staticPage);
    expect(deferredPage).not.toContain("src=");
    const script = /<script type="module">([\s\S]*)<\/script>/.exec(deferredPage)?.[1] ?? "";
    const events: string[] = [];
    let paint: (() => void) | undefined;
    const ran = runInNewContext(`(async () => {${script.replaceAll("import(", "load(")}})()`, {
      PerformanceObserver: class {
        static supportedEntryTypes = ["paint"];
        constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
        observe() {
          paint = () => {
            events.push("paint");
            this.callback({ getEntriesByName: () => [{}] }, { disconnect: () => undefined });
          };
        }
      },
      load: (href: string) => {
        events.push(`import ${href}`);
        return Promise.resolve({});
      },
    }) as Promise<void>;
    await Promise.resolve();
    expect(events).toEqual([]);
    paint?.();
    await ran;
    expect(events).toEqual(["paint", "import /islands/home.js"]);
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
