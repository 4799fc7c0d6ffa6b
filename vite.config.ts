import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { offlineIslandPath } from "./common/offline-pages.ts";
import { homeIslandPath } from "./common/site-paths.ts";
import * as contentExports from "./content/index.ts";
import { editionPublicDir } from "./content/editions.ts";

/**
 * The browser gets the edition as plain data. `content/index.ts` validates it with zod, which is right for the
 * build, the server and the tests, but would ship zod and the validator to every visitor to re-check data that
 * the build has already proved. For the client environment only, imports of the content module resolve to a
 * facade that re-exports each section of the validated edition from a module of its own, holding it as JSON: a
 * page's chunks then carry the sections that page reads, not the whole edition. (Vite restarts when content files
 * change, since this config imports them.)
 */
/**
 * What of the edition the browser's code may import: its settings, the same size whatever the programme's. The
 * programme itself (sessions, talks, speakers, rooms, demos, sponsors, briefings) reaches a page as that page's own
 * data (its route's loader, prerendered into the HTML and its `.data` file) or, for what follows the clock in the
 * browser, as the compact programme fetched after load (app/lib/programme.ts): never in a script every page loads,
 * which at 1,100 sessions would be 100 KB of every page's first load (decision 073). Browser code that reads another
 * section fails the build.
 */
const inBrowser = new Set(["editionId", "event", "stage", "briefingConfig", "eventSpan", "onAirSpans"]);

function editionAsData(): Plugin {
  const contentModule = path.resolve("content/index.ts");
  const facadeId = "\0edition-data";
  const sectionPrefix = "\0edition-data/";
  const data = new Map(Object.entries(contentExports).filter(([name]) => inBrowser.has(name)));
  const sections = [...data.keys()];
  return {
    name: "glosaic-edition-as-data",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client" || !importer) return null;
      if (source.startsWith(sectionPrefix)) return source;
      if (!/content(\/index(\.ts)?)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === contentModule ? facadeId : null;
    },
    // Reading a section the browser's copy does not hold is undefined at run time: stop the build instead.
    onLog(_level, log) {
      if (log.code === "IMPORT_IS_UNDEFINED" && log.message.includes("edition-data")) {
        this.error(
          `${log.message}. The browser holds only the edition's ${[...inBrowser].join(", ")}: a page takes the programme from its route's loader, or after load from app/lib/programme.ts (decision 073).`,
        );
      }
    },
    load(id) {
      if (id === facadeId) {
        return sections
          .map((section) => `export { ${section} } from ${JSON.stringify(sectionPrefix + section)};`)
          .join("\n");
      }
      if (!id.startsWith(sectionPrefix)) return null;
      const section = id.slice(sectionPrefix.length);
      // JSON.parse of a string literal parses faster than the same data as an object literal.
      return `export const ${section} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(data.get(section)))});`;
    },
  };
}

/**
 * The home page is served without React (see app/root.tsx): its one script is the home island, an extra
 * entry of the client build. It is written under a fixed name, outside the immutable /assets/, so the prerendered
 * page can name it; its imports are hashed as usual. The service worker's page side (app/islands/offline.ts) is an
 * island too, for another reason: every page imports it once loaded, and Vite would wrap an import of a chunk of
 * its own in its preload helper and list of dependencies, bytes that every page's first load carries. An import
 * of a fixed name is a plain `import()`.
 *
 * The islands' static imports are copies of their own (`?island`): the app's modules are merged into a shared chunk
 * below that imports React, and a module an island shared with the pages would bring that chunk, and React, to
 * the static page. What an island imports dynamically (React and the live strip, near the day) is the pages' own.
 */
const islandMark = "?island";
function islands(): Plugin {
  const entries = new Map([
    [path.resolve("app/islands/home.ts"), homeIslandPath.slice(1)],
    [path.resolve("app/islands/offline.ts"), offlineIslandPath.slice(1)],
  ]);
  return {
    name: "glosaic-islands",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    apply: "build",
    buildStart() {
      for (const [id, fileName] of entries) this.emitFile({ type: "chunk", id, fileName });
    },
    async resolveId(source, importer, options) {
      if (
        !importer ||
        (!entries.has(importer) && !importer.endsWith(islandMark)) ||
        options.kind === "dynamic-import"
      ) {
        return null;
      }
      const resolved = await this.resolve(source, importer.replace(islandMark, ""), { ...options, skipSelf: true });
      // Vite's preload helper is the pages' own too: it imports nothing, and a copy would load it twice on a page.
      if (!resolved || resolved.external || /node_modules|^\0vite\//.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id + islandMark };
    },
    load(id) {
      if (!id.endsWith(islandMark)) return null;
      const original = id.slice(0, -islandMark.length);
      return original.startsWith("\0") ? this.load({ id: original }).then((info) => info.code ?? null) : null;
    },
  };
}

/**
 * The instant the prerendered pages show (the voting countdown renders as of it, until the browser's clock takes
 * over). React Router loads this config once for the client build and again for the server build; the value is
 * kept in the environment so both builds, and so the HTML and its hydration, agree on it.
 */
process.env.SITE_BUILT_AT ??= new Date().toISOString();

/**
 * The programme as the show runs it (decision 092): the stage and the overlays load it with their code, the agenda and
 * the talk pages only once the show moves something (app/lib/use-show-schedule.ts). Kept out of the app's shared file,
 * which every page loads.
 */
const showSchedule = /[\\/]app[\\/]lib[\\/]show-schedule\.ts$/;

export default defineConfig({
  plugins: [islands(), editionAsData(), tailwindcss(), reactRouter()],
  // The edition's images (portraits, logos, share image, favicon) are served at the site's root.
  publicDir: editionPublicDir(contentExports.editionId),
  define: { __BUILT_AT__: JSON.stringify(process.env.SITE_BUILT_AT) },
  build: {
    // A font stays a file of its own, fetched only by a page that needs it (the small symbols' part of a subset
    // font, scripts/build/subset-fonts.ts), rather than riding in the stylesheet of every page.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    // hls.js (about 580 KB, 180 KB gzip) is one library, loaded only by a stage that plays an HLS stream in a browser
    // without native HLS: the warning's advice to split it has nothing to split. Every other chunk stays far below.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The interface's words are string constants (scripts/build/messages.ts): inlined where they are used, a page
      // carries each word as if it were written there, without an export and an import to reach it across chunks.
      optimization: { inlineConst: { mode: "all" } },
      output: {
        codeSplitting: {
          groups: [
            // Every hydrated page needs React and the router: one file, compressed as one.
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // The app's modules and what they share with the server (common/), with the edition's sections and the
            // interface's words, that four pages or more
            // load: one file, compressed as one. Left to themselves they were two dozen chunks of a few hundred bytes
            // on every page, each with its own compression overhead and a line in the router's manifest: 3-4 KB of
            // every page's first load.
            {
              name: "app",
              test: (id) =>
                !id.endsWith(islandMark) &&
                !showSchedule.test(id) &&
                /[\\/](app|common)[\\/]|^\0edition-data|[\\/]\.generated[\\/]messages\./.test(id),
              minShareCount: 4,
              priority: 1,
            },
            // The one way live parts read the API (decision 061), and the programme they fetch through it (with the
            // way a page renders from a file the build writes, which the speakers' directory shares): a file of its
            // own, loaded by the pages that have a live part, rather than in the app's shared file, which every page
            // loads (priority over that group).
            {
              name: "live-data",
              test: /[\\/]app[\\/]lib[\\/](live-data|programme|rendered-file)\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
