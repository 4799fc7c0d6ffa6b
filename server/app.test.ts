import { selectedEditionId } from "../content/editions";
import { loadEdition } from "../content/load-edition";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { serviceWorkerPolicy } from "./security-headers";
import { openSqliteStore } from "./store/sqlite";
import type { VoteStore } from "./store";
import { testEdition } from "./test-support/databases";

const { edition } = loadEdition(selectedEditionId());

/** A small built site on disk, shaped as `react-router build` and the postbuild step leave it. */
const pages: Record<string, string> = {
  "index.html": "<!doctype html><title>Home</title>" + "home ".repeat(200),
  "agenda/index.html": "<!doctype html><title>Agenda</title>" + "agenda ".repeat(200),
  "speakers/known/index.html": "<!doctype html><title>Known speaker</title>",
  "404/index.html": "<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>",
  "assets/entry-Ab12Cd34.js": "console.log('app');".repeat(100),
  "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  "sitemap.xml": "<urlset/>",
  "sw.js": "self.addEventListener('fetch', () => {});",
  "manifest.webmanifest": '{"name":"Test"}',
};
const compressed = new Set(["index.html", "agenda/index.html", "assets/entry-Ab12Cd34.js"]);

let dir: string;
let store: VoteStore;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "glosaic-site-"));
  for (const [name, body] of Object.entries(pages)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    if (compressed.has(name)) {
      await writeFile(`${file}.br`, brotliCompressSync(body));
      await writeFile(`${file}.gz`, gzipSync(body));
    }
  }
  store = await openSqliteStore(":memory:", testEdition);
  app = await buildApp({ clientDir: dir, edition, store });
});

afterAll(async () => {
  await app.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("Serving the built site", () => {
  it("serves / and /agenda as their prerendered HTML, revalidated on every visit", async () => {
    for (const [url, title] of [
      ["/", "Home"],
      ["/agenda", "Agenda"],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain(`<title>${title}</title>`);
    }
  });

  it("caches hashed assets for a year and other files for an hour", async () => {
    const asset = await get("/assets/entry-Ab12Cd34.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await get("/favicon.svg");
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await get("/sitemap.xml")).headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect((await get("/manifest.webmanifest")).headers["content-type"]).toBe("application/manifest+json");
  });

  it("has the service worker asked again on every visit: it is how an open page learns of a new build", async () => {
    const worker = await get("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    // Its policy governs what it fetches: the site's own files, and nothing else.
    expect(worker.headers["content-security-policy"]).toBe(serviceWorkerPolicy);
    expect(serviceWorkerPolicy).toContain("connect-src 'self'");
  });

  it("serves a page whatever its query, as the service worker asks for it to keep it", async () => {
    const response = await get("/agenda?__WB_REVISION__=0123abcd");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Agenda</title>");
  });

  it("answers an unknown path with a 404 status and the not-found page", async () => {
    for (const url of ["/nowhere", "/a/b/c", "/404", "/nowhere?x=1"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("404 Page Not Found");
    }
  });

  it("redirects /about to /agenda permanently", async () => {
    const response = await get("/about");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/agenda");
  });

  it("sends an unknown speaker or room to /404, and serves a known one", async () => {
    for (const url of ["/speakers/nobody", "/speakers/nobody/", "/live/nowhere"]) {
      const unknown = await get(url);
      expect(unknown.statusCode, url).toBe(302);
      expect(unknown.headers.location, url).toBe("/404");
    }
    expect((await get("/speakers/known")).statusCode).toBe(200);
    // Deeper, or outside the folders of one route: the not-found page itself.
    expect((await get("/speakers/nobody/else")).statusCode).toBe(404);
    expect((await get("/nowhere")).statusCode).toBe(404);
  });

  it("redirects a trailing slash to the page's one address", async () => {
    const response = await get("/agenda/");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/agenda");
  });

  it("cannot be walked out of the built site", async () => {
    for (const url of ["/../package.json", "/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fpackage.json"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('"name"');
    }
  });

  it("answers a URL that cannot be decoded with a JSON 400", async () => {
    const response = await get("/agenda%");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Malformed URL" });
  });

  it("answers HEAD without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/agenda" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await get("/agenda");
    const again = await get("/agenda", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("refuses to change pages", async () => {
    const response = await app.inject({ method: "POST", url: "/agenda", payload: "x" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(response.json()).toEqual({ error: "POST is not allowed here" });
  });
});

describe("Compression negotiation", () => {
  const body = pages["agenda/index.html"];

  it("prefers brotli when the browser accepts it", async () => {
    const response = await get("/agenda", { "accept-encoding": "gzip, deflate, br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(body);
  });

  it("falls back to gzip, and to the plain file", async () => {
    const gzipped = await get("/agenda", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(body);
    const plain = await get("/agenda");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it("honours q-values, including a refusal of brotli", async () => {
    const response = await get("/agenda", { "accept-encoding": "br;q=0, gzip;q=0.5" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    const none = await get("/agenda", { "accept-encoding": "identity" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    const any = await get("/agenda", { "accept-encoding": "*" });
    expect(any.headers["content-encoding"]).toBe("br");
  });

  it("sends files it holds no variant of as they are", async () => {
    const response = await get("/favicon.svg", { "accept-encoding": "br, gzip" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(pages["favicon.svg"]);
  });
});

describe("The API", () => {
  it("reports health", async () => {
    const response = await get("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown API route with a JSON 404", async () => {
    const response = await get("/api/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "No API route for GET /api/nothing-here" });
  });
});

describe("Start-up", () => {
  it("refuses a directory without a built site, saying what to do", async () => {
    await expect(buildApp({ clientDir: path.join(dir, "missing"), edition, store })).rejects.toThrow(
      /No built site in .*missing: run `npm run build` first/,
    );
  });
});
