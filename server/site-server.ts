import { readFile } from "node:fs/promises";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { personalCalendarPath } from "../common/my-schedule";
import * as m from "../app/i18n/messages";
import type { ConnectionBounds } from "./connections";
import { acceptedEncodings, resolvePath, type Body, type SiteFile } from "./static";

/** One ready response: its status, its headers as the flat [name, value, ...] list writeHead takes, its body. */
interface Prepared {
  status: number;
  headers: string[];
  body: Body | undefined;
}

/** A built file's responses at one status, made once at start: one per encoding we hold, and the 304. */
interface PreparedFile {
  br: Prepared | undefined;
  gzip: Prepared | undefined;
  identity: Prepared;
  /** Only for a file found (200): the not-found page is never "not modified". */
  notModified: Prepared | undefined;
  /** For a file read when asked that has gone since the server started. */
  unavailable: Prepared;
  etag: string;
}

/** The built site ready to answer: the not-found page's responses, the found files' as paths are asked for. */
export interface PreparedSite {
  /**
   * The responses of the file each path has resolved to so far, made the first time the path is asked for. Only
   * found files go in, so it holds at most a path or two per file whatever clients send.
   */
  byPath: Map<string, PreparedFile>;
  notFound: PreparedFile | undefined;
  site: Map<string, SiteFile>;
  redirects: Readonly<Record<string, string>>;
  /** Folders whose pages share one route: an unknown id there goes to /404 (see resolvePath). */
  routedFolders: readonly string[];
  common: Record<string, string>;
  /** The page a path answers with for its query, where that is another page's (the agenda's days: agenda-day.ts). */
  pageFor: ((pathname: string, query: string) => string | undefined) | undefined;
}

/** The site ready to answer, with the not-found page's responses (404) made at once. */
export function prepareSite(
  site: Map<string, SiteFile>,
  redirects: Readonly<Record<string, string>>,
  routedFolders: readonly string[],
  common: Record<string, string>,
  pageFor?: PreparedSite["pageFor"],
): PreparedSite {
  const notFoundPage = resolvePath(site, "/404", redirects);
  const notFound = notFoundPage.kind === "not-found" ? notFoundPage.file : undefined;
  return {
    byPath: new Map(),
    notFound: notFound && prepareFile(notFound, common, 404),
    site,
    redirects,
    routedFolders,
    common,
    pageFor,
  };
}

