/**
 * Which tests a run takes, for the suite's passes over editions (scripts/test/test-editions.ts). The tests of the
 * spec's exact strings and figures live in files named `*.reference.test.ts` (unit) and `*.reference.spec.ts`
 * (browser): they run on the reference edition whatever EDITION says. Every other test takes its expected values
 * from the edition it runs on. `TEST_SCOPE` says which of the two a run takes; unset, both.
 */
export type TestScope = "all" | "edition" | "reference";

export const testScopeVariable = "TEST_SCOPE";

export function testScope(env: NodeJS.ProcessEnv = process.env): TestScope {
  const value = env[testScopeVariable] ?? "all";
  if (value === "all" || value === "edition" || value === "reference") return value;
  throw new Error(`${testScopeVariable} must be all, edition or reference (got ${JSON.stringify(value)})`);
}

/**
 * The reference edition's test files of one kind: `reference.test` (unit), `reference.server.test` and
 * `reference.built.test` (the unit tests that need the server's process or the built site), `reference.spec` (browser).
 */
export function referenceFiles(kind: "test" | "server.test" | "built.test" | "spec"): string {
  return `**/*.reference.${kind}.ts`;
}
