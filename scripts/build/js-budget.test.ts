import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLoadLimit, measure, summary } from "./js-budget";

const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;
let site: string;
/** Random text, which hardly compresses: `length` characters weigh about three quarters of that in gzip. */
const incompressible = (length: number) =>
  Array.from({ length: Math.ceil(length / 8) }, (_, i) =>
    createHash("sha256").update(String(i)).digest("base64").slice(0, 8),
  )
    .join("")
    .slice(0, length);
const framework = `export const react=${JSON.stringify(incompressible(10_000))};`;
const files: Record<string, string> = {
  "assets/entry.js": `import{a}from"./shared.js";import{react}from"./framework-abc123.js";import("./lazy.js");console.log(a,react);`,
  "assets/framework-abc123.js": framework,
  "assets/shared.js": `export const a=${JSON.stringify("x".repeat(200))};`,
  "assets/route.js": `export{a}from"./shared.js";`,
  "assets/lazy.js": `export const lazy=${JSON.stringify("y".repeat(5000))};`,
  // Over the budget on its own: random text hardly compresses.
  "assets/heavy.js": `export const heavy=${JSON.stringify(incompressible(190_000))};`,
  "islands/home.js": `export const island=${JSON.stringify("i".repeat(100))};`,
  "index.html": `<html><head><link rel="modulepreload" href="/assets/entry.js"/></head><body><script>window.x=1</script></body></html>`,
  "agenda/index.html": `<html><body><p>No scripts</p></body></html>`,
  // React Router's bootstrap imports the route modules from an inline module script.
  "talk/index.html": `<html><body><script type="module">import "/assets/entry.js";\nimport * as route0 from "/assets/route.js";\nwindow.r=route0;</script></body></html>`,
  "heavy/index.html": `<html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/heavy.js"/></head></html>`,
  "static/index.html": `<html><body><script type="module" src="/islands/home.js"></script></body></html>`,
};

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), "glosaic-budget-"));
  for (const [file, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), body);
  }
});
afterAll(() => rm(site, { recursive: true, force: true }));

const size = (file: string) => gzipped(files[file] as string);

describe("the JavaScript budget", () => {
  it("counts what a page names, what that imports statically, and its inline scripts, but not lazy chunks", async () => {
    const pages = await measure(site);
    expect(pages.find((page) => page.route === "/")).toMatchObject({
      scripts: 3,
      inlineBytes: gzipped("window.x=1"),
      total:
        size("assets/entry.js") + size("assets/shared.js") + size("assets/framework-abc123.js") + gzipped("window.x=1"),
      over: undefined,
    });
    expect(pages.find((page) => page.route === "/agenda")).toMatchObject({ scripts: 0, total: 0, over: undefined });
    const talk = pages.find((page) => page.route === "/talk");
    expect(talk?.scripts).toBe(4);
    expect(talk?.files.map((own) => own.file)).toContain("/assets/route.js");
    expect(pages.find((page) => page.route === "/static")).toMatchObject({
      scripts: 1,
      total: size("islands/home.js"),
      over: undefined,
    });
  });

  it(`holds every page's first load to ${String(firstLoadLimit / 1024)} KB and names its largest files`, async () => {
    const pages = await measure(site);
    const heavy = pages.find((page) => page.route === "/heavy");
    expect(heavy?.total).toBeGreaterThan(firstLoadLimit);
    expect(heavy?.over).toMatch(/^[\d.]+ KB > 135\.0 KB$/);
    expect(heavy?.files[0]?.file).toBe("/assets/heavy.js");
    expect(pages.filter((page) => page.over).map((page) => page.route)).toEqual(["/heavy"]);
    expect(summary(pages)).toContain("Largest: /heavy");
  });
});
