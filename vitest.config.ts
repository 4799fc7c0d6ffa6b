import { configDefaults, defineConfig } from "vitest/config";
import { largeFiles, referenceFiles, testScope } from "./scripts/test/test-scope";

const roots = "{app,content,interop,server,scripts,common}";
const scope = testScope();

/**
 * The unit and server tests, in three projects by what a test needs, each named by its file's suffix:
 * - `fast` (`*.test.ts`): nothing built and no process of the server: the one-minute loop, `npm run test:fast`.
 * - `server` (`*.server.test.ts`): the compiled server in a process of its own (tests that kill it, stop it or
 *   send it raw bytes); Vitest compiles it from the source first.
 * - `built` (`*.built.test.ts`): the built site in build/ (`npm run build` first).
 * The reference edition's spec checks (`*.reference.*`) and the tests of a programme's size (`*.large.*`) run or not by
 * TEST_SCOPE (scripts/test/test-scope.ts).
 */
const kinds = { fast: "test", server: "server.test", built: "built.test" } as const;
const otherKinds = [`**/*.${kinds.server}.ts`, `**/*.${kinds.built}.ts`];

function project(name: keyof typeof kinds) {
  const suffix = kinds[name];
  return {
    test: {
      name,
      include: [scope === "reference" ? `${roots}/${referenceFiles(suffix)}` : `${roots}/**/*.${suffix}.ts`],
      exclude: [
        ...configDefaults.exclude,
        ...(name === "fast" ? otherKinds : []),
        ...(scope === "edition" || scope === "large" ? [referenceFiles(suffix)] : []),
        ...(name === "built" && scope !== "large" ? [largeFiles("built.test")] : []),
      ],
      environment: "node",
      // The fast project's files share each worker's modules: its tests read and write no module's state, and the
      // imports were half of its time (decision 075). The others start processes and keep Vitest's isolation.
      ...(name === "fast" ? { isolate: false, setupFiles: ["tests/restore-globals.ts"] } : {}),
      globalSetup:
        name === "fast" ? ["tests/write-messages.ts"] : ["tests/write-messages.ts", "tests/compile-server.ts"],
    },
  };
}

// The React Router plugin is for the app build, not for these.
export default defineConfig({ test: { projects: [project("fast"), project("server"), project("built")] } });
