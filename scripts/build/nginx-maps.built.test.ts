import path from "node:path";
import { describe, expect, it } from "vitest";
import { schedulePaths } from "../../common/schedule-paths";
import { nginxMaps } from "./nginx-maps";

/**
 * The nginx maps of the built site (`npm run build` first) tell nginx what the Node server sends: the schedule
 * export's files are the only ones any site may read (interop/schedule-export.test.ts checks the Node server).
 */
describe("Serving the export through nginx", () => {
  it("tells nginx the same: the deployment's map allows the two files and nothing else", async () => {
    const maps = await nginxMaps(path.resolve("build/client"));
    const cors = /map \$uri \$glosaic_cors \{\n([\s\S]*?)\n\}/.exec(maps)?.[1] ?? "";
    expect(cors.split("\n").map((line) => line.trim())).toEqual([
      'default "";',
      `"${schedulePaths.json}" "*";`,
      `"${schedulePaths.xml}" "*";`,
    ]);
  });
});
