import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { serviceWorkerPath } from "../common/offline-pages";
import { fileHeaders, pagePolicyHeader, serviceWorkerPolicy } from "./security-headers";

/** One file of the built site, held in memory with its precompressed variants. */
export interface SiteFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
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
 * Reads the whole built site into memory, keyed by URL path. Requests are then answered from this map alone:
 * nothing at request time touches the file system, so no path a client sends can reach a file outside it.
 */
export async function loadSite(dir: string): Promise<Map<string, SiteFile>> {
  const site = new Map<string, SiteFile>();
  for await (const file of walk(dir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const urlPath = "/" + path.relative(dir, file).split(path.sep).join("/");
    const body = await readFile(file);
    const optional = (variant: string) => readFile(variant).catch(() => undefined);
    const type = types[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const own = fileHeaders(urlPath);
    site.set(urlPath, {
      body,
      br: await optional(`${file}.br`),
      gzip: await optional(`${file}.gz`),
      type,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      cacheControl: cacheControlFor(urlPath, type),
      ...(type.startsWith("text/html") ? { policy: pagePolicyHeader(urlPath, body.toString("utf8")) } : {}),
      ...(urlPath === serviceWorkerPath ? { policy: serviceWorkerPolicy } : {}),
      ...(Object.keys(own).length > 0 ? { headers: own } : {}),
    });
  }
  return site;
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
