import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * How the server is started, read from `npm start` in package.json: the one place the command is written. The
 * build compiles the server to the file it names, and the tests, the browser tests, the bench and the screenshots
 * start that file the same way an operator does, with plain `node` and no TypeScript loader. A fact of the server,
 * so it lives in server/: the build steps and tools in scripts/ import it from here, never the other way round.
 */
export const repositoryRoot = path.resolve(import.meta.dirname, "..");

const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as {
  scripts?: Record<string, string>;
};
const start = manifest.scripts?.start ?? "";
const entry = /^node (\S+\.js)$/.exec(start)?.[1];
if (!entry)
  throw new Error(`package.json's start script must be "node <compiled server>.js", not ${JSON.stringify(start)}`);

/** The compiled server, relative to the repository (what `npm run build` writes and `npm start` runs). */
export const serverEntry = entry;

/** The arguments to give Node (`process.execPath`) to start the server from any working folder. */
export const serverArgs: readonly string[] = [path.join(repositoryRoot, serverEntry)];

/** The same as one shell command line, for tools that take a string (Playwright's webServer). */
export const serverCommandLine = [process.execPath, ...serverArgs].map((part) => `'${part}'`).join(" ");
