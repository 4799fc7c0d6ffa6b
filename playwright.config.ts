import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, testBrowserPath } from "./scripts/tools/local-site";
import { serverCommandLine } from "./server/start-command";
import { largeFiles, referenceFiles, testScope } from "./scripts/test/test-scope";
import { loopbackStreams } from "./scripts/test/test-stream";
import { stage } from "./content";
import { databaseFor, mainPort, votingOpenEnvironment, votingOpenPort } from "./tests/e2e/servers";

if (!existsSync(testBrowserPath)) {
  throw new Error(
    `Browser tests use Debian's Chromium headless shell at ${testBrowserPath}: apt-get update && apt-get install -y chromium-headless-shell`,
  );
}

/**
 * End-to-end tests run in Debian's Chromium against the built site, served by our own server exactly as in
 * production (`npm run build` first; `npm test` does both).
 */
const scope = testScope();
const ignored = [
  ...(scope === "edition" || scope === "large" ? [referenceFiles("spec")] : []),
  ...(scope === "large" ? [] : [largeFiles("spec")]),
];
/**
 * The specs that pin questions on air on the suite's voting server. A pin takes every other question of its stage
 * off air, and the reference edition has one stage: two of these at once would take each other's off air.
 */
const pinningSpecs = ["**/overlays.spec.ts", "**/moderate.spec.ts", "**/questions.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  // The reference edition's spec checks, the edition's own tests, or both (scripts/test/test-scope.ts); the tests of
  // a programme's size only in the large pass.
  testMatch: scope === "reference" ? referenceFiles("spec") : "**/*.spec.ts",
  testIgnore: ignored,
  projects: [
    // One test at a time: the stage's air is one (issue 44), so a pin by one of these takes another's off air. First,
    // so that its one worker starts at once beside the other's pages rather than running alone at the end.
    ...(scope === "reference" ? [] : [{ name: "pins", testMatch: pinningSpecs, workers: 1 }]),
    { name: "pages", testIgnore: [...ignored, ...pinningSpecs] },
  ],
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  // Shared, noisy machines: a page plus an axe scan has taken 12 s under load. The budget stops hangs, not slowness.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "reports/playwright" }]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${mainPort}`,
    viewport: { width: 1440, height: 900 },
    browserName: "chromium",
    launchOptions: {
      executablePath: testBrowserPath,
      args: chromiumArgs,
    },
    // No trace by default: recording one took a fifth of the suite's time, for every passing test (decision 076).
    // `npx playwright test --trace retain-on-failure <file>` records them when a failure needs one.
    trace: "off",
    // Every other spec sees the site as a first visit does, with no service worker between the page and the
    // server (a worker keeps the programme after the page has loaded: 200 files per test's browser context).
    // tests/e2e/offline.spec.ts tests the worker, and allows it.
    serviceWorkers: "block",
  },
  webServer: [server(mainPort), server(votingOpenPort, votingOpenEnvironment()), ...testStreams()],
});

/** The edition's HLS streams on this machine, made and served by scripts/test/test-stream.ts, when it names any. */
function testStreams() {
  const [first] = loopbackStreams(stage);
  if (!first) return [];
  return [
    {
      command: "npx tsx scripts/test/test-stream.ts",
      url: first.href,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ];
}

/** Our server on `port` with a vote store of its own, emptied first so every run starts from the seed counts. */
function server(port: number, env: Record<string, string> = {}) {
  const database = databaseFor(port);
  return {
    command: `rm -f '${database}' '${database}-wal' '${database}-shm' && ${serverCommandLine}`,
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_PATH: database,
      // Every test's browser is a new visitor, and all of them come from 127.0.0.1.
      RATE_LIMIT_NEW_VOTERS: "100000",
      ...env,
    },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  };
}
