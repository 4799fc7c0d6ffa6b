import { defineConfig } from "vitest/config";

// Unit and server tests only; the React Router plugin is for the app build, not for these.
export default defineConfig({
  test: {
    include: ["{app,content,server,scripts}/**/*.test.ts"],
    environment: "node",
    globalSetup: ["server/test-support/compile-server.ts"],
  },
});
