import { selectedEditionId } from "../content/editions";
import { loadEdition } from "../content/load-edition";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overlayPaths } from "../app/lib/overlay";
import { voteAsPage } from "./test-support/app-harness";
import { withPolicy } from "./content-security-policy";
import { buildApp } from "./app";
import { openSqliteStore } from "./store/sqlite";
import type { VoteStore } from "./store";
import { testEdition } from "./test-support/databases";
import * as m from "../app/i18n/messages";

const { edition } = loadEdition(selectedEditionId());

const page = (title: string) =>
  withPolicy(`<!doctype html><html><head><title>${title}</title></head><body><script>1</script></body></html>`);
const files: Record<string, string> = {
  "index.html": page("Home") + "home ".repeat(200),
  "agenda/index.html": page("Agenda") + "agenda ".repeat(200),
  "countdown/index.html": page("Countdown"),
  [`${overlayPaths.question.slice(1)}/index.html`]: page("Question overlay"),
  "404/index.html": page("404 Page Not Found"),
  "assets/entry-Ab12Cd34.js": "console.log('app');".repeat(100),
  "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  // Files the server reads when asked rather than holds (heldInMemory): a page's data, a calendar file, a share card.
  "agenda.data": '[{"_1":2},"loaderData"]'.repeat(40),
  "calendar/talk.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".repeat(30),
  "og/talks/talk.png": "PNG pixels",
};
const compressed = ["index.html", "agenda/index.html", "assets/entry-Ab12Cd34.js", "agenda.data", "calendar/talk.ics"];

let dir: string;
let store: VoteStore;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "glosaic-fast-"));
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    if (compressed.includes(name)) {
      await writeFile(`${file}.br`, brotliCompressSync(body));
      await writeFile(`${file}.gz`, gzipSync(body));
    }
  }
  store = await openSqliteStore(":memory:", testEdition);
  app = await buildApp({
    clientDir: dir,
    edition,
    store,
    hsts: true,
    limits: { votes: 100, reads: 8 },
    votingWindow: { opens: new Date(Date.now() - 60_000), closes: new Date(Date.now() + 3_600_000) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real request over the socket, through the server factory. */
function overTheWire(method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("base64") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The headers that the connection, not the response, decides. */
const withoutConnectionHeaders = (headers: Record<string, unknown>, also: string[] = []) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !["date", "connection", "keep-alive", ...also].includes(name)),
  );

// Pages and files are answered by one function (answerSite), from Fastify's catch-all route. These prove that a
// connection and inject() get the same bytes.
describe("The site on a connection", () => {
  const requests: [string, string, Record<string, string>][] = [];
  for (const url of ["/", "/index.html", "/agenda", "/agenda?from=nav", "/countdown", "/assets/entry-Ab12Cd34.js"]) {
    for (const acceptEncoding of ["gzip, br", "gzip", "br;q=0, gzip;q=0", "*", ""]) {
      requests.push(["GET", url, acceptEncoding ? { "accept-encoding": acceptEncoding } : {}]);
    }
    requests.push(["HEAD", url, { "accept-encoding": "gzip, br" }]);
  }
  requests.push(["GET", "/favicon.svg", {}], ["GET", "/404/index.html", {}]);
  for (const url of ["/agenda.data", "/calendar/talk.ics", "/og/talks/talk.png"]) {
    for (const acceptEncoding of ["gzip, br", "gzip", ""]) {
      requests.push(["GET", url, acceptEncoding ? { "accept-encoding": acceptEncoding } : {}]);
    }
    requests.push(["HEAD", url, { "accept-encoding": "gzip, br" }]);
  }
  // Redirects, the not-found page, and what is not the site's: the API, other methods.
  for (const url of ["/agenda/", "/about", "/nowhere", "/404", "/api", "/api/health", "/api/nowhere"]) {
    requests.push(["GET", url, { "accept-encoding": "gzip, br" }]);
  }
  requests.push(["POST", "/", {}], ["DELETE", "/agenda", {}], ["OPTIONS", "/", {}]);

  it("answers every request byte for byte as through inject, security headers included", async () => {
    for (const [method, url, headers] of requests) {
      const label = `${method} ${url} ${JSON.stringify(headers)}`;
      const wire = await overTheWire(method, url, headers);
      const reference = await app.inject({ method: method as "GET", url, headers });
      expect(wire.status, label).toBe(reference.statusCode);
      expect(withoutConnectionHeaders(wire.headers), label).toEqual(withoutConnectionHeaders(reference.headers));
      expect(wire.body, label).toBe(reference.rawPayload.toString("base64"));
      expect(wire.headers["x-content-type-options"], label).toBe("nosniff");
      expect(wire.headers["strict-transport-security"], label).toBeDefined();
    }
  });

  it("answers a matching If-None-Match with 304 and no body, but never for the not-found page", async () => {
    const { headers } = await overTheWire("GET", "/agenda", {});
    const etag = headers.etag!;
    for (const [url, sent, status] of [
      ["/agenda", etag, 304],
      ["/agenda", '"stale"', 200],
      ["/nowhere", etag, 404],
    ] as const) {
      const wire = await overTheWire("GET", url, { "if-none-match": sent, "accept-encoding": "gzip, br" });
      const reference = await app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": sent, "accept-encoding": "gzip, br" },
      });
      expect(wire.status, url).toBe(status);
      expect(reference.statusCode, url).toBe(status);
      expect(withoutConnectionHeaders(wire.headers)).toEqual(withoutConnectionHeaders(reference.headers));
      expect(wire.body).toBe(reference.rawPayload.toString("base64"));
    }
  });

  it("gives the stream's overlay pages a policy that lets any site frame them, and no other page", async () => {
    for (const path of ["/countdown", overlayPaths.question]) {
      expect((await overTheWire("GET", path, {})).headers["content-security-policy"], path).toMatch(
        /frame-ancestors \*$/,
      );
    }
    expect((await overTheWire("GET", "/agenda", {})).headers["content-security-policy"]).toMatch(
      /frame-ancestors 'none'$/,
    );
  });
});

