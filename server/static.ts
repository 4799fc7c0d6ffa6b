import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { serviceWorkerPath } from "../common/offline-pages";
import { fileHeaders, pagePolicyHeader, serviceWorkerPolicy } from "./security-headers";
import { eachAtOnce } from "../common/each-at-once";

/** A file's bytes: held in memory, or where to read them in the built site when asked (`heldInMemory`). */
export type Body = Buffer | { path: string; size: number };

/** One file of the built site, with its precompressed variants. */
export interface SiteFile {
  body: Body;
  br?: Body;
  gzip?: Body;
  type: string;
  etag: string;
  cacheControl: string;
  /** Pages only: their Content-Security-Policy header. */
  policy?: string;
  /** Headers of this file alone (the schedule files' Access-Control-Allow-Origin). */
  headers?: Record<string, string>;
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Vite's hashed build output never changes under its name; everything else may change with the next deploy. Pages
 * and the service worker are asked again on every visit: the worker is how an open page learns of a new build.
 */
function cacheControlFor(urlPath: string, type: string) {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (type.startsWith("text/html") || urlPath === serviceWorkerPath) return "no-cache";
  return "public, max-age=3600";
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Whether the server holds a file in memory: what nearly every visit asks for (pages, scripts, styles, fonts, images
 * of the pages, the programme). The rest, one file per session or speaker that few ask for, it reads from the built
 * site when asked, with the same headers: share cards (fetched by share sites once per link), calendar files, and a
 * page's `.data` (fetched on a client-side navigation to that page). At 1,100 sessions they are most of the site's
 * bytes (decision 078).
 */
export function heldInMemory(urlPath: string): boolean {
  return !(urlPath.startsWith("/og/") || urlPath.endsWith(".ics") || urlPath.endsWith(".data"));
}

/** How many files the server reads at once at start: the disk, not one file after another, sets the pace. */
const readsAtOnce = 32;

/**
 * The whole built site, keyed by URL path. Requests are answered from this map alone, so no path a client sends can
 * reach a file outside it. What `heldInMemory` names is read into memory, but for the plain bytes of a file with a
 * compressed variant: browsers take the variant, and the plain bytes are read for the rare client that takes none
 * (decision 078). The rest is kept as the place to read it from.
 */
export async function loadSite(dir: string): Promise<Map<string, SiteFile>> {
  const all = new Set<string>();
  for await (const file of walk(dir)) all.add(file);
  const files = [...all].filter((file) => !file.endsWith(".br") && !file.endsWith(".gz"));
  // Each file's entry at its place in the folder's walk, whatever order the reads end in.
  const read: [string, SiteFile][] = [];
  await eachAtOnce(files.entries(), readsAtOnce, async ([index, file]) => {
    const urlPath = urlPathOf(dir, file);
    read[index] = [urlPath, await siteFile(file, urlPath, all)];
  });
  return new Map(read);
}

const urlPathOf = (dir: string, file: string) => "/" + path.relative(dir, file).split(path.sep).join("/");

async function siteFile(file: string, urlPath: string, all: ReadonlySet<string>): Promise<SiteFile> {
  const variants = { br: `${file}.br`, gzip: `${file}.gz` };
  const compressed = all.has(variants.br) || all.has(variants.gzip);
  const held = heldInMemory(urlPath);
  const type = types[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  // What is held is read at start, its plain bytes too: to hash them, and to find a page's policy in them.
  const bytes = held ? await readFile(file) : undefined;
  const kept = async (at: string): Promise<Body> => {
    if (held) return readFile(at);
    return { path: at, size: (await stat(at)).size };
  };
  const variant = (at: string) => (all.has(at) ? kept(at) : Promise.resolve(undefined));
  const [br, gzip] = await Promise.all([variant(variants.br), variant(variants.gzip)]);
  const own = fileHeaders(urlPath);
  // A held file's ETag comes from its bytes; a file read when asked gets one from its size and time, as nginx makes
  // them: reading every such file to hash it would take the server's start as long as the files are many.
  let body: Body;
  let etag: string;
  if (bytes) {
    body = compressed ? { path: file, size: bytes.length } : bytes;
    etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
  } else {
    const { size, mtimeMs } = await stat(file);
    body = { path: file, size };
    etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
  }
  return {
    body,
    ...(br ? { br } : {}),
    ...(gzip ? { gzip } : {}),
    type,
    etag,
    cacheControl: cacheControlFor(urlPath, type),
    ...(type.startsWith("text/html") && bytes ? { policy: pagePolicyHeader(urlPath, bytes.toString("utf8")) } : {}),
    ...(urlPath === serviceWorkerPath ? { policy: serviceWorkerPolicy } : {}),
    ...(Object.keys(own).length > 0 ? { headers: own } : {}),
  };
}

/** Whether an Accept-Encoding header allows brotli and gzip (a q of 0 refuses; `*` stands for the rest). */
export function acceptedEncodings(acceptEncoding: string): { br: boolean; gzip: boolean } {
  const accepted = new Map<string, number>();
  for (const item of acceptEncoding.split(",")) {
    const [name = "", ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  return { br: quality("br") > 0, gzip: quality("gzip") > 0 };
}

/** Where a request path leads in the built site. */
export type Resolution =
  | { kind: "file"; file: SiteFile }
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "not-found"; file: SiteFile | undefined };

/**
 * Maps a URL path to the built site: files as they are, `/x` to `x/index.html`, `/x/` to a redirect to `/x`,
 * moved paths to their new place, an unknown id in a folder of pages that share one route (`routedFolders`) to
 * /404, and anything else to the not-found page.
 */
export function resolvePath(
  site: Map<string, SiteFile>,
  pathname: string,
  redirects: Readonly<Record<string, string>>,
  routedFolders: readonly string[] = [],
): Resolution {
  const moved = redirects[pathname];
  if (moved) return { kind: "redirect", location: moved, status: 301 };
  const notFound = { kind: "not-found", file: site.get("/404/index.html") } as const;
  // The not-found page is prerendered at /404 but is never a found page.
  if (pathname === "/404") return notFound;

  const direct = pathname === "/" ? site.get("/index.html") : site.get(pathname);
  if (direct) return { kind: "file", file: direct };

  if (pathname.endsWith("/") && pathname !== "/") {
    const trimmed = pathname.replace(/\/+$/, "");
    if (trimmed && (site.has(`${trimmed}/index.html`) || redirects[trimmed])) {
      return { kind: "redirect", location: trimmed, status: 301 };
    }
  } else {
    const page = site.get(`${pathname}/index.html`);
    if (page) return { kind: "file", file: page };
  }

  // A folder of pages that share one route (a speaker's, a room's stage, an imported talk) has pages for known ids
  // only: the not-found page would hydrate there as that route, so the app sends unknown ones to /404, and so does
  // the server.
  const inRoutedFolder = (folder: string) => /^[^/]+\/?$/.test(pathname.slice(folder.length));
  if (routedFolders.some((folder) => pathname.startsWith(folder) && inRoutedFolder(folder))) {
    return { kind: "redirect", location: "/404", status: 302 };
  }
  return notFound;
}
