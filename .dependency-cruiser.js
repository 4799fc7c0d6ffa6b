/**
 * The import graph's two rules, checked by `npm run lint` (docs/decisions/035-interop-module-and-a-whole-repository.md):
 * no module imports itself through others, and only build steps and tools import scripts/: the site, its content, the
 * server and the schedule formats stand without them.
 */
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
      name: "no-scripts-outside-scripts",
      severity: "error",
      comment:
        "scripts/ holds build steps and developer tools; the site, the content, the server and interop/ may not need them.",
      from: { path: "^(app|content|server|interop)/" },
      to: { path: "^scripts/" },
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
