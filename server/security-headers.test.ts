import { selectedEditionId } from "../content/editions";
import { loadEdition } from "../content/load-edition";
import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { playerOrigins } from "../app/lib/stage";
import { inlineStyles, withPolicy, type StreamSources } from "./content-security-policy";
import { openSqliteStore } from "./store/sqlite";
import type { VoteStore } from "./store";
import { testEdition } from "./test-support/databases";

const { edition } = loadEdition(selectedEditionId());

const inline = "window.__ready = true;";
const page = (title: string, streams?: StreamSources) =>
  withPolicy(
    `<!doctype html><html><head><title>${title}</title></head><body><script>${inline}</script></body></html>`,
    streams,
  );
/** A stage's streams: a video platform's player and an HLS host. */
const streams: StreamSources = {
  frame: [playerOrigins.youtube, playerOrigins.vimeo],
  media: ["https://hls.example.org"],
};

let dir: string;
let store: VoteStore;
let app: Awaited<ReturnType<typeof buildApp>>;
let behindHttps: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "glosaic-headers-"));
  const files: Record<string, string> = {
    "index.html": page("Home"),
    "countdown/index.html": page("Countdown"),
    "live/index.html": page("Live", streams),
    "brb/index.html": page("Be right back"),
    "404/index.html": page("Not found"),
    "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    "schedule.json": '{"schedule":{}}',
    "schedule.xml": "<schedule/>",
    "sitemap.xml": "<urlset/>",
  };
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), body);
  }
  store = await openSqliteStore(":memory:", testEdition);
  app = await buildApp({ clientDir: dir, edition, store });
  behindHttps = await buildApp({ clientDir: dir, edition, store, hsts: true });
});

afterAll(async () => {
  await app.close();
  await behindHttps.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const common = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
};

describe("Security headers", () => {
  it.each([
    ["a page", "GET", "/"],
    ["the not-found page", "GET", "/nowhere"],
    ["a file", "GET", "/favicon.svg"],
    ["the API", "GET", "/api/demos"],
    ["an API error", "GET", "/api/demos/demo-99/has-voted"],
    ["a refused method", "DELETE", "/"],
    ["a malformed URL", "GET", "/%"],
  ] as const)("every response carries them: %s", async (_name, method, url) => {
    const response = await app.inject({ method, url });
    expect(response.headers).toMatchObject(common);
    expect(response.headers["permissions-policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(response.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("a page's policy allows its own inline scripts by hash, styles from the site alone, never 'unsafe-inline'", async () => {
    const policy = String((await app.inject("/")).headers["content-security-policy"]);
    const hash = createHash("sha256").update(inline).digest("base64");
    const scripts = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
    expect(scripts).toBe(`'self' 'sha256-${hash}'`);
    expect(policy).toMatch(/(^|; )style-src 'self'(;|$)/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-hashes/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/base-uri 'self'/);
    expect(policy).toMatch(/frame-ancestors 'none'$/);
  });

  it("a page carries its policy as the last element of <head>, and a script in <head> stops the build", () => {
    const html = page("Policy");
    expect(html).toMatch(/<title>Policy<\/title><meta http-equiv="Content-Security-Policy" content="[^"]+"\/><\/head>/);
    expect(() => withPolicy("<html><head><script>1</script></head><body></body></html>")).toThrow(/A script in <head>/);
  });

  it("a style attribute or a <style> element in a page stops the build; text, scripts and other attributes do not", () => {
    const body = (markup: string) => `<html><head><title>t</title></head><body>${markup}</body></html>`;
    expect(inlineStyles(body(`<ul><li class="a" style="animation-delay:0s">x</li></ul>`))).toEqual([
      `<li style="animation-delay:0s"`,
    ]);
    expect(inlineStyles(body(`<svg><style>rect{fill:red}</style></svg><p STYLE="">y</p>`))).toEqual([
      "<style>",
      `<p style=""`,
    ]);
    expect(() => withPolicy(body(`<div style="width:50%"></div>`))).toThrow(/Inline styles the policy refuses/);
    const harmless = body(
      `<p data-style="a" title="a style b" alt="x style=&quot;y&quot;">style="z" &lt;b style=&quot;c&quot;&gt;</p>` +
        `<script>const html = '<i style="x">';</script>`,
    );
    expect(inlineStyles(harmless)).toEqual([]);
    expect(() => withPolicy(harmless)).not.toThrow();
  });

  it("a stage page admits its streams' players as frames and their HLS hosts; no other page admits any", async () => {
    const policy = String((await app.inject("/live")).headers["content-security-policy"]);
    expect(policy).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/);
    expect(policy).toMatch(/media-src 'self' blob: https:\/\/hls\.example\.org(;|$)/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/hls\.example\.org(;|$)/);
    expect(policy).toMatch(/frame-ancestors 'none'$/);
    for (const url of ["/", "/countdown", "/nowhere"]) {
      const other = String((await app.inject(url)).headers["content-security-policy"]);
      expect(other, url).not.toMatch(/frame-src|media-src/);
      expect(other, url).toMatch(/connect-src 'self';/);
    }
  });

  it("a stage with HLS streams only admits no frame at all", () => {
    expect(page("Live", { frame: [], media: ["https://hls.example.org"] })).not.toMatch(/frame-src/);
  });

  it("the stream screens may be framed by any site; other pages by none", async () => {
    for (const url of ["/countdown", "/brb"]) {
      expect((await app.inject(url)).headers["content-security-policy"]).toMatch(/frame-ancestors \*$/);
    }
    expect((await app.inject("/nowhere")).headers["content-security-policy"]).toMatch(/frame-ancestors 'none'$/);
  });

  it("the schedule export may be read from any site's scripts, with a 304 too; nothing else may", async () => {
    for (const url of ["/schedule.json", "/schedule.xml"]) {
      const response = await app.inject(url);
      expect(response.headers["access-control-allow-origin"], url).toBe("*");
      const etag = String(response.headers.etag);
      const again = await app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers["access-control-allow-origin"], url).toBe("*");
    }
    for (const url of ["/", "/sitemap.xml", "/favicon.svg", "/nowhere", "/api/demos"]) {
      expect((await app.inject(url)).headers["access-control-allow-origin"], url).toBeUndefined();
    }
  });

  it("HSTS is sent only when the server is told it runs behind HTTPS", async () => {
    expect((await behindHttps.inject("/")).headers["strict-transport-security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect((await behindHttps.inject("/api/health")).headers["strict-transport-security"]).toBeDefined();
  });
});
