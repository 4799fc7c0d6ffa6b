import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { personalCalendarPath } from "../shared/my-schedule";
import { acceptedEncodings, resolvePath, type SiteFile } from "./static";

/** One ready response: its status, its headers as the flat [name, value, ...] list writeHead takes, its body. */
interface Prepared {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}

/** A built file's responses at one status, made once at start: one per encoding we hold, and the 304. */
interface PreparedFile {
  br: Prepared | undefined;
  gzip: Prepared | undefined;
  identity: Prepared;
  /** Only for a file found (200): the not-found page is never "not modified". */
  notModified: Prepared | undefined;
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
  common: Record<string, string>;
}

/** The site ready to answer, with the not-found page's responses (404) made at once. */
export function prepareSite(
  site: Map<string, SiteFile>,
  redirects: Readonly<Record<string, string>>,
  common: Record<string, string>,
): PreparedSite {
  const notFoundPage = resolvePath(site, "/404", redirects);
  const notFound = notFoundPage.kind === "not-found" ? notFoundPage.file : undefined;
  return {
    byPath: new Map(),
    notFound: notFound && prepareFile(notFound, common, 404),
    site,
    redirects,
    common,
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
  const variant = (body: Buffer, encoding?: "br" | "gzip"): Prepared => ({
    status,
    headers: flat({
      ...base,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.length),
    }),
    body,
  });
  return {
    br: file.br && variant(file.br, "br"),
    gzip: file.gzip && variant(file.gzip, "gzip"),
    identity: variant(file.body),
    notModified: status === 200 ? { status: 304, headers: flat(base), body: undefined } : undefined,
    etag: file.etag,
  };
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

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
  response.writeHead(chosen.status, chosen.headers);
  if (request.method === "HEAD" || !chosen.body) response.end();
  else response.end(chosen.body);
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
 * Answers GET and HEAD for every path of the site: a built file from its ready response (the bulk of a site's
 * traffic, which this keeps clear of Fastify's routing, hooks and reply machinery: profiling showed them to be most
 * of a static response's cost), a moved path with its redirect, anything else with the not-found page. Returns
 * false, having written nothing, for what is not the site's to answer: other methods, the API, the calendar feed, a
 * malformed URL.
 */
export function answerSite(prepared: PreparedSite, request: IncomingMessage, response: ServerResponse): boolean {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  const known = prepared.byPath.get(pathname);
  if (known) {
    send(request, response, known);
    return true;
  }
  if (isApiPath(pathname) || isMadePath(pathname) || !decodable(pathname)) return false;
  const resolution = resolvePath(prepared.site, pathname, prepared.redirects);
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
 * A GET route answered on the fast path (the cached demo listing), given the client's address. It returns false to
 * leave the request to Fastify; once it returns true it owns the response, and may still hand it to Fastify with
 * `toFastify(request, response)`. (No closure per request: this path is measured against a bare node:http server,
 * and under tsx every function made per request also has its name defined on it.)
 */
export type FastRoute = (
  request: IncomingMessage,
  response: ServerResponse,
  ip: string,
  toFastify: (request: IncomingMessage, response: ServerResponse) => void,
) => boolean;

/**
 * A JSON answer made once and sent to many: its text (for the routes that build on it), its bytes, and their length
 * as the Content-Length value. The fast routes end their responses with the bytes, as the bare node:http server of
 * the bench does. Ended with the text, Node joins the headers and the body into one new string per request and
 * encodes all of it into the socket's write: in CPU profiles that was 3-4 µs of a 30-50 µs request more than the
 * bare server spent writing the same response (docs/performance.md, issue 29).
 */
export interface JsonAnswer {
  text: string;
  bytes: Buffer;
  length: string;
}

export function jsonAnswer(text: string): JsonAnswer {
  const bytes = Buffer.from(text);
  return { text, bytes, length: String(bytes.length) };
}

export interface SiteServerOptions {
  prepared: PreparedSite;
  /** GET routes by exact path, filled in as the API registers; see FastRoute. */
  routes: Map<string, FastRoute>;
  /** As Fastify's trustProxy (see app.ts). */
  trustProxy: number;
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
 * Fastify's serverFactory: a node:http server that lets the site and the fast routes answer first, and Fastify the
 * rest (the API, other methods, refused requests, and every request once the server is closing). It applies the
 * timeouts Fastify would give a server it made itself, so the two behave alike on a connection.
 */
export function siteServerFactory({ prepared, routes, trustProxy }: SiteServerOptions) {
  return (
    fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void,
    options: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
  ) => {
    const fastRoute = (request: IncomingMessage, response: ServerResponse) => {
      if (request.method !== "GET" || routes.size === 0) return false;
      const url = request.url ?? "/";
      // Pages and files (most requests) leave at once.
      if (!url.startsWith("/api/")) return false;
      const query = url.indexOf("?");
      const route = routes.get(query === -1 ? url : url.slice(0, query));
      if (!route) return false;
      // The client's address as Fastify reads it. Behind trusted proxies Fastify walks X-Forwarded-For; rather
      // than copy that walk (and risk a rate limit keyed differently), such requests go to Fastify.
      const ip = request.socket.remoteAddress;
      if (ip === undefined || (trustProxy > 0 && request.headers["x-forwarded-for"] !== undefined)) return false;
      return route(request, response, ip, fastifyHandler);
    };
    // Node would answer a request without Host itself, without our headers: Fastify's onRequest hook does instead.
    const server = http.createServer({ requireHostHeader: false }, (request, response) => {
      // While closing, Fastify answers 503 with Connection: close, which lets clients move to another instance.
      // Requests the protocol checks in app.ts refuse (HTTP/0.9, HTTP/1.1 without Host) go there too.
      if (!server.listening || protocolRefusal(request) !== undefined) fastifyHandler(request, response);
      // The fast routes are API paths, which the site never answers: they are tried first, which spares the polled
      // reads the site's lookup.
      else if (!fastRoute(request, response) && !answerSite(prepared, request, response)) {
        fastifyHandler(request, response);
      }
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}
