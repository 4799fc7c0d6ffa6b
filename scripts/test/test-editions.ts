import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eventSpanOf } from "../../content/event-span";
import {
  defaultEditionId,
  editionDir,
  editionIds,
  readEditionInput,
  selectedEditionId,
  testEditionsRoot,
} from "../../content/editions";
import { validateEdition } from "../../content/validate";
import { noScriptBuildsOf } from "../../tests/e2e/phase-moments";
import { importSchedule } from "../../interop/schedule-import";
import { largeSchedule } from "../../interop/test-support/large-schedule";
import { referenceBuildVariable, testScopeVariable, type TestScope } from "./test-scope";

/**
 * `npm test` after the type check and the lint: the unit tests, then build and browser tests, edition by edition.
 * Each edition runs only the tests its content, zone or language changes (decision 044); nothing is built twice
 * for the same purpose. Performance is not judged here but by `npm run audit`.
 *
 * First, before any build, the unit tests that need no build (Vitest's `fast` project) once: its tests of logic an
 * edition's shape, zone or content changes run on every edition in that one process (`describe.each` over
 * tests/every-edition.ts, decision 063). Then, per edition, only the fast files its pass lists: those that still read
 * the build's edition (EDITION) or its compiled words. Then the `server` project, which starts the compiled server,
 * on the selected edition only (mechanics no edition's shape changes). Then a pass per build:
 * 1. The selected edition (EDITION, or the reference edition) built as of an instant in each phase of its windows
 *    that today's build does not show (before its day, voting open, on air, over: noScriptBuildsOf, from its own
 *    content; SITE_BUILT_AT), and the tests of what its pages show and offer without scripts (decision 060): an
 *    edition that is over would never be seen as built before its day, or with its voting open.
 * 2. Each small test edition in tests/editions (another zone, another shape): its build and the edition's tests,
 *    so that a test that pins one edition's facts fails here, not when an organiser changes the content. A test
 *    edition whose folder holds a `tests.json` takes only the test files it lists (`unit`, `browser`, or `"all"`),
 *    with the reason (`why`); its `unit` list names the fast files that still need its EDITION, and the built ones.
 * 3. A German copy of the reference edition (its folder as it is, `"locale": "de"` in its event.json; written for
 *    the run and removed after it): its build, which holds every page's script budget in German, and the tests of
 *    what the interface's language changes (issue 31).
 * 4. When EDITION names another edition, the reference edition's build and the spec's exact checks
 *    (`*.reference.*`), which hold only there.
 * 5. A programme of FOSDEM's size (1,100 sessions in 35 rooms, 1,200 speakers: scripts/tools/generate-schedule.ts),
 *    generated and imported for its pass and removed after it (never before the unit tests, which would take it
 *    among the editions they run on): its build, which holds every page's script budget, the tests of what its size
 *    costs a visitor (`*.large.*`: each kind of page's first-load JavaScript against the reference edition's build,
 *    which the suite keeps aside for it, and the offline copy), the offline copy in the browser (issue 42), and the
 *    agenda at that size in the browser: titles apart, the first session on a phone's first screen, search and
 *    filters (agenda.large.spec.ts), its track pages and the speakers' directory of 1,200 people in many scripts
 *    (issue 43).
 * 6. Last, the selected edition as built today: every test that takes its expected values from the edition (on the
 *    reference edition, the spec's checks too). Its build is the one left in build/ at the end, as `npm start`
 *    expects, without building it again.
 */
interface Pass {
  edition: string;
  scope: TestScope;
  /** The test files this edition takes of each kind, when not all of them. */
  files?: { unit?: string[]; browser?: string[] };
  /** The instant its pages are built as of (SITE_BUILT_AT, read by vite.config.ts), when not the build's own. */
  builtAt?: string;
  /** An edition copied for the run, in another language: the edition it copies and the locale it is given. */
  copyOf?: { edition: string; locale: string };
  /** A programme generated at a large conference's size and imported for the pass. */
  generated?: true;
}

