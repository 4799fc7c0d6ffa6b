import { configDefaults, defineConfig } from "vitest/config";
import { referenceFiles, testScope } from "./scripts/test-scope";

const roots = "{app,content,interop,server,scripts}";
const scope = testScope();

// Unit and server tests only; the React Router plugin is for the app build, not for these.
export default defineConfig({
  test: {
    // The reference edition's spec checks, the edition's own tests, or both (scripts/test-scope.ts).
    include: [scope === "reference" ? `${roots}/${referenceFiles("test")}` : `${roots}/**/*.test.ts`],
    exclude: [...configDefaults.exclude, ...(scope === "edition" ? [referenceFiles("test")] : [])],
    environment: "node",
    globalSetup: ["tests/compile-server.ts"],
  },
});
