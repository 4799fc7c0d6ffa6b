import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { readEditionInput } from "../../content/editions";
import { validateEdition } from "../../content/validate";
import { runCommand } from "../../interop/schedule-test-support";

// A Node process compiling the import's TypeScript: a few seconds on a busy machine. The limit stops a hang.
vi.setConfig({ testTimeout: 60_000 });

const repository = path.resolve(import.meta.dirname, "../..");
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/**
 * The repository as `git clone && npm install` leaves it: the files git holds (and new ones not yet committed, so
 * that the test sees the tree under work), none of what a build, a test run or the server writes (the interface's
 * compiled messages in .generated/ above all), and the installed packages, linked rather than copied.
 */
function freshClone(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "glosaic-fresh-clone-"));
  copies.push(copy);
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: repository,
    encoding: "utf8",
  })
    .split("\0")
    // A file deleted in the tree but not yet in git's index is listed and gone.
    .filter((file) => file && existsSync(path.join(repository, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(repository, file), path.join(copy, file));
  }
  symlinkSync(path.join(repository, "node_modules"), path.join(copy, "node_modules"), "dir");
  return copy;
}

describe("A newcomer's first import", () => {
  it("runs on a fresh clone, before anything is built: npm run import -- schedule.json writes a valid edition", async () => {
    const clone = freshClone();
    expect(existsSync(path.join(clone, ".generated"))).toBe(false);
    const file = path.join(clone, "interop/formats/pretalx-democon.json");
    const { conference } = (
      JSON.parse(readFileSync(file, "utf8")) as {
        schedule: { conference: { acronym: string; days: { rooms: Record<string, unknown[]> }[] } };
      }
    ).schedule;
    const { acronym } = conference;
    // As the README says it, in the clone's own editions/: `npm run import -- <file>`.
    const { status, stdout, stderr } = await runCommand("npm", ["run", "--silent", "import", "--", file], clone);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toContain(`EDITION=${acronym} npm run build`);
    // What the build's first step checks: the edition it names is there and valid.
    const edition = validateEdition(readEditionInput(acronym, path.join(clone, "editions")), acronym);
    expect(edition.agenda).toHaveLength(conference.days.flatMap((day) => Object.values(day.rooms).flat()).length);
    // Nor did the import make the catalogue for itself: it needs none.
    expect(existsSync(path.join(clone, ".generated"))).toBe(false);
  });
});