function prepareFile(file: SiteFile, common: Record<string, string>, status: 200 | 404): PreparedFile {
  const base: Record<string, string> = {
    ...common,
    "cache-control": file.cacheControl,
    etag: file.etag,
    "content-type": file.type,
    // A page's own policy replaces the strict default of the common headers.
    ...(file.policy ? { "content-security-policy": file.policy } : {}),
    ...file.headers,
    ...(file.br || file.gzip ? { vary: "Accept-Encoding" } : {}),
  };
  // A file read when asked gets its length once read: the one written since the server started may differ.
  const variant = (body: Body, encoding?: "br" | "gzip"): Prepared => ({
    status,
    headers: flat({
      ...base,
      ...(encoding ? { "content-encoding": encoding } : {}),
      ...(Buffer.isBuffer(body) ? { "content-length": String(body.length) } : {}),
    }),
    body,
  });
  return {
    br: file.br && variant(file.br, "br"),
    gzip: file.gzip && variant(file.gzip, "gzip"),
    identity: variant(file.body),
    notModified: status === 200 ? { status: 304, headers: flat(base), body: undefined } : undefined,
    unavailable: {
      status: 503,
      headers: flat({
        ...common,
        "cache-control": "no-store",
        "retry-after": "10",
        "content-type": "text/plain; charset=utf-8",
        "content-length": String(Buffer.byteLength(unavailableText)),
      }),
      body: Buffer.from(unavailableText),
    },
    etag: file.etag,
  };
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

const unavailableText = m.siteUpdating;

/**
 * Which encodings an Accept-Encoding header allows, remembered per distinct header: browsers send a handful of
 * values, and parsing one on every request was a visible share of a static response's cost. Bounded, so a client
 * sending random values cannot grow it.
 */
const negotiated = new Map<string, { br: boolean; gzip: boolean }>();
function encodingsFor(header: string | undefined) {
  if (header === undefined) return undefined;
  let accepted = negotiated.get(header);
  if (!accepted) {
    accepted = acceptedEncodings(header);
    if (negotiated.size < 64) negotiated.set(header, accepted);
  }
  return accepted;
}

function send(request: IncomingMessage, response: ServerResponse, file: PreparedFile) {
  let chosen: Prepared;
  if (file.notModified && request.headers["if-none-match"] === file.etag) chosen = file.notModified;
  else {
    const accepted = encodingsFor(request.headers["accept-encoding"]);
    chosen = (accepted?.br && file.br) || (accepted?.gzip && file.gzip) || file.identity;
  }
  const { body } = chosen;
  if (body === undefined || Buffer.isBuffer(body)) {
    write(request, response, chosen);
    return;
  }
  if (request.method === "HEAD") {
    write(request, response, { ...chosen, headers: [...chosen.headers, "content-length", String(body.size)] });
    return;
  }
  // A file the server does not hold is read when asked. It was there at start: if it has gone (a new build copied
  // over the running one), the server says so until it restarts on the new build, rather than fail the request.
  readFile(body.path).then(
    (bytes) => {
      write(request, response, {
        ...chosen,
        headers: [...chosen.headers, "content-length", String(bytes.length)],
        body: bytes,
      });
    },
    () => {
      write(request, response, file.unavailable);
    },
  );
}

function write(request: IncomingMessage, response: ServerResponse, { status, headers, body }: Prepared) {
  response.writeHead(status, headers);
  response.end(request.method === "HEAD" || !Buffer.isBuffer(body) ? undefined : body);
}

/** Paths the API answers; the site never does, even with a 404 page. */
export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** Paths the server answers from the programme per request (the calendar feed), never from the built files. */
const isMadePath = (pathname: string) => pathname === personalCalendarPath;

/** Whether a path can be decoded; one that cannot is a malformed URL, which Fastify refuses with a JSON 400. */
function decodable(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers GET and HEAD for every path of the site (Fastify's catch-all route, app.ts): a built file from its ready
 * response, a moved path with its redirect, anything else with the not-found page. Returns
 * false, having written nothing, for what is not the site's to answer: other methods, the API, the calendar feed, a
 * malformed URL.
 */
export function answerSite(prepared: PreparedSite, request: IncomingMessage, response: ServerResponse): boolean {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const asked = query === -1 ? url : url.slice(0, query);
  // A page its query chooses (/agenda?day=) is answered, and kept ready, as the page it names.
  const pathname = prepared.pageFor?.(asked, query === -1 ? "" : url.slice(query + 1)) ?? asked;
  const known = prepared.byPath.get(pathname);
  if (known) {
    send(request, response, known);
    return true;
  }
  if (isApiPath(pathname) || isMadePath(pathname) || !decodable(pathname)) return false;
  const resolution = resolvePath(prepared.site, pathname, prepared.redirects, prepared.routedFolders);
  if (resolution.kind === "file") {
    const file = prepareFile(resolution.file, prepared.common, 200);
    prepared.byPath.set(pathname, file);
    send(request, response, file);
  } else if (resolution.kind === "redirect") {
    response.writeHead(
      resolution.status,
      flat({ ...prepared.common, "cache-control": "no-cache", location: resolution.location, "content-length": "0" }),
    );
    response.end();
  } else if (prepared.notFound) {
    send(request, response, prepared.notFound);
  } else {
    const body = "Not found";
    response.writeHead(
      404,
      flat({
        ...prepared.common,
        "content-type": "text/plain; charset=utf-8",
        "content-length": String(Buffer.byteLength(body)),
      }),
    );
    response.end(method === "HEAD" ? undefined : body);
  }
  return true;
}

/**
 * Why a request's framing is refused (app.ts answers it with a 400), or undefined for HTTP/1.0, or HTTP/1.1 with a
 * Host header. Node's parser takes a request line without a version ("GET /") as HTTP/0.9, which nothing
 * legitimate sends and which proxies in front may frame differently: refused, as a smuggling vector. HTTP/1.1
 * requires Host (RFC 9112 section 3.2); HTTP/1.0 clients may leave it out.
 */
export function protocolRefusal(request: IncomingMessage): string | undefined {
  const version = request.httpVersion;
  if (version !== "1.1" && version !== "1.0") return `Unsupported HTTP version ${version}`;
  if (version === "1.1" && request.headers.host === undefined) return "Missing Host header";
  return undefined;
}

/**
 * Fastify's serverFactory: the node:http server, which leaves a request without Host to Fastify, whose onRequest
 * hook refuses it with our headers (app.ts); Node would answer it itself, without them. Its timeouts are ours
 * (`bounds`, decision 082), not Fastify's (none for the request, 72 s for an idle connection), and it holds at most
 * `maxConnections`, closing any beyond at once.
 */
export function siteServerFactory(bounds: ConnectionBounds, maxConnections: number) {
  return (fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void) => {
    const server = http.createServer(
      {
        requireHostHeader: false,
        headersTimeout: bounds.headersMs,
        requestTimeout: bounds.requestMs,
        keepAliveTimeout: bounds.keepAliveMs,
        connectionsCheckingInterval: bounds.checkEveryMs,
      },
      fastifyHandler,
    );
    server.maxConnections = maxConnections;
    return server;
  };
}
