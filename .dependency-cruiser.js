/**
 * The import graph's rules, checked by `npm run lint` (docs/decisions/035-interop-module-and-a-whole-repository.md,
 * docs/decisions/062-shared-modules-and-the-scripts-folders.md): no module imports itself through others; common/
 * (what the app, the server and the content agree on) and content/ stand below the app; and only scripts and tests
 * import scripts/: the site, its content, the server and the schedule formats stand without them.
 */
const tests = "\\.(test|spec)\\.tsx?$|^tests/";

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of imports: each module needs the others loaded first. Move the fact they share to one home.",
      from: {},
      to: { circular: true },
    },
    {
      name: "content-not-to-app",
      severity: "error",
      comment: "content/ validates and loads an edition for the app, the server and the build alike: it needs no page.",
      from: { path: "^content/", pathNot: tests },
      to: { path: "^(app|server|interop)/" },
    },
    {
      name: "common-imports-only-common",
      severity: "error",
      comment:
        "common/ holds the rules the app, the server and the content agree on: it reads no edition, page or server.",
      from: { path: "^common/", pathNot: tests },
      to: { path: "^(app|content|server|interop|scripts)/" },
    },
    {
      name: "only-scripts-and-tests-import-scripts",
      severity: "error",
      comment:
        "scripts/ holds build steps, tools and benchmarks; the site, the content, the server and interop/ may not need them.",
      from: { path: "^(app|content|server|interop|common)/", pathNot: tests },
      to: { path: "^scripts/" },
    },
    {
      name: "import-needs-no-build",
      severity: "error",
      comment:
        "npm run import runs on a fresh clone, before any build: it may not reach the interface's messages, which a build compiles (decision 071).",
      from: { path: "^scripts/tools/import-schedule\\.ts$" },
      to: { path: "^app/i18n/messages\\.ts$", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    // Type-only imports count: a circle of types is still a circle a reader has to untangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
