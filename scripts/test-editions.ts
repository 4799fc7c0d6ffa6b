import { spawnSync } from "node:child_process";
import { defaultEditionId, editionIds, selectedEditionId, testEditionsRoot } from "../content/editions";
import { testScopeVariable, type TestScope } from "./test-scope";

/**
 * `npm test` after the type check and the lint: build, unit tests, browser tests, edition by edition.
 *
 * 1. The edition EDITION names (the reference edition when unset): its build, every test that takes its expected
 *    values from the edition, and the Lighthouse sample. On the reference edition, the spec's checks run here too.
 * 2. When EDITION names another edition, the reference edition's build and the spec's exact checks
 *    (`*.reference.test.ts`, `*.reference.spec.ts`), which hold only there.
 * 3. Each small test edition in tests/editions (another zone, another shape): its build and the edition's tests,
 *    so that a test that pins one edition's facts fails here, not when an organiser changes the content.
 *
 * The selected edition's build is the one left in build/ at the end, as `npm start` expects.
 */
interface Pass {
  edition: string;
  scope: TestScope;
  lighthouse: boolean;
}

const selected = selectedEditionId();
const passes: Pass[] = [
  { edition: selected, scope: selected === defaultEditionId ? "all" : "edition", lighthouse: true },
  ...(selected === defaultEditionId
    ? []
    : [{ edition: defaultEditionId, scope: "reference" as const, lighthouse: false }]),
  ...editionIds(testEditionsRoot)
    .filter((id) => id !== selected)
    .map((id) => ({ edition: id, scope: "edition" as const, lighthouse: false })),
];

function run(pass: Pass, command: string, args: string[]): void {
  console.log(`\n[${pass.edition}, ${pass.scope} tests] ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, EDITION: pass.edition, [testScopeVariable]: pass.scope },
  });
  if (result.status !== 0) {
    throw new Error(
      `[${pass.edition}, ${pass.scope} tests] ${command} ${args.join(" ")} failed (exit ${String(result.status ?? result.signal)})`,
    );
  }
}

let built = "";
try {
  run(passes[0] as Pass, "bash", ["scripts/ensure-chromium.sh"]);
  run(passes[0] as Pass, "bash", ["scripts/ensure-xmllint.sh"]);
  for (const pass of passes) {
    run(pass, "npm", ["run", "build"]);
    built = pass.edition;
    run(pass, "npx", ["vitest", "run"]);
    run(pass, "npx", ["playwright", "test"]);
    if (pass.lighthouse) run(pass, "npm", ["run", "test:lighthouse"]);
  }
  console.log(`\nEvery pass green: ${passes.map((pass) => `${pass.edition} (${pass.scope})`).join(", ")}.`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  // Leave the selected edition's build behind, whichever pass stopped.
  if (built && built !== selected) run(passes[0] as Pass, "npm", ["run", "build"]);
}
