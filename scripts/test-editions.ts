import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eventSpanOf } from "../content/event-span";
import {
  defaultEditionId,
  editionDir,
  editionIds,
  readEditionInput,
  selectedEditionId,
  testEditionsRoot,
} from "../content/editions";
import { validateEdition } from "../content/validate";
import { editionMomentsOf } from "../tests/e2e/phase-moments";
import { testScopeVariable, type TestScope } from "./test-scope";

/**
 * `npm test` after the type check and the lint: build, unit tests, browser tests, edition by edition.
 *
 * 1. The edition EDITION names (the reference edition when unset): its build, every test that takes its expected
 *    values from the edition, and the Lighthouse sample. On the reference edition, the spec's checks run here too.
 * 2. The same edition built as of the instant before its day that the phase tests use (editionMomentsOf's
 *    `upcoming`, from its own programme; SITE_BUILT_AT), and the tests of what
 *    its pages show without scripts: its own build shows today's phase, and an edition that is over would never
 *    be seen as built before its day, when no page may offer recordings (decision 036).
 * 3. When EDITION names another edition, the reference edition's build and the spec's exact checks
 *    (`*.reference.test.ts`, `*.reference.spec.ts`), which hold only there.
 * 4. Each small test edition in tests/editions (another zone, another shape): its build and the edition's tests,
 *    so that a test that pins one edition's facts fails here, not when an organiser changes the content. A test
 *    edition whose folder holds a `tests.json` takes only the test files it lists (`unit`, `browser`, or `"all"`),
 *    with the reason (`why`): an imported programme has no demos, briefings or panel for the rest to test, and
 *    the tests of mechanics that no edition's shape changes need not run on every edition (decision 044).
 * 5. A German copy of the reference edition (its folder as it is, `"locale": "de"` in its event.json; written for
 *    its pass and removed after it): its build, which holds every page's script budget in German, and the tests of
 *    what the interface's language changes (issue 31): no page shows an English interface string, and the pages a
 *    visitor reads most work in it.
 *
 * The selected edition's build is the one left in build/ at the end, as `npm start` expects.
 */
interface Pass {
  edition: string;
  scope: TestScope;
  lighthouse: boolean;
  /** The test files this edition takes, when not all of them. */
  files?: { unit: string[]; browser: string[] };
  /** The instant its pages are built as of (SITE_BUILT_AT, read by vite.config.ts), when not the build's own. */
  builtAt?: string;
  /** An edition copied for the pass, in another language: the edition it copies and the locale it is given. */
  copyOf?: { edition: string; locale: string };
}

/** The German copy's id: a test edition's folder, which exists only while its pass runs. */
const germanCopy = `${defaultEditionId}-de`;

/** Writes a pass's copied edition: the edition's folder as it is, with the pass's locale. */
function writeCopy(pass: Pass): void {
  if (!pass.copyOf) return;
  const folder = path.join(testEditionsRoot, pass.edition);
  rmSync(folder, { recursive: true, force: true });
  cpSync(editionDir(pass.copyOf.edition), folder, { recursive: true });
  const eventFile = path.join(folder, "event.json");
  const event = JSON.parse(readFileSync(eventFile, "utf8")) as Record<string, unknown>;
  writeFileSync(eventFile, `${JSON.stringify({ ...event, locale: pass.copyOf.locale }, null, 2)}\n`);
}

function removeCopy(pass: Pass): void {
  if (pass.copyOf) rmSync(path.join(testEditionsRoot, pass.edition), { recursive: true, force: true });
}

/** A test edition's own choice of test files (tests/editions/<id>/tests.json), if it makes one. */
function filesOf(id: string): Pass["files"] {
  const file = path.join(testEditionsRoot, id, "tests.json");
  if (!existsSync(file)) return undefined;
  const { unit, browser } = JSON.parse(readFileSync(file, "utf8")) as { unit?: unknown; browser?: unknown };
  // "all" takes every test file of the kind (an empty list, as vitest and Playwright read their arguments).
  const list = (value: unknown, key: string) => {
    if (value === "all") return [];
    if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string")) {
      throw new Error(`${path.relative(process.cwd(), file)}: "${key}" must list test files, or say "all"`);
    }
    return value;
  };
  return { unit: list(unit, "unit"), browser: list(browser, "browser") };
}

const selected = selectedEditionId();
/** The instant the selected edition is built as of in its pass before its day, taken from its own programme. */
const beforeItsDay = editionMomentsOf(
  eventSpanOf(validateEdition(readEditionInput(selected), selected).agenda),
).upcoming;
const passes: Pass[] = [
  { edition: selected, scope: selected === defaultEditionId ? "all" : "edition", lighthouse: true },
  {
    edition: selected,
    scope: "edition",
    lighthouse: false,
    files: { unit: ["scripts/built-site.test.ts"], browser: ["tests/e2e/no-javascript.spec.ts"] },
    builtAt: beforeItsDay,
  },
  ...(selected === defaultEditionId
    ? []
    : [{ edition: defaultEditionId, scope: "reference" as const, lighthouse: false }]),
  ...editionIds(testEditionsRoot)
    .filter((id) => id !== selected && id !== germanCopy)
    .map((id): Pass => {
      const files = filesOf(id);
      return { edition: id, scope: "edition", lighthouse: false, ...(files ? { files } : {}) };
    }),
  {
    edition: germanCopy,
    scope: "edition",
    lighthouse: false,
    copyOf: { edition: defaultEditionId, locale: "de" },
    files: {
      unit: ["app/lib/live.test.ts", "app/lib/next-day.test.ts"],
      browser: [
        "tests/e2e/interface-language.spec.ts",
        "tests/e2e/home.spec.ts",
        "tests/e2e/agenda.spec.ts",
        "tests/e2e/talks.spec.ts",
        "tests/e2e/my-schedule.spec.ts",
      ],
    },
  },
];

function label(pass: Pass): string {
  return `${pass.edition}${pass.builtAt ? ` built as of ${pass.builtAt}` : ""}, ${pass.scope} tests`;
}

function run(pass: Pass, command: string, args: string[]): void {
  console.log(`\n[${label(pass)}] ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      EDITION: pass.edition,
      [testScopeVariable]: pass.scope,
      ...(pass.builtAt ? { SITE_BUILT_AT: pass.builtAt } : {}),
    },
  });
  if (result.status !== 0) {
    throw new Error(
      `[${label(pass)}] ${command} ${args.join(" ")} failed (exit ${String(result.status ?? result.signal)})`,
    );
  }
}

let built: Pass | undefined;
try {
  run(passes[0] as Pass, "bash", ["scripts/ensure-chromium.sh"]);
  run(passes[0] as Pass, "bash", ["scripts/ensure-xmllint.sh"]);
  run(passes[0] as Pass, "bash", ["scripts/ensure-ffmpeg.sh"]);
  for (const pass of passes) {
    writeCopy(pass);
    try {
      run(pass, "npm", ["run", "build"]);
      built = pass;
      run(pass, "npx", ["vitest", "run", ...(pass.files?.unit ?? [])]);
      run(pass, "npx", ["playwright", "test", ...(pass.files?.browser ?? [])]);
      if (pass.lighthouse) run(pass, "npm", ["run", "test:lighthouse"]);
    } finally {
      removeCopy(pass);
    }
  }
  console.log(`\nEvery pass green: ${passes.map(label).join("; ")}.`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  // Leave the selected edition's build behind, whichever pass stopped.
  if (built && built !== passes[0]) run(passes[0] as Pass, "npm", ["run", "build"]);
}
