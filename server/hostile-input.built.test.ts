import { voterIssued } from "../common/api-contract";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edition } from "../content";
import { sessionQuestionsUrl, takesQuestions, upvoteUrl } from "../common/question-contract";
import { rawRequest, type RawResponse } from "./test-support/raw-http";
import {
  apiCounts,
  request,
  startServer,
  stopServer,
  votingOpenEnv,
  type ServerProcess,
} from "./test-support/server-process";

/**
 * Malformed and hostile requests, sent as raw bytes to the real server (`npm start` on the real build), so that
 * no HTTP client cleans them up first. Each must get the exact 4xx it deserves, with the security headers and, for
 * the API and for errors the server writes itself, a JSON body; none may write a vote, hang, or take the server
 * down. Voting is open, so a request that got through would count.
 */
const port = 4631;
const host = `Host: localhost:${port}\r\n`;
const close = "Connection: close\r\n";

const get = (target: string, headers = "") => `GET ${target} HTTP/1.1\r\n${host}${close}${headers}\r\n`;
const send = (method: string, target: string, headers = "") =>
  `${method} ${target} HTTP/1.1\r\n${host}${close}${headers}\r\n`;
/** A vote with the given headers and body (Content-Length added unless the headers frame the body themselves). */
const vote = (id: string, headers = "", body = "") => {
  const framing = /content-length|transfer-encoding/i.test(headers)
    ? ""
    : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  return `POST /api/demos/${id}/vote HTTP/1.1\r\n${host}${close}${headers}${framing}\r\n${body}`;
};
const json = "Content-Type: application/json\r\n";
const form = "Content-Type: application/x-www-form-urlencoded\r\n";
const sameSite = `Origin: http://localhost:${port}\r\n`;
const forgedCookie = "Cookie: glosaic_voter=6f1c2a8e-7a3b-4c1d-9e2f-0a1b2c3d4e5f.Zm9yZ2VkLXNpZ25hdHVyZQ\r\n";

interface Row {
  name: string;
  request: string | Buffer;
  status: number;
  /** The body must be JSON with an "error": everything under /api, and what the server answers before routing. */
  json: boolean;
  /** The body is the refusal as text: the answer to a form, which a page without script shows as it is. */
  text?: boolean;
  /** Headers the answer must also carry. */
  headers?: Record<string, string>;
  /**
   * A write from this site's page without a voter cookie: refused, never counted, and issued the cookie the page
   * sends it again with (decision 083). Every other answer issues none.
   */
  issuesVoter?: boolean;
}

const kb = (n: number) => "a".repeat(n * 1024);

