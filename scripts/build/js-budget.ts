import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget, checked after every build. One rule: a page's first load, the JavaScript a first visit
 * downloads and runs without a tap, is at most 135 KB gzip-compressed (level 9; 1 KB = 1,024 bytes). It counts the
 * scripts the HTML names (module preloads, script sources, the modules its inline scripts name), every module they
 * import statically, and the page's inline scripts. Chunks loaded by a dynamic `import()` (code that waits for a
 * visitor's action or for the page to settle) are not first-load here; the browser tests add those a page loads
 * without a tap once it runs (tests/e2e/every-page.spec.ts). Every page is held to the rule: a page without React
 * (the home page) keeps it by far.
 */
export const firstLoadLimit = 135 * 1024;

export interface PageBudget {
  route: string;
  scripts: number;
  inlineBytes: number;
  /** The whole first load: the files and the inline scripts. */
  total: number;
  /** The page's first-load files by size, largest first: where to look when it grows. */
  files: { file: string; bytes: number }[];
  /** What the page exceeds, in words; undefined when it keeps its budget. */
  over: string | undefined;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** What a first load of `bytes` exceeds, in words, or undefined when it keeps the budget. */
export function overBudget(bytes: number): string | undefined {
  return bytes > firstLoadLimit ? `${kb(bytes)} KB > ${kb(firstLoadLimit)} KB` : undefined;
}

/** A built script's size as the budget counts it: gzip at level 9. */
export const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

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
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] as string,
    );
    const named = [
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      // The one special case, needed for the rule to be measured right: every hydrated page's bootstrap, and the home
      // page's island, start after the first paint (scripts/build/defer-hydration.ts, kept for LCP: decision 058), from an
      // inline script that names the modules it preloads and imports as strings. Every one of them is first-load.
      ...inlineScripts.flatMap((script) => [...script.matchAll(/"(\/(?:assets|islands)\/[^"]+\.js)"/g)]),
    ].map((match) => match[1] as string);
    const seen = new Set<string>();
    const queue = named.filter((src) => src.startsWith("/"));
    const files: PageBudget["files"] = [];
    while (queue.length > 0) {
      const next = queue.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      const { size, imports } = await chunk(next);
      files.push({ file: next, bytes: size });
      queue.push(...imports);
    }
    const inline = inlineScripts.filter((code) => code.trim() !== "").join("\n");
    const inlineBytes = inline === "" ? 0 : gzipSize(inline);
    const total = files.reduce((sum, own) => sum + own.bytes, 0) + inlineBytes;
    pages.push({
      route: routeOf(clientDir, file),
      scripts: seen.size,
      inlineBytes,
      total,
      files: files.sort((a, b) => b.bytes - a.bytes),
      over: overBudget(total),
    });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

/** The per-route table, as the build prints it and the closing notes quote it. */
export function table(pages: PageBudget[]): string {
  const rows = pages.map(
    (page) => `| ${page.route} | ${page.scripts} | ${kb(page.total)} | ${page.over ? `OVER: ${page.over}` : "ok"} |`,
  );
  return ["| route | scripts | first-load KB (gzip) | |", "|---|---:|---:|---|", ...rows].join("\n");
}

/** The limit, and the largest page with what makes it up. */
export function summary(pages: PageBudget[]): string {
  const largest = [...pages].sort((a, b) => b.total - a.total)[0];
  return [
    `Limit: ${kb(firstLoadLimit)} KB of first-load JavaScript on every page.`,
    ...(largest
      ? [
          `Largest: ${largest.route}, ${kb(largest.total)} KB: ${largest.files
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
  const over = pages.filter((page) => page.over);
  if (over.length > 0) {
    console.error(
      `JavaScript budget exceeded on ${over.length} route(s): ${over.map((page) => `${page.route} ${page.over ?? ""}`).join("; ")}`,
    );
    process.exit(1);
  }
  console.log(`JavaScript budget met on all ${pages.length} routes.`);
}
