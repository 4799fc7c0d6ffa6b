import { build } from "esbuild";
import { repositoryRoot, serverEntry } from "../../server/start-command";

/**
 * Compiles server/ (with the content and the app's shared modules it imports) into one JavaScript file, so that
 * `npm start` runs plain Node with no TypeScript loader in the process (decision 014). Packages stay imports
 * of node_modules: better-sqlite3 is native, and the others are already JavaScript. Returns a one-line summary.
 */
export async function buildServer(): Promise<string> {
  const result = await build({
    absWorkingDir: repositoryRoot,
    entryPoints: ["server/index.ts"],
    outfile: serverEntry,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20.19",
    // Stack traces in the log can name the source files (`node --enable-source-maps` reads the map).
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  const modules = Object.keys(result.metafile.inputs).length;
  return `${serverEntry} from ${String(modules)} modules (${(bytes / 1024).toFixed(0)} KB with its source map)`;
}

if (import.meta.filename === process.argv[1]) console.log(`build-server: ${await buildServer()}`);