/** A session of the served edition that takes questions: QUESTIONS_OPENS/CLOSES below keep it open. */
const questionSession = edition.agenda.find((slot) => takesQuestions(slot.type, edition.event.questions));
if (!questionSession) throw new Error("the hostile questions need a session that takes questions");
/** A question with the given headers and body, as `vote` does for votes. */
const ask = (headers = "", body = "", session = questionSession.id) => {
  const framing = /content-length|transfer-encoding/i.test(headers)
    ? ""
    : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  return `POST ${sessionQuestionsUrl(session)} HTTP/1.1\r\n${host}${close}${headers}${framing}\r\n${body}`;
};
/** JSON in ASCII (non-ASCII as \\u escapes): the raw requests are written byte for byte as Latin-1. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
const questionsOpenEnv = { QUESTIONS_OPENS: "2020-01-01T00:00:00Z", QUESTIONS_CLOSES: "2099-01-01T00:00:00Z" };

const table: Row[] = [
  // Path traversal in static paths: the site is served from memory by URL path, so none can reach a file.
  { name: "plain ../ traversal", request: get("/../../../etc/passwd"), status: 404, json: false },
  { name: "traversal from /assets", request: get("/assets/../../server/index.ts"), status: 404, json: false },
  { name: "encoded dots %2e%2e", request: get("/%2e%2e/%2e%2e/etc/passwd"), status: 404, json: false },
  { name: "encoded dots and slashes", request: get("/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd"), status: 404, json: false },
  { name: "encoded slashes after /assets", request: get("/assets/..%2f..%2fpackage.json"), status: 404, json: false },
  { name: "double-encoded traversal", request: get("/%252e%252e/%252e%252e/etc/passwd"), status: 404, json: false },
  { name: "backslash traversal", request: get("/..%5c..%5cpackage.json"), status: 404, json: false },
  { name: "overlong UTF-8 dots", request: get("/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd"), status: 400, json: true },
  { name: "dot-dot-slash doubled", request: get("/....//....//etc/passwd"), status: 404, json: false },
  { name: "leading double slash", request: get("//etc/passwd"), status: 404, json: false },
  { name: "dotfile .env", request: get("/.env"), status: 404, json: false },
  { name: "dotfile .git/config", request: get("/.git/config"), status: 404, json: false },
  { name: "null byte before an extension", request: get("/index.html%00.js"), status: 404, json: false },
  { name: "null byte alone", request: get("/%00"), status: 404, json: false },
  { name: "source map probe", request: get("/server/index.ts"), status: 404, json: false },
  { name: "percent sign that decodes to nothing", request: get("/%ZZ"), status: 400, json: true },
  { name: "truncated percent escape", request: get("/api/demos/demo-1%/has-voted"), status: 400, json: true },

  // Encoded slashes and null bytes in the API.
  { name: "API traversal", request: get("/api/../package.json"), status: 404, json: true },
  { name: "API encoded traversal", request: get("/api/%2e%2e/%2e%2e/package.json"), status: 404, json: true },
  { name: "encoded slash splitting a route", request: get("/api/demos/demo-1%2fhas-voted"), status: 404, json: true },
  {
    name: "encoded slash in an id",
    request: get("/api/demos/demo-1%2f..%2fdemo-2/has-voted"),
    status: 400,
    json: true,
  },
  { name: "null byte in a vote's id", request: vote("demo-1%00", sameSite), status: 400, json: true },
  { name: "null byte as an id", request: get("/api/demos/%00/has-voted"), status: 400, json: true },
  { name: "invalid UTF-8 in an id", request: get("/api/demos/%E0%A4%A/has-voted"), status: 400, json: true },

  // Very long URLs and headers.
  { name: "100 KB URL", request: get(`/${kb(100)}`), status: 431, json: true },
  { name: "100 KB API URL", request: get(`/api/demos/${kb(100)}`), status: 431, json: true },
  { name: "10 KB URL under the header limit", request: get(`/${kb(10)}`), status: 404, json: false },
  {
    name: "id too long for the router",
    request: get(`/api/demos/demo-${"9".repeat(5000)}/has-voted`),
    status: 404,
    json: true,
  },
  { name: "20 KB header", request: get("/", `X-Filler: ${kb(20)}\r\n`), status: 431, json: true },
  {
    name: "300 headers",
    request: get("/", Array.from({ length: 300 }, (_, i) => `X-H${i}: ${"v".repeat(60)}\r\n`).join("")),
    status: 431,
    json: true,
  },
  {
    name: "20 KB cookie on a vote",
    request: vote("demo-1", `${sameSite}Cookie: glosaic_voter=${kb(20)}\r\n`),
    status: 431,
    json: true,
  },

  // Oversized and badly framed bodies.
  {
    name: "5 MB body announced",
    request: vote("demo-1", `${sameSite}${json}Content-Length: 5000000\r\n`, `{"a":"${kb(1)}`),
    status: 413,
    json: true,
  },
  {
    name: "2 KB JSON body on a vote",
    request: vote("demo-1", `${sameSite}${json}`, JSON.stringify({ pad: kb(2) })),
    status: 413,
    json: true,
  },
  {
    name: "2 KB chunked body on a vote",
    request: vote(
      "demo-1",
      `${sameSite}${json}Transfer-Encoding: chunked\r\n`,
      `800\r\n{"a":"${"a".repeat(2040)}"}\r\n0\r\n\r\n`,
    ),
    status: 413,
    json: true,
  },
  {
    name: "negative Content-Length",
    request: vote("demo-1", `${sameSite}${json}Content-Length: -1\r\n`, "{}"),
    status: 400,
    json: true,
  },
  {
    name: "non-numeric Content-Length",
    request: vote("demo-1", `${sameSite}${json}Content-Length: abc\r\n`, "{}"),
    status: 400,
    json: true,
  },
  {
    name: "two different Content-Lengths",
    request: vote("demo-1", `${sameSite}${json}Content-Length: 2\r\nContent-Length: 3\r\n`, "{}"),
    status: 400,
    json: true,
  },
  {
    name: "Content-Length with Transfer-Encoding (smuggling)",
    request: vote("demo-1", `${sameSite}${json}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n`, "0\r\n\r\n"),
    status: 400,
    json: true,
  },
  {
    name: "chunked not last in Transfer-Encoding",
    request: vote("demo-1", `${sameSite}${json}Transfer-Encoding: chunked, identity\r\n`, "0\r\n\r\n"),
    status: 400,
    json: true,
  },

  // Wrong content types and invalid JSON on votes.
  {
    name: "text/plain vote (a cross-site form can send it)",
    request: vote("demo-1", `${sameSite}Content-Type: text/plain\r\n`, "vote"),
    status: 415,
    json: true,
  },
  // Forms: a page without script votes and asks with them (decision 060); a malformed or cross-site one counts nothing.
  {
    name: "form-encoded vote with an escape that is no text",
    request: vote("demo-1", `${sameSite}${form}`, "note=%ff"),
    status: 400,
    json: false,
    text: true,
  },
  {
    name: "form-encoded vote with a field given twice",
    request: vote("demo-1", `${sameSite}${form}`, "id=demo-1&id=demo-2"),
    status: 400,
    json: false,
    text: true,
  },
  {
    name: "form-encoded vote from another site",
    request: vote("demo-1", `Origin: https://evil.example\r\n${form}`, ""),
    status: 403,
    json: false,
    text: true,
  },
  {
    name: "form-encoded question of 20 KB",
    request: ask(`${sameSite}${form}`, `text=${kb(20)}`),
    status: 413,
    json: false,
    text: true,
  },
  {
    name: "multipart vote",
    request: vote("demo-1", `${sameSite}Content-Type: multipart/form-data; boundary=x\r\n`, "--x--\r\n"),
    status: 415,
    json: true,
  },
  {
    name: "XML vote",
    request: vote("demo-1", `${sameSite}Content-Type: application/xml\r\n`, "<vote/>"),
    status: 415,
    json: true,
  },
  { name: "body without a content type", request: vote("demo-1", sameSite, "vote"), status: 415, json: true },
  { name: "invalid JSON", request: vote("demo-1", `${sameSite}${json}`, "{"), status: 400, json: true },
  {
    name: "JSON prototype poisoning",
    request: vote("demo-1", `${sameSite}${json}`, '{"__proto__":{"admin":true}}'),
    status: 400,
    json: true,
  },
  { name: "empty JSON body", request: vote("demo-1", `${sameSite}${json}`, ""), status: 400, json: true },

  // Unicode and SQL-looking ids.
  { name: "SQL injection id", request: vote("'%20OR%201%3D1%20--", sameSite), status: 400, json: true },
  { name: "stacked query id", request: vote("demo-1;DROP%20TABLE%20votes", sameSite), status: 400, json: true },
  {
    name: "SQL in a has-voted id",
    request: get("/api/demos/demo-1'%20OR%20'1'%3D'1/has-voted"),
    status: 400,
    json: true,
  },
  { name: "emoji id", request: get("/api/demos/%F0%9F%92%A9/has-voted"), status: 400, json: true },
  { name: "accented id", request: vote("d%C3%A9mo-1", sameSite), status: 400, json: true },
  { name: "full-width digit id", request: vote("demo-%EF%BC%91", sameSite), status: 400, json: true },
  { name: "upper-case id", request: vote("DEMO-1", sameSite), status: 400, json: true },
  { name: "unknown demo", request: vote("demo-99", sameSite), status: 404, json: true },
  {
    name: "raw UTF-8 bytes in the path",
    request: Buffer.concat([
      Buffer.from("GET /api/demos/"),
      Buffer.from("démo", "utf8"),
      Buffer.from(`/has-voted HTTP/1.1\r\n${host}${close}\r\n`),
    ]),
    status: 400,
    json: true,
  },

  // Unknown and unwanted methods.
  {
    name: "PROPFIND on the API",
    request: send("PROPFIND", "/api/demos"),
    status: 405,
    json: true,
    headers: { allow: "GET, HEAD" },
  },
  {
    name: "PROPFIND on a page",
    request: send("PROPFIND", "/"),
    status: 405,
    json: true,
    headers: { allow: "GET, HEAD" },
  },
  { name: "CONNECT", request: `CONNECT localhost:443 HTTP/1.1\r\n${host}\r\n`, status: 405, json: true },
  { name: "TRACE on a page", request: send("TRACE", "/"), status: 405, json: true },
  { name: "TRACE on the API", request: send("TRACE", "/api/demos"), status: 405, json: true },
  {
    name: "DELETE a vote",
    request: send("DELETE", "/api/demos/demo-1/vote"),
    status: 405,
    json: true,
    headers: { allow: "POST" },
  },
  { name: "PUT a page", request: send("PUT", "/index.html", "Content-Length: 0\r\n"), status: 405, json: true },
  {
    name: "GET on the vote route",
    request: get("/api/demos/demo-1/vote"),
    status: 405,
    json: true,
    headers: { allow: "POST" },
  },
  {
    name: "CORS preflight from another site",
    request: send(
      "OPTIONS",
      "/api/demos/demo-1/vote",
      "Origin: https://evil.example\r\nAccess-Control-Request-Method: POST\r\n",
    ),
    status: 405,
    json: true,
  },
  {
    name: "PURGE, a method Fastify does not route",
    request: send("PURGE", "/api/health"),
    status: 405,
    json: true,
    headers: { allow: "GET, HEAD" },
  },
  { name: "method Node cannot parse", request: send("FOO", "/"), status: 400, json: true },
  { name: "lower-case method", request: send("get", "/"), status: 400, json: true },

  // Forged origins and voter cookies.
  {
    name: "vote from another site",
    request: vote("demo-1", "Origin: https://evil.example\r\n"),
    status: 403,
    json: true,
  },
  { name: "vote from a sandboxed frame", request: vote("demo-1", "Origin: null\r\n"), status: 403, json: true },
  {
    name: "vote from a look-alike host",
    request: vote("demo-1", `Origin: http://localhost.evil.example:${port}\r\n`),
    status: 403,
    json: true,
  },
  {
    name: "vote from a domain pointed at this server (DNS rebinding: Host and Origin agree)",
    request: `POST /api/demos/demo-1/vote HTTP/1.1\r\nHost: rebound.example:${port}\r\n${close}Origin: http://rebound.example:${port}\r\nContent-Length: 0\r\n\r\n`,
    status: 403,
    json: true,
  },
  {
    name: "vote from this site's address over the other scheme",
    request: vote("demo-1", `Origin: https://localhost:${port}\r\n`),
    status: 403,
    json: true,
  },
  {
    name: "vote from this site's page without a voter cookie",
    request: vote("demo-1", sameSite),
    status: 403,
    json: true,
    issuesVoter: true,
  },
  {
    name: "vote from this site's page with a forged voter cookie",
    request: vote("demo-1", `${sameSite}${forgedCookie}`),
    status: 403,
    json: true,
    issuesVoter: true,
  },
  {
    name: "vote with Sec-Fetch-Site cross-site",
    request: vote("demo-1", "Sec-Fetch-Site: cross-site\r\n"),
    status: 403,
    json: true,
  },
  {
    name: "forged voter cookie from another site",
    request: vote("demo-1", `Origin: https://evil.example\r\n${forgedCookie}`),
    status: 403,
    json: true,
  },
  {
    name: "forged voter cookie on a malformed id",
    request: get("/api/demos/demo-x/has-voted", forgedCookie),
    status: 400,
    json: true,
  },
  {
    name: "cookie with a control character",
    request: vote("demo-1", `${sameSite}Cookie: glosaic_voter=a\u0001b\r\n`),
    status: 400,
    json: true,
  },

  // Header injection and malformed framing.
  {
    name: "bare CR in a header value",
    request: get("/", "X-A: a\rSet-Cookie: injected=1\r\n"),
    status: 400,
    json: true,
  },
  { name: "bare LF between headers", request: get("/", "X-A: a\nSet-Cookie: injected=1\r\n"), status: 400, json: true },
  { name: "NUL in a header value", request: get("/", "X-A: a\u0000b\r\n"), status: 400, json: true },
  { name: "space in a header name", request: get("/", "X A: b\r\n"), status: 400, json: true },
  { name: "obsolete line folding", request: get("/", "X-A: a\r\n folded\r\n"), status: 400, json: true },
  {
    name: "CRLF injected into the request line",
    request: `GET /\r\nSet-Cookie: x HTTP/1.1\r\n${host}\r\n`,
    status: 400,
    json: true,
  },

  // HTTP versions and Host.
  { name: "HTTP/1.1 without Host", request: `GET / HTTP/1.1\r\n${close}\r\n`, status: 400, json: true },
  {
    name: "HTTP/1.0 vote without Host or voter cookie (its Origin is checked against the server's own)",
    request: `POST /api/demos/demo-1/vote HTTP/1.0\r\n${sameSite}Content-Length: 0\r\n\r\n`,
    status: 403,
    json: true,
    issuesVoter: true,
  },
  {
    name: "HTTP/1.0 unknown API route without Host",
    request: "GET /api/admin HTTP/1.0\r\n\r\n",
    status: 404,
    json: true,
  },
  { name: "HTTP/0.9 request line", request: "GET /\r\n\r\n", status: 400, json: true },
  { name: "HTTP/9.9", request: `GET / HTTP/9.9\r\n${host}\r\n`, status: 400, json: true },

  // Audience questions (issue 29): what a question may not hold, where it may not come from, what it may not reach.
  {
    name: "question with a right-to-left override",
    request: ask(`${sameSite}${json}`, asciiJson({ text: "invoice\u202egpj.exe" })),
    status: 400,
    json: true,
  },
  {
    name: "question with an escape sequence",
    request: ask(`${sameSite}${json}`, asciiJson({ text: "red \u001b[31m alert" })),
    status: 400,
    json: true,
  },
  {
    name: "name of invisible fillers",
    request: ask(`${sameSite}${json}`, asciiJson({ text: "Hello?", name: "\u3164\u3164\u3164" })),
    status: 400,
    json: true,
  },
  {
    name: "question as a number",
    request: ask(`${sameSite}${json}`, JSON.stringify({ text: 1e308 })),
    status: 400,
    json: true,
  },
  {
    name: "question of 281 characters",
    request: ask(`${sameSite}${json}`, JSON.stringify({ text: "q".repeat(281) })),
    status: 400,
    json: true,
  },
  {
    name: "question with a prototype-poisoning body",
    request: ask(`${sameSite}${json}`, '{"text":"hi","__proto__":{"status":"approved"}}'),
    status: 400,
    json: true,
  },
  {
    name: "question with a header-injecting Idempotency-Key",
    request: ask(`${sameSite}${json}Idempotency-Key: a b c\r\n`, JSON.stringify({ text: "Hello?" })),
    status: 400,
    json: true,
  },
  {
    name: "20 KB question body",
    request: ask(`${sameSite}${json}`, JSON.stringify({ text: kb(20) })),
    status: 413,
    json: true,
  },
  {
    name: "text/plain question (a cross-site form can send it)",
    request: ask(`${sameSite}Content-Type: text/plain\r\n`, "text=hi"),
    status: 415,
    json: true,
  },
  {
    name: "question from another site",
    request: ask(`Origin: https://evil.example\r\n${json}`, JSON.stringify({ text: "Hello?" })),
    status: 403,
    json: true,
  },
  {
    name: "question to a session that does not exist",
    request: ask(`${sameSite}${json}`, JSON.stringify({ text: "Hello?" }), "no-such-session"),
    status: 404,
    json: true,
  },
  {
    name: "question to a traversing session id",
    request: ask(`${sameSite}${json}`, JSON.stringify({ text: "Hello?" }), "..%2f..%2fadmin"),
    status: 404,
    json: true,
  },
  {
    name: "upvote of a question id with SQL",
    request: send("POST", upvoteUrl("1'%20OR%20'1'%3D'1"), `${sameSite}Content-Length: 0\r\n`),
    status: 404,
    json: true,
  },
  {
    name: "upvote of a question that does not exist",
    request: send("POST", upvoteUrl("00000000-0000-4000-8000-000000000000"), `${sameSite}Content-Length: 0\r\n`),
    status: 404,
    json: true,
  },
  {
    name: "moderation without a token set",
    request: `${send("POST", "/api/admin/questions/x", `${json}Content-Length: 20\r\n`)}{"action":"approve"}`,
    status: 404,
    json: true,
  },
];

/** The security headers every response carries (server/security-headers.ts). */
const securityHeaders = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
];