/** The German copy's id: a test edition's folder, which exists only while the run lasts. */
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
  if (pass.copyOf || pass.generated)
    rmSync(path.join(testEditionsRoot, pass.edition), { recursive: true, force: true });
}

/** Writes a generated pass's edition: a programme of FOSDEM's size, as pretalx exports it, imported as an organiser would. */
async function writeGenerated(pass: Pass): Promise<void> {
  if (!pass.generated) return;
  const folder = mkdtempSync(path.join(tmpdir(), "glosaic-large-"));
  try {
    const file = path.join(folder, "schedule.json");
    writeFileSync(file, JSON.stringify(largeSchedule()));
    await importSchedule({ source: file, root: testEditionsRoot, editionId: pass.edition });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The large pass's edition, which exists only while its pass lasts. */
const largeEdition = "large-generated";

/** A test edition's own choice of test files (tests/editions/<id>/tests.json), if it makes one. */
function filesOf(id: string): Pass["files"] {
  const file = path.join(testEditionsRoot, id, "tests.json");
  if (!existsSync(file)) return undefined;
  const { unit, browser } = JSON.parse(readFileSync(file, "utf8")) as { unit?: unknown; browser?: unknown };
  // "all" takes every test file of the kind.
  const list = (value: unknown, key: string) => {
    if (value === "all") return undefined;
    if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string")) {
      throw new Error(`${path.relative(process.cwd(), file)}: "${key}" must list test files, or say "all"`);
    }
    return value;
  };
  const [unitFiles, browserFiles] = [list(unit, "unit"), list(browser, "browser")];
  return { ...(unitFiles ? { unit: unitFiles } : {}), ...(browserFiles ? { browser: browserFiles } : {}) };
}

const selected = selectedEditionId();
const today: Pass = { edition: selected, scope: selected === defaultEditionId ? "all" : "edition" };
const selectedEdition = validateEdition(readEditionInput(selected), selected);
/** The selected edition built as of each phase of its windows that today's build does not show (decision 060). */
const phaseBuilds = noScriptBuildsOf(eventSpanOf(selectedEdition.agenda), selectedEdition.event.voting).map(
  ({ instant }): Pass => ({
    edition: selected,
    scope: "edition",
    files: { unit: ["scripts/build/built-site.built.test.ts"], browser: ["tests/e2e/no-javascript.spec.ts"] },
    builtAt: instant,
  }),
);
const passes: Pass[] = [
  ...phaseBuilds,
  ...editionIds(testEditionsRoot)
    .filter((id) => id !== selected && id !== germanCopy)
    .map((id): Pass => {
      const files = filesOf(id);
      return { edition: id, scope: "edition", ...(files ? { files } : {}) };
    }),
  {
    edition: germanCopy,
    scope: "edition",
    copyOf: { edition: defaultEditionId, locale: "de" },
    files: {
      unit: ["app/lib/on-air.test.ts", "app/lib/next-day.test.ts"],
      // Every page read for English words, and the home page's phase, countdown and strip in German. The agenda's,
      // talks' and visitor's schedule's tests run in English on the reference edition and in Japanese on Tokyo: a
      // third language adds no case to them, and their words are read on every page here.
      browser: ["tests/e2e/interface-language.spec.ts", "tests/e2e/home.spec.ts"],
    },
  },
  ...(selected === defaultEditionId ? [] : [{ edition: defaultEditionId, scope: "reference" as const }]),
  {
    edition: largeEdition,
    scope: "large",
    generated: true,
    // The agenda, the track pages (60 tracks) and the speakers' directory (1,200 speakers) at the size the issue
    // asks: each lists what the edition's files give it.
    files: {
      unit: ["scripts/build/scale.large.built.test.ts"],
      browser: [
        "tests/e2e/offline.spec.ts",
        "tests/e2e/agenda.large.spec.ts",
        "tests/e2e/tracks.spec.ts",
        "tests/e2e/speakers-directory.spec.ts",
      ],
    },
  },
  today,
];

/** A copy of the first build of the reference edition, for the large pass to measure against. */
let referenceBuild: string | undefined;
function keepReferenceBuild(pass: Pass): void {
  if (referenceBuild || pass.edition !== defaultEditionId) return;
  referenceBuild = mkdtempSync(path.join(tmpdir(), "glosaic-reference-build-"));
  cpSync(path.resolve("build/client"), referenceBuild, { recursive: true });
}

/** A built-site test file (Vitest's `built` project), run after the pass's build; the others run before any. */
const needsBuild = (file: string) => file.endsWith(".built.test.ts");

function label(pass: Pass): string {
  return `${pass.edition}${pass.builtAt ? ` built as of ${pass.builtAt}` : ""}, ${pass.scope} tests`;
}

/** How long each step took, printed at the end: what to look at when the suite nears its 20 minutes. */
const durations: { step: string; seconds: number }[] = [];

function run(pass: Pass, command: string, args: string[]): void {
  const step = `[${label(pass)}] ${[command, ...args].join(" ")}`;
  console.log(`\n${step}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: {
      ...process.env,
      EDITION: pass.edition,
      [testScopeVariable]: pass.scope,
      ...(pass.builtAt ? { SITE_BUILT_AT: pass.builtAt } : {}),
      ...(referenceBuild ? { [referenceBuildVariable]: referenceBuild } : {}),
    },
  });
  durations.push({ step, seconds: (performance.now() - started) / 1000 });
  if (result.status !== 0) {
    throw new Error(`${step} failed (exit ${String(result.status ?? result.signal)})`);
  }
}

/**
 * Vitest on one project: the pass's files of it, none when it lists others only, or every one. The fast project
 * takes one worker per core, as `npm run test:fast` does (decision 072); the server's process tests, which kill and
 * restart servers, keep Vitest's default (decision 074).
 */
function vitest(pass: Pass, project: "fast" | "server" | "built", files: string[] | undefined): void {
  if (files?.length === 0) return;
  // Every file of a project in the pass's scope may be none (no reference edition's test reads the built site);
  // files a pass lists must each be found.
  const every = files ?? ["--passWithNoTests"];
  const workers = project === "fast" ? ["--maxWorkers=100%"] : [];
  run(pass, "npx", ["vitest", "run", "--project", project, ...workers, ...every]);
}

try {
  run(today, "bash", ["scripts/test/ensure-chromium.sh"]);
  run(today, "bash", ["scripts/test/ensure-xmllint.sh"]);
  run(today, "bash", ["scripts/test/ensure-ffmpeg.sh"]);
  for (const pass of passes) writeCopy(pass);
  // The tests that need no build, before any build: a failure here is known in minutes. The selected edition's run
  // first, as it holds every edition's tests of logic; then the files the other passes list.
  for (const pass of [today, ...passes.filter((each) => !each.builtAt && each !== today)]) {
    vitest(
      pass,
      "fast",
      pass.files?.unit?.filter((file) => !needsBuild(file)),
    );
  }
  vitest(today, "server", undefined);
  for (const pass of passes) {
    await writeGenerated(pass);
    run(pass, "npm", ["run", "build"]);
    keepReferenceBuild(pass);
    vitest(pass, "built", pass.files?.unit?.filter(needsBuild));
    run(pass, "npx", ["playwright", "test", ...(pass.files?.browser ?? [])]);
  }
  console.log(`\nEvery pass green: ${passes.map(label).join("; ")}.`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  console.log("\nSteps by time taken:");
  for (const { step, seconds } of durations.toSorted((a, b) => b.seconds - a.seconds)) {
    console.log(`${seconds.toFixed(0).padStart(6)} s  ${step}`);
  }
  for (const pass of passes) removeCopy(pass);
  if (referenceBuild) rmSync(referenceBuild, { recursive: true, force: true });
}
