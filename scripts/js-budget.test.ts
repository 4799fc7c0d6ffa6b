import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget, measure } from "./js-budget";

const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;
let site: string;
const files: Record<string, string> = {
  "assets/entry.js": `import{a}from"./shared.js";import("./lazy.js");console.log(a);`,
  "assets/shared.js": `export const a=${JSON.stringify("x".repeat(200))};`,
  "assets/lazy.js": `export const lazy=${JSON.stringify("y".repeat(5000))};`,
  "index.html": `<html><head><link rel="modulepreload" href="/assets/entry.js"/></head><body><script>window.x=1</script></body></html>`,
  "agenda/index.html": `<html><body><p>No scripts</p></body></html>`,
  // A page whose bootstrap runs after the first paint names its modules in an inline script only.
  "talk/index.html": `<html><body><script type="module">for (const href of ["/assets/entry.js"]) preload(href);</script></body></html>`,
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
      scripts: 2,
      externalBytes: gzipped(files["assets/entry.js"] as string) + gzipped(files["assets/shared.js"] as string),
      inlineBytes: gzipped("window.x=1"),
      limit: budget,
    });
    expect(pages.find((page) => page.route === "/agenda")).toMatchObject({ total: 0, limit: budget });
    expect(pages.find((page) => page.route === "/talk")).toMatchObject({
      scripts: 2,
      externalBytes: home?.externalBytes,
    });
  });
});
