import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget, checked after every build: for each prerendered page, the JavaScript a first visit
 * downloads and runs before the page is interactive, gzip-compressed (level 9): the scripts the HTML names (module
 * preloads, script sources, modules its inline scripts name), every module they import statically, and the page's
 * inline scripts. Chunks loaded
 * by a dynamic `import()` (code that waits for a visitor's action or for the page to settle) are not first-load.
 *
 * The build fails when any page exceeds 100 KB (1 KB = 1,024 bytes): hydrated pages run on Preact
 * (docs/decisions/032), which leaves them room under the limit the static home page always had.
 */
export const budget = 100 * 1024;

export interface PageBudget {
  route: string;
  scripts: number;
  externalBytes: number;
  inlineBytes: number;
  total: number;
  limit: number;
}

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

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
      // React Router's bootstrap and the home page's island, run after the first paint (scripts/defer-hydration.ts),
      // name the modules they preload and import in their inline scripts: every one of them is first-load.
      ...[...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].flatMap((script) => [
        ...(script[1] as string).matchAll(/"(\/(?:assets|islands)\/[^"]+\.js)"/g),
      ]),
    ].map((match) => match[1] as string);
    const seen = new Set<string>();
    const queue = named.filter((src) => src.startsWith("/"));
    let externalBytes = 0;
    while (queue.length > 0) {
      const next = queue.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      const { size, imports } = await chunk(next);
      externalBytes += size;
      queue.push(...imports);
    }
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] as string)
      .filter((code) => code.trim() !== "")
      .join("\n");
    const inlineBytes = inline === "" ? 0 : gzipSize(inline);
    const route = routeOf(clientDir, file);
    pages.push({
      route,
      scripts: seen.size,
      externalBytes,
      inlineBytes,
      total: externalBytes + inlineBytes,
      limit: budget,
    });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The per-route table, as the build prints it and the closing notes quote it. */
export function table(pages: PageBudget[]): string {
  const rows = pages.map(
    (page) =>
      `| ${page.route} | ${page.scripts} | ${kb(page.externalBytes)} | ${kb(page.inlineBytes)} | ${kb(page.total)} | ${kb(page.limit)} | ${page.total > page.limit ? "OVER" : "ok"} |`,
  );
  return [
    "| route | scripts | files KB | inline KB | first-load KB (gzip) | budget KB | |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.argv[2] ?? "build/client");
  const pages = await measure(clientDir);
  console.log(`First-load JavaScript per route (gzip -9, 1 KB = 1,024 bytes):\n\n${table(pages)}\n`);
  const over = pages.filter((page) => page.total > page.limit);
  if (over.length > 0) {
    console.error(
      `JavaScript budget exceeded on ${over.length} route(s): ${over.map((page) => `${page.route} ${kb(page.total)} KB > ${kb(page.limit)} KB`).join(", ")}`,
    );
    process.exit(1);
  }
  console.log(`JavaScript budget met on all ${pages.length} routes (each <= ${kb(budget)} KB).`);
}
