/**
 * Hydration after the first paint. React Router's prerendered page names every module it will hydrate with in
 * `<link rel="modulepreload">` elements and imports them from an inline module script. Over HTTP/1.1 on a slow
 * phone connection those ~25 requests (~125 KB) queue ahead of the stylesheet and the fonts and share their
 * bandwidth, so the page, complete in its HTML, paints late (Lighthouse measured LCP 2.6 s on slow 4G). The page
 * needs no script to be read, so here its scripts start after the first frame: the same modules, preloaded in
 * parallel, hydrating a few milliseconds later on a fast connection, while the content shows much sooner than it otherwise
 * would on a slow one (docs/decisions/009).
 */

import { transformSync } from "esbuild";

/**
 * Six per task measured 51-54 ms a task under DevTools' 4x CPU slowdown on /demo-voting, right after the first
 * paint, where each task over 50 ms counts as blocking time (docs/decisions/030); three keep each task near half.
 */
const preloadsPerTask = 3;
const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
/**
 * A page's data file, which its route preloads (`as="fetch"`: the programme, the speakers' directory; decision 077).
 * The prerendered page already shows what the file holds, and only its hydration reads it: fetched with the HTML, the
 * file shares the slow connection with the stylesheet and the fonts the first paint waits for (at 1,100 sessions the
 * programme is 37 KB, the directory 24 KB). It starts after the first paint, before the modules (decision 088).
 */
const dataPreload = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous"\/>/g;
const bootstrap = /<script[^>]* type="module" async(?:="")?>([\s\S]*?)<\/script>/;
const islandScript = /<script type="module" src="([^"]+)"><\/script>/;
/**
 * Waits for the first contentful paint. The browser reports it once it is on screen; where it cannot, a timeout set
 * from a frame callback runs after that frame has painted.
 */
const firstPaint = [
  "await new Promise((resolve) => {",
  '  if (!PerformanceObserver.supportedEntryTypes.includes("paint")) return requestAnimationFrame(() => setTimeout(resolve));',
  "  new PerformanceObserver((list, observer) => {",
  '    if (list.getEntriesByName("first-contentful-paint").length > 0) observer.disconnect(), resolve();',
  '  }).observe({ type: "paint", buffered: true });',
  "});",
];
/**
 * A page that paints nothing before it runs (the stream's overlays: transparent, their graphics drawn by their
 * script; root.tsx marks them `data-transparent`) never has a first contentful paint: it starts after its first frame.
 */
const firstFrame = ["await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));"];
const paintsNothing = /<html[^>]* data-transparent/;
const sideEffectImport = /^import "([^"]+)";$/;
// A route module split in parts (its client loader apart from its component) is imported part by part
// (`route1_clientLoader`, `route1_main`), then put together in a line of the bootstrap's own.
const namespaceImport = /^import \* as (route\d+(?:_\w+)?) from "([^"]+)";$/;

/**
 * The page with its modulepreload links removed and its bootstrap script rewritten to preload and import the same
 * modules once the first frame has painted. A page without React Router's bootstrap (the static home page) has
 * its island script load after the first paint in the same way; a bootstrap of an unexpected shape stops the build
 * rather than shipping a page that cannot hydrate.
 */
export function deferHydration(html: string): string {
  const found = bootstrap.exec(html);
  if (!found) {
    if (html.includes('rel="modulepreload"'))
      throw new Error("Module preloads without React Router's bootstrap script");
    // A static page's island (the home page's) waits for the first paint too: its module and the few it imports
    // would otherwise be fetched, a round trip each, ahead of the page's first paint.
    return html.replace(
      islandScript,
      (_, src: string) =>
        `<script type="module">${minified([...firstPaint, `await import(${JSON.stringify(src)});`])}</script>`,
    );
  }
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1] as string);
  const dataFiles = [...html.matchAll(dataPreload)].map((match) => match[1] as string);
  const imports: { binding?: string; href: string }[] = [];
  const rest: string[] = [];
  for (const line of (found[1] ?? "").split("\n")) {
    const trimmed = line.trim();
    const sideEffect = sideEffectImport.exec(trimmed);
    const namespace = namespaceImport.exec(trimmed);
    if (sideEffect) imports.push({ href: sideEffect[1] as string });
    else if (namespace) imports.push({ binding: namespace[1], href: namespace[2] as string });
    else if (/^import\s/.test(trimmed)) throw new Error(`Unexpected import in React Router's bootstrap: ${trimmed}`);
    else if (trimmed !== "") rest.push(trimmed);
  }
  if (imports.length === 0 || !rest.some((line) => line.includes("__reactRouterRouteModules"))) {
    throw new Error("React Router's bootstrap script changed shape: update scripts/build/defer-hydration.ts");
  }

  const bindings = imports.map((entry) => entry.binding ?? "").join(", ");
  const script: string[] = [
    ...(paintsNothing.test(html) ? firstFrame : firstPaint),
    ...dataFiles.map(
      (href) =>
        `document.head.append(Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: ${JSON.stringify(href)} }));`,
    ),
    // The modules the imports below would only discover one level at a time, a few per task: starting a request
    // is not free (~1 ms each on a fast machine while DevTools watches the network, four times that on a phone),
    // and this runs just as the visitor starts reading and scrolling.
    `const preloads = ${JSON.stringify(preloads.filter((href) => !imports.some((entry) => entry.href === href)))};`,
    `for (let start = 0; start < preloads.length; start += ${String(preloadsPerTask)}) {`,
    "  if (start > 0) await new Promise((resolve) => setTimeout(resolve));",
    `  for (const href of preloads.slice(start, start + ${String(preloadsPerTask)}))`,
    '    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));',
    "}",
    `const [${bindings}] = await Promise.all([${imports.map((entry) => `import(${JSON.stringify(entry.href)})`).join(", ")}]);`,
    ...rest,
  ];
  return html
    .replace(modulePreload, "")
    .replace(dataPreload, "")
    .replace(bootstrap, () => `<script type="module">${minified(script)}</script>`);
}

/**
 * The script as it is shipped: minified, since it is inline in every page and counts against each page's budget
 * (about 200 bytes of gzip saved on a hydrated page, which a German catalogue's longer words need; decision 048).
 */
function minified(lines: string[]): string {
  return transformSync(lines.join("\n"), { minify: true, format: "esm", target: "es2022" }).code.trim();
}
