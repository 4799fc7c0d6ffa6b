import path from "node:path";
import { parseArgs } from "node:util";
import { ImportError } from "../../interop/import/import-error";
import { importSchedule, importSummary } from "../../interop/schedule-import";

/**
 * npm run import -- <schedule.json or schedule.xml, file or URL> [--edition <id>] [--root <folder of editions>]
 * [--time-zone <zone>] writes editions/<id> from a pretalx or frab schedule.json or schedule.xml (told apart by their
 * content), or updates an edition imported before (sessions matched by guid, what was added by hand kept). Prints
 * one line per kind of change it made; a file it cannot take is refused in one line, exit code 1, nothing written.
 */
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { edition: { type: "string" }, root: { type: "string" }, "time-zone": { type: "string" } },
  });
  const [source, ...others] = positionals;
  if (!source || others.length > 0) {
    throw new ImportError(
      "Name one schedule to import: npm run import -- schedule.json|schedule.xml [--edition <id>] [--time-zone <zone>]",
    );
  }
  const result = await importSchedule({
    source,
    editionId: values.edition,
    root: values.root,
    timeZone: values["time-zone"],
  });
  for (const note of result.notes) console.log(`- ${note}`);
  const where = path.relative(process.cwd(), result.dir) || result.dir;
  console.log(
    `${importSummary(result, where)}${values.root ? "" : ` EDITION=${result.editionId} npm run build checks and builds it.`}`,
  );
} catch (error) {
  // The one line: what the import refused, or what the command line lacks.
  console.error(
    error instanceof ImportError || error instanceof TypeError
      ? error.message
      : `The import failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
