import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { placeholderPortrait } from "./placeholder-portrait";
import { everyEdition } from "../tests/every-edition";
import {
  defaultEditionId,
  editionDir,
  editionIds,
  editionPublicDir,
  editionsRoot,
  testEditionsRoot,
  latestEditionId,
  missingImages,
  newEdition,
  readEditionInput,
  sectionFiles,
  selectedEditionId,
} from "./editions";

const repository = path.resolve(import.meta.dirname, "..");
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A folder of editions of its own: copies of the repository's editions, under other ids where given. */
function editionsCopy(ids: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "glosaic-editions-"));
  roots.push(root);
  for (const [id, from] of Object.entries(ids)) cpSync(editionDir(from), path.join(root, id), { recursive: true });
  return root;
}

const readEvent = (root: string, id: string) =>
  JSON.parse(readFileSync(path.join(root, id, sectionFiles.event), "utf8")) as Record<string, unknown>;
const writeEvent = (root: string, id: string, event: Record<string, unknown>) => {
  writeFileSync(path.join(root, id, sectionFiles.event), JSON.stringify(event));
};

describe("Choosing an edition", () => {
  it("builds the reference edition when EDITION is not set, and the one it names otherwise", () => {
    expect(selectedEditionId({})).toBe(defaultEditionId);
    expect(selectedEditionId({ EDITION: "" })).toBe(defaultEditionId);
    const root = editionsCopy({ "next-year": defaultEditionId });
    expect(selectedEditionId({ EDITION: "next-year" }, root)).toBe("next-year");
  });

  it("refuses an unknown edition in one line that names it and the editions there are", () => {
    expect(() => selectedEditionId({ EDITION: "glosaic-1999" })).toThrow(
      `Unknown edition "glosaic-1999": there is no folder editions/glosaic-1999 (editions: ${[...editionIds(), ...editionIds(testEditionsRoot)].join(", ")})`,
    );
    expect(() => selectedEditionId({ EDITION: "../content" })).toThrow(/^EDITION must be an edition id/);
  });

  it("names the file that is missing or is not JSON", () => {
    const root = editionsCopy({ broken: defaultEditionId });
    writeFileSync(path.join(root, "broken", sectionFiles.talks), "[{");
    expect(() => readEditionInput("broken", root)).toThrow(
      /^Edition broken: editions\/broken\/talks\.json is not valid JSON \(.+\)$/,
    );
    const gap = editionsCopy({ gap: defaultEditionId });
    rmSync(path.join(gap, "gap", sectionFiles.demos));
    expect(() => readEditionInput("gap", gap)).toThrow("Edition gap: editions/gap/demos.json is missing");
  });

  it("reads every section of the reference edition from its own file, rooms and tracks left out for its one stream", () => {
    const input = readEditionInput(defaultEditionId);
    const optional = ["rooms", "tracks"];
    expect(Object.keys(input).sort()).toEqual(
      Object.keys(sectionFiles)
        .filter((s) => !optional.includes(s))
        .sort(),
    );
    expect(editionsRoot).toBe(path.join(repository, "editions"));
  });
});

describe("Starting a new edition", () => {
  it("copies the edition with the latest date, images included, under the new id", () => {
    const root = editionsCopy({ older: defaultEditionId, newer: defaultEditionId });
    writeEvent(root, "older", { ...readEvent(root, "older"), date: "2001-01-01" });
    writeEvent(root, "newer", { ...readEvent(root, "newer"), date: "2099-12-31" });
    expect(latestEditionId(root)).toBe("newer");
    expect(newEdition("next", root)).toBe("newer");
    expect(readEvent(root, "next")).toEqual(readEvent(root, "newer"));
    expect(editionIds(root)).toEqual(["newer", "next", "older"]);
    const favicon = path.join("public", "favicon.svg");
    expect(readFileSync(path.join(root, "next", favicon))).toEqual(readFileSync(path.join(root, "newer", favicon)));
  });

  it("refuses an id that exists already or is not kebab-case", () => {
    const root = editionsCopy({ taken: defaultEditionId });
    expect(() => newEdition("taken", root)).toThrow("Edition taken exists already: editions/taken");
    expect(() => newEdition("Next Year", root)).toThrow(/^An edition id is lowercase kebab-case/);
  });
});

describe("A broken edition stops the build", () => {
  /** The build's first step (scripts/build/check-edition.ts), run from a folder whose editions/ holds `root`'s. */
  const checkEdition = (cwd: string, edition: string) =>
    spawnSync(
      process.execPath,
      [path.join(repository, "node_modules/tsx/dist/cli.mjs"), path.join(repository, "scripts/build/check-edition.ts")],
      { cwd, env: { ...process.env, EDITION: edition }, encoding: "utf8", timeout: 60_000 },
    );

  it("with one line naming the edition and each record at fault, and exit code 1", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "glosaic-check-"));
    roots.push(cwd);
    cpSync(editionDir(defaultEditionId), path.join(cwd, "editions", "broken"), { recursive: true });
    const talksFile = path.join(cwd, "editions", "broken", sectionFiles.talks);
    const talks = JSON.parse(readFileSync(talksFile, "utf8")) as { id: string; title: string; speakerId: string }[];
    const [first, second] = talks;
    if (!first || !second) throw new Error("the reference edition has two talks");
    first.title = "";
    second.speakerId = "nobody-at-all";
    writeFileSync(talksFile, JSON.stringify(talks));

    const result = checkEdition(cwd, "broken");
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Edition broken is invalid: /);
    expect(lines[0]).toContain(`talks "${first.id}" title: `);
  }, 60_000);

  it("and names an unknown edition", () => {
    const result = checkEdition(repository, "glosaic-1999");
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Unknown edition "glosaic-1999": there is no folder editions\/glosaic-1999/);
  }, 60_000);
});

describe.each(everyEdition)("The images of $id", ({ id: editionId, edition }) => {
  it("are all in the edition's public folder, and a missing one is named with its record", () => {
    expect(missingImages(edition, editionPublicDir(editionId))).toEqual([]);
    const [speaker] = edition.speakers;
    if (!speaker) throw new Error("the edition has speakers");
    const root = editionsCopy({ gap: editionId });
    rmSync(path.join(editionPublicDir("gap", root), speaker.portrait));
    expect(missingImages(edition, editionPublicDir("gap", root))).toEqual([
      `speakers "${speaker.id}" portrait: ${speaker.portrait} is not in its public/ folder`,
    ]);
  });

  it("include the placeholder portrait, which no record names but the leaderboard shows", () => {
    const root = editionsCopy({ bare: editionId });
    rmSync(path.join(editionPublicDir("bare", root), placeholderPortrait));
    expect(missingImages(edition, editionPublicDir("bare", root))).toEqual([
      `the placeholder portrait: ${placeholderPortrait} is not in its public/ folder`,
    ]);
  });
});
