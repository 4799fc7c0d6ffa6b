import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { edition } from "./content";

/**
 * The browser gets the edition as plain data. `content/index.ts` validates it with zod, which is right for the
 * build, the server and the tests, but would ship zod and the validator to every visitor to re-check data that
 * the build has already proved. For the client environment only, imports of the content module resolve to a
 * module holding the validated edition as JSON. (Vite restarts when content files change, since this config
 * imports them.)
 */
function editionAsData(): Plugin {
  const contentModule = path.resolve("content/index.ts");
  const virtualId = "\0edition-data";
  return {
    name: "glosaic-edition-as-data",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client" || !importer || !/content(\/index(\.ts)?)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === contentModule ? virtualId : null;
    },
    load(id) {
      if (id !== virtualId) return null;
      // JSON.parse of a string literal parses faster than the same data as an object literal.
      return `export const edition = JSON.parse(${JSON.stringify(JSON.stringify(edition))});`;
    },
  };
}

/**
 * The instant the prerendered pages show (the voting countdown renders as of it, until the browser's clock takes
 * over). React Router loads this config once for the client build and again for the server build; the value is
 * kept in the environment so both builds, and so the HTML and its hydration, agree on it.
 */
process.env.GLOSAIC_BUILT_AT ??= new Date().toISOString();

export default defineConfig({
  plugins: [editionAsData(), tailwindcss(), reactRouter()],
  define: { __BUILT_AT__: JSON.stringify(process.env.GLOSAIC_BUILT_AT) },
});