describe("Files read when asked", () => {
  it("are answered as held files are: their type, caching, variants, ETag and 304, read from the built site", async () => {
    const held = await overTheWire("GET", "/favicon.svg", {});
    for (const [url, type] of [
      ["/agenda.data", "application/octet-stream"],
      ["/calendar/talk.ics", "text/calendar; charset=utf-8"],
      ["/og/talks/talk.png", "image/png"],
    ] as const) {
      const plain = await overTheWire("GET", url, {});
      expect(plain.status, url).toBe(200);
      expect(Buffer.from(plain.body, "base64").toString("latin1"), url).toBe(files[url.slice(1)]);
      expect(plain.headers["content-type"], url).toBe(type);
      expect(plain.headers["cache-control"], url).toBe(held.headers["cache-control"]);
      expect(plain.headers["x-content-type-options"], url).toBe("nosniff");
      const etag = plain.headers.etag!;
      expect(etag, url).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect((await overTheWire("GET", url, { "if-none-match": etag })).status, url).toBe(304);
      const name = url.slice(1);
      if (compressed.includes(name)) {
        const br = await overTheWire("GET", url, { "accept-encoding": "br" });
        expect(br.headers["content-encoding"], url).toBe("br");
        expect(br.headers.vary, url).toBe("Accept-Encoding");
        expect(brotliDecompressSync(Buffer.from(br.body, "base64")).toString("latin1"), url).toBe(files[name]);
      }
    }
  });

  it("are read from the disk on each request, not kept: a file gone since the start is a 503 to retry, never a 500", async () => {
    const card = path.join(dir, "og/talks/talk.png");
    await writeFile(card, "PNG drawn again");
    const changed = await overTheWire("GET", "/og/talks/talk.png", {});
    expect(Buffer.from(changed.body, "base64").toString("latin1")).toBe("PNG drawn again");
    await rm(card);
    const gone = await overTheWire("GET", "/og/talks/talk.png", {});
    expect(gone.status).toBe(503);
    expect(gone.headers["retry-after"]).toBe("10");
    expect(gone.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(gone.body, "base64").toString("utf8")).toBe(m.siteUpdating);
    // What the server holds stays as it was.
    expect((await overTheWire("GET", "/favicon.svg", {})).status).toBe(200);
  });
});

describe("The demo listing on a connection", () => {
  it("answers as the Fastify route does, counts against the same read limit, and shows a vote at once", async () => {
    const listing = () => overTheWire("GET", "/api/demos", { "accept-encoding": "gzip, br" });
    // The first request makes the cached listing; the next ones are answered from it.
    const first = await listing();
    const second = await listing();
    const reference = await app.inject({ method: "GET", url: "/api/demos", remoteAddress: "203.0.113.7" });
    // The count left differs: the reference came from another address. Each was issued a voter of its own.
    const remaining = second.headers["x-ratelimit-remaining"];
    expect(withoutConnectionHeaders(second.headers, ["x-ratelimit-remaining", "set-cookie"])).toEqual(
      withoutConnectionHeaders(reference.headers, ["x-ratelimit-remaining", "set-cookie"]),
    );
    expect(second.body).toBe(reference.rawPayload.toString("base64"));
    expect([first.headers["x-ratelimit-remaining"], remaining]).toEqual(["7", "6"]);

    // A vote through this server shows in the very next listing.
    const before = JSON.parse(Buffer.from(second.body, "base64").toString()) as { id: string; votes: number }[];
    // From another address, whose reads do not count against this one's.
    const vote = await voteAsPage(app, "demo-1", { remoteAddress: "203.0.113.8" });
    expect(vote.statusCode).toBe(201);
    const after = JSON.parse(Buffer.from((await listing()).body, "base64").toString()) as typeof before;
    expect(after.find((demo) => demo.id === "demo-1")!.votes).toBe(
      before.find((demo) => demo.id === "demo-1")!.votes + 1,
    );
    expect(vote.voter).toBeDefined();

    // Other read routes share the budget: 8 reads a minute, 3 spent on the listing, 1 here.
    expect((await overTheWire("GET", "/api/voting")).headers["x-ratelimit-remaining"]).toBe("4");
    for (let index = 0; index < 4; index++) expect((await listing()).status).toBe(200);
    const limited = await listing();
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(Buffer.from(limited.body, "base64").toString())).toEqual({
      error: m.apiRateLimited({ seconds: Number(limited.headers["retry-after"]) }),
    });
  });
});
