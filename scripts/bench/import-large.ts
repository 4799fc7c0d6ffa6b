import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { importSchedule, importSummary } from "../../interop/schedule-import";
import { largeSchedule } from "../../interop/test-support/large-schedule";

/**
 * npm run bench:import: how long the import of a programme of FOSDEM's size (1,100 sessions, 35 rooms, 1,200
 * speakers) takes with no network, first into an empty folder and then again over itself, as an organiser runs it
 * (the avatars' own timeouts, not a test's). Two ways of having no network: the avatars' host name does not resolve
 * (.invalid), and the host takes requests and never answers (a local server, so no real network is touched); the
 * second costs one avatar's timeout, 15 s, once. Prints the times and the machine's load; asserts nothing
 * (decision 057: performance is measured, not asserted in tests). The target: well within a minute.
 */

const blackHole = http.createServer(() => undefined);
blackHole.listen(0, "127.0.0.1");
await once(blackHole, "listening");
const silentOrigin = `http://127.0.0.1:${String((blackHole.address() as AddressInfo).port)}`;

const cases = [
  { name: "avatars on a name that does not resolve", avatars: "https://avatars.glosaic-bench.invalid/" },
  { name: "avatars on a host that never answers", avatars: `${silentOrigin}/avatars/` },
];

console.log(
  `Import of a programme of FOSDEM's size, no network: ${String(cpus().length)} cores, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
for (const { name, avatars } of cases) {
  const folder = mkdtempSync(path.join(tmpdir(), "glosaic-bench-import-"));
  try {
    const file = path.join(folder, "schedule.json");
    writeFileSync(file, JSON.stringify(largeSchedule({ avatars })));
    for (const run of ["first import", "re-import"]) {
      const started = performance.now();
      const result = await importSchedule({ source: file, root: path.join(folder, "editions") });
      const seconds = (performance.now() - started) / 1000;
      console.log(`- ${name}, ${run}: ${seconds.toFixed(1)} s (${importSummary(result, result.editionId)})`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
blackHole.closeAllConnections();
blackHole.close();