let server: ServerProcess;
let dir: string;
let before: Map<string, number>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "glosaic-hostile-"));
  server = await startServer({
    port,
    // The built site: its pages and files are among what the table sends hostile requests to.
    env: {
      CLIENT_DIR: path.resolve("build/client"),
      DATABASE_PATH: path.join(dir, "votes.sqlite"),
      ...votingOpenEnv,
      ...questionsOpenEnv,
    },
  });
  before = await apiCounts(port);
}, 30_000);

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

describe("Hostile input", () => {
  const answers: { row: Row; response: RawResponse }[] = [];

  it("has a table of at least 40 requests, each distinct", () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
    expect(new Set(table.map((row) => row.name)).size).toBe(table.length);
  });

  // One case per row: a failure names the request. They run one after another against the one server.
  it.each(table.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    const response = await rawRequest(port, row.request);
    answers.push({ row, response });
    expect(response.status, response.body.slice(0, 200)).toBe(row.status);
    for (const name of securityHeaders) expect(response.headers, name).toHaveProperty(name);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    if (row.issuesVoter) expect(response.headers["set-cookie"], "a voter cookie issued").toBeDefined();
    else expect(response.headers["set-cookie"], "no voter cookie issued").toBeUndefined();
    for (const [name, value] of Object.entries(row.headers ?? {})) expect(response.headers[name], name).toBe(value);
    if (row.json) {
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual({
        error: expect.any(String) as string,
        ...(row.issuesVoter ? { voter: voterIssued } : {}),
      });
    }
    if (row.text) {
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.body).not.toBe("");
    }
  });

  it("wrote nothing, answered no request with a 5xx, and is still up", async () => {
    expect(answers).toHaveLength(table.length);
    expect(answers.filter(({ response }) => response.status >= 500)).toEqual([]);
    expect(await apiCounts(port)).toEqual(before);
    const database = new SQLite(path.join(dir, "votes.sqlite"), { readonly: true });
    try {
      expect(database.prepare("select count(*) as n from votes_by_edition").get()).toEqual({ n: 0 });
      expect(database.prepare("select count(*) as n from questions_by_edition").get()).toEqual({ n: 0 });
      expect(database.prepare("select count(*) as n from question_upvotes_by_edition").get()).toEqual({ n: 0 });
    } finally {
      database.close();
    }
    expect((await request(port, "GET", "/api/health")).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
