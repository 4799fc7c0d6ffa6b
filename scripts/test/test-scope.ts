/**
 * Which tests a run takes, for the suite's passes over editions (scripts/test/test-editions.ts). The tests of the
 * spec's exact strings and figures live in files named `*.reference.test.ts` (unit) and `*.reference.spec.ts`
 * (browser): they run on the reference edition whatever EDITION says. Every other test takes its expected values
 * from the edition it runs on. `TEST_SCOPE` says which of the two a run takes; unset, both. The tests of a
 * programme's size (`*.large.*`) run only in the suite's pass over its large generated edition, scope `large`, with
 * the edition's tests that pass lists.
 */
export type TestScope = "all" | "edition" | "reference" | "large";

export const testScopeVariable = "TEST_SCOPE";

export function testScope(env: NodeJS.ProcessEnv = process.env): TestScope {
  const value = env[testScopeVariable] ?? "all";
  if (value === "all" || value === "edition" || value === "reference" || value === "large") return value;
  throw new Error(`${testScopeVariable} must be all, edition, reference or large (got ${JSON.stringify(value)})`);
}

/**
 * The reference edition's test files of one kind: `reference.test` (unit), `reference.server.test` and
 * `reference.built.test` (the unit tests that need the server's process or the built site), `reference.spec` (browser).
 */
export function referenceFiles(kind: "test" | "server.test" | "built.test" | "spec"): string {
  return `**/*.reference.${kind}.ts`;
}

/** The tests of a programme's size, of one kind: `large.built.test` (unit, on the built site), `large.spec` (browser). */
export function largeFiles(kind: "built.test" | "spec"): string {
  return `**/*.large.${kind}.ts`;
}

/**
 * Where the suite keeps a copy of the reference edition's build for the large pass to measure against: each kind
 * of page's first-load JavaScript at 24 sessions (scripts/build/scale.large.built.test.ts).
 */
export const referenceBuildVariable = "REFERENCE_BUILD";
