import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { acceptedEncodings, resolvePath, type SiteFile } from "./static";

/** One ready response: its status, its headers as the flat [name, value, ...] list writeHead takes, its body. */
interface Prepared {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}

/** A built file's responses, made once at start: one per encoding we hold, and the 304. */
interface PreparedFile {
  br: Prepared | undefined;
  gzip: Prepared | undefined;
  identity: Prepared;
  notModified: Prepared;
  etag: string;
}

/**
 * Every response the built site can give with a 200, made once at start, byte for byte what the Fastify route in
 * app.ts sends for the same request (server/site-server.test.ts compares the two). The Fastify route stays the
 * reference and handles everything this does not: redirects, the 404 page, other methods, a server closing.
 */
export function prepareSite(
  site: Map<string, SiteFile>,
  redirects: Readonly<Record<string, string>>,
  common: Record<string, string>,
): Map<string, PreparedFile> {
  const candidates = new Set<string>(["/"]);
  for (const key of site.keys()) {
    candidates.add(key);
    if (key.endsWith("/index.html")) candidates.add(key.slice(0, -"/index.html".length));
  }
  const prepared = new Map<string, PreparedFile>();
  for (const pathname of candidates) {
    // The same resolution as the Fastify route, so a path is on the fast path only where that route sends a file.
    const resolution = resolvePath(site, pathname, redirects);
    if (resolution.kind === "file") prepared.set(pathname, prepareFile(resolution.file, common));
  }
  return prepared;
}

function prepareFile(file: SiteFile, common: Record<string, string>): PreparedFile {
  // The header order of the Fastify route: the common security headers (onRequest hook), then sendFile's.
  const base: Record<string, string> = {
    ...common,
    "cache-control": file.cacheControl,
    etag: file.etag,
    "content-type": file.type,
    ...(file.policy ? { "content-security-policy": file.policy } : {}),
    ...(file.br || file.gzip ? { vary: "Accept-Encoding" } : {}),
  };
  const flat = (headers: Record<string, string>) => Object.entries(headers).flat();
  const variant = (body: Buffer, encoding?: "br" | "gzip"): Prepared => ({
    status: 200,
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
    notModified: { status: 304, headers: flat(base), body: undefined },
    etag: file.etag,
  };
}

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

/**
 * Answers GET and HEAD for a built file straight from its prepared response, and returns false for anything else,
 * which the caller hands to Fastify. This skips Fastify's routing, hooks and reply machinery for the bulk of a
 * site's traffic, which profiling showed to be most of the cost of a static response.
 */
export function serveFromSite(prepared: Map<string, PreparedFile>, request: IncomingMessage, response: ServerResponse) {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const file = prepared.get(query === -1 ? url : url.slice(0, query));
  if (!file) return false;
  let chosen: Prepared;
  if (request.headers["if-none-match"] === file.etag) chosen = file.notModified;
  else {
    const accepted = encodingsFor(request.headers["accept-encoding"]);
    chosen = (accepted?.br && file.br) || (accepted?.gzip && file.gzip) || file.identity;
  }
  response.writeHead(chosen.status, chosen.headers);
  if (method === "HEAD" || !chosen.body) response.end();
  else response.end(chosen.body);
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

export interface SiteServerOptions {
  prepared: Map<string, PreparedFile>;
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
 * Fastify's serverFactory: a node:http server that tries the built site and the fast routes first. It applies the
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
      else if (!serveFromSite(prepared, request, response) && !fastRoute(request, response)) {
        fastifyHandler(request, response);
      }
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}
