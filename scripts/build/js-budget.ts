import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget, checked after every build: for each prerendered page, the JavaScript a first visit
 * downloads and runs without a tap, gzip-compressed (level 9): the scripts the HTML names (module preloads, script
 * sources, modules its inline scripts name), every module they import statically, and the page's inline scripts.
 * Chunks loaded by a dynamic `import()` (code that waits for a visitor's action or for the page to settle) are not
 * first-load.
 *
 * Pages run on React (docs/decisions/037). React DOM, React and the router's runtime are one chunk, the same on
 * every hydrated page (vite.config.ts names it), and the router's manifest of routes another: the floor, which no
 * page of ours can shrink. The
 * budget holds each hydrated page's whole first load and, beside the floor, its own part (our code, the edition's
 * data, the libraries only some pages use, the inline scripts), where a page's growth shows. A static page (the
 * home page) carries no framework and has a budget of its own. 1 KB = 1,024 bytes.
 */
export const frameworkChunk = "framework";
export const limits = { hydratedPage: 135 * 1024, ownPart: 25 * 1024, staticPage: 5 * 1024 } as const;

export interface PageBudget {
  route: string;
  scripts: number;
  /** Served without React: its only scripts are islands (the home page). */
  static: boolean;
  /** The framework's chunk, when the page hydrates; 0 on a static page that keeps its budget. */
  frameworkBytes: number;
  /** Everything else it loads first: its own chunks and its inline scripts. */
  ownBytes: number;
  inlineBytes: number;
  total: number;
  /** The page's own chunks by size, largest first: where to look when it grows. */
  ownFiles: { file: string; bytes: number }[];
  /** What the page exceeds, in words; empty when it keeps its budget. */
  over: string[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * What a page's first load exceeds, in words (empty when it keeps its budget). The build judges the scripts a page
 * names and imports; the browser tests judge the same with what it then loads without a tap (a lazy part rendered
 * at once), which only running the page shows.
 */
export function overBudget(frameworkBytes: number, ownBytes: number, staticPage: boolean): string[] {
  const total = frameworkBytes + ownBytes;
  // Judged by what the page is, not by what it loads: a static page that came to load the framework (a module of
  // its island that imports React) is over its own limit, not a hydrated page within its.
  if (staticPage) {
    return total > limits.staticPage ? [`${kb(total)} KB > ${kb(limits.staticPage)} KB on a static page`] : [];
  }
  return [
    ...(total > limits.hydratedPage ? [`${kb(total)} KB > ${kb(limits.hydratedPage)} KB in all`] : []),
    ...(ownBytes > limits.ownPart ? [`its own part ${kb(ownBytes)} KB > ${kb(limits.ownPart)} KB`] : []),
  ];
}

/** A built script's size as the budget counts it: gzip at level 9. */
export const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/**
 * The router's manifest: every route's modules, in one file that every hydrated page loads. It grows with the
 * site's routes (a room's stage, an overlay), not with any one page, so it is counted with the floor, not in each
 * page's own part, where every new route would eat every page's room.
 */
const routerManifest = "manifest";

/** Whether a built script is the floor of every hydrated page: the framework's chunk or the router's manifest. */
export const isFramework = (urlPath: string) => {
  const name = path.posix.basename(urlPath);
  return name.startsWith(`${frameworkChunk}-`) || name.startsWith(`${routerManifest}-`);
};

/** Static imports in a built chunk: `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"`. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.push(match[1] as string);
  }
  return found;
}

async function* htmlPages(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlPages(full);
    else if (entry.name === "index.html") yield full;
  }
}

function routeOf(clientDir: string, htmlFile: string): string {
  const relative = path.relative(clientDir, path.dirname(htmlFile)).split(path.sep).join("/");
  return relative === "" ? "/" : `/${relative}`;
}

/** Measures every prerendered page of a built site. */
export async function measure(clientDir: string): Promise<PageBudget[]> {
  const chunkCache = new Map<string, { size: number; imports: string[] }>();
  const chunk = async (urlPath: string) => {
    let entry = chunkCache.get(urlPath);
    if (!entry) {
      const code = await readFile(path.join(clientDir, urlPath), "utf8");
      const imports = staticImports(code).map((specifier) =>
        path.posix.resolve(path.posix.dirname(urlPath), specifier),
      );
      entry = { size: gzipSize(code), imports };
      chunkCache.set(urlPath, entry);
    }
    return entry;
  };

  const pages: PageBudget[] = [];
  for await (const file of htmlPages(clientDir)) {
    const html = await readFile(file, "utf8");
    const named = [
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      // React Router's bootstrap and the home page's island, run after the first paint (scripts/build/defer-hydration.ts),
      // name the modules they preload and import in their inline scripts: every one of them is first-load.
      ...[...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].flatMap((script) => [
        ...(script[1] as string).matchAll(/"(\/(?:assets|islands)\/[^"]+\.js)"/g),
      ]),
    ].map((match) => match[1] as string);
    const seen = new Set<string>();
    const queue = named.filter((src) => src.startsWith("/"));
    let frameworkBytes = 0;
    const ownFiles: PageBudget["ownFiles"] = [];
    while (queue.length > 0) {
      const next = queue.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      const { size, imports } = await chunk(next);
      if (isFramework(next)) frameworkBytes += size;
      else ownFiles.push({ file: next, bytes: size });
      queue.push(...imports);
    }
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] as string)
      .filter((code) => code.trim() !== "")
      .join("\n");
    const inlineBytes = inline === "" ? 0 : gzipSize(inline);
    const ownBytes = ownFiles.reduce((sum, own) => sum + own.bytes, 0) + inlineBytes;
    const total = frameworkBytes + ownBytes;
    const staticPage = named.length > 0 && named.every((src) => src.startsWith("/islands/"));
    const over = overBudget(frameworkBytes, ownBytes, staticPage);
    pages.push({
      route: routeOf(clientDir, file),
      static: staticPage,
      scripts: seen.size,
      frameworkBytes,
      ownBytes,
      inlineBytes,
      total,
      ownFiles: ownFiles.sort((a, b) => b.bytes - a.bytes),
      over,
    });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

/** The per-route table, as the build prints it and the closing notes quote it. */
export function table(pages: PageBudget[]): string {
  const rows = pages.map(
    (page) =>
      `| ${page.route} | ${page.scripts} | ${kb(page.frameworkBytes)} | ${kb(page.ownBytes)} | ${kb(page.total)} | ${page.over.length > 0 ? `OVER: ${page.over.join("; ")}` : "ok"} |`,
  );
  return [
    "| route | scripts | framework KB | own KB | first-load KB (gzip) | |",
    "|---|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

/** The floor, the limits and the page whose own part is largest, with what makes it up. */
export function summary(pages: PageBudget[]): string {
  const floor = Math.max(0, ...pages.map((page) => page.frameworkBytes));
  const largest = pages.filter((page) => page.frameworkBytes > 0).sort((a, b) => b.ownBytes - a.ownBytes)[0];
  return [
    `Floor (react, react-dom, scheduler, react-router in one chunk, and the router's manifest; on every hydrated page): ${kb(floor)} KB.`,
    `Limits: a hydrated page ${kb(limits.hydratedPage)} KB in all and ${kb(limits.ownPart)} KB of its own; a static page ${kb(limits.staticPage)} KB.`,
    ...(largest
      ? [
          `Largest own part: ${largest.route}, ${kb(largest.ownBytes)} KB: ${largest.ownFiles
            .slice(0, 6)
            .map((own) => `${path.posix.basename(own.file)} ${kb(own.bytes)}`)
            .join(", ")}, inline ${kb(largest.inlineBytes)}.`,
        ]
      : []),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.argv[2] ?? "build/client");
  const pages = await measure(clientDir);
  console.log(
    `First-load JavaScript per route (gzip -9, 1 KB = 1,024 bytes):\n\n${table(pages)}\n\n${summary(pages)}\n`,
  );
  const over = pages.filter((page) => page.over.length > 0);
  if (over.length > 0) {
    console.error(
      `JavaScript budget exceeded on ${over.length} route(s): ${over.map((page) => `${page.route} ${page.over.join(", ")}`).join("; ")}`,
    );
    process.exit(1);
  }
  console.log(`JavaScript budget met on all ${pages.length} routes.`);
}
