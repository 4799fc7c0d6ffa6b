import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The least a built site needs for the server to start: a home page. For tests of the API. */
export async function minimalSite() {
  const dir = await mkdtemp(path.join(tmpdir(), "glosaic-site-"));
  await writeFile(path.join(dir, "index.html"), "<!doctype html><title>Home</title>");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
