import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { placeholderPortrait } from "./placeholder-portrait.ts";
import type { Edition, EditionInput } from "./schema.ts";

/**
 * Editions are folders, `editions/<id>/`: one JSON file per section of the edition (the names below) and a
 * `public/` folder of its images, served at the site's root. Data files rather than modules, so an organiser or an
 * import writes them without code, and the build, the server and the tests pick one by name at run time.
 */

/** The reference edition: the spec's exact tests run on it, and it is built when EDITION is not set. */
export const defaultEditionId = "glosaic-2025";

/** Each section of an edition and the file that holds it. */
export const sectionFiles = {
  event: "event.json",
  speakers: "speakers.json",
  rooms: "rooms.json",
  tracks: "tracks.json",
  agenda: "agenda.json",
  backstage: "backstage.json",
  talks: "talks.json",
  panelPage: "panel-page.json",
  demos: "demos.json",
  sponsors: "sponsors.json",
  briefings: "briefings.json",
  briefingConfig: "briefing-config.json",
  stage: "stage.json",
} as const satisfies Record<keyof EditionInput, string>;

/** Sections an edition may leave out: one stream needs no rooms, a programme need not have tracks, not every
 * edition has a panel page, and an edition without a stage of its own links to its broadcast. */
const optionalSections = new Set<string>([
  sectionFiles.rooms,
  sectionFiles.tracks,
  sectionFiles.panelPage,
  sectionFiles.stage,
]);

/** Edition ids name folders and appear in URLs of calendar files: lowercase kebab-case. */
const editionIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A problem with an edition, said in one line that names the edition and the record. */
export class EditionError extends Error {
  override name = "EditionError";
}

/** Where editions live: `editions/` under the working folder (the repository root for every npm script). */
export const editionsRoot = path.resolve("editions");

/**
 * Small editions made for the tests (another zone, another shape), which `EDITION` selects like any other but
 * `npm run new-edition` never starts from, and which an organiser's folder of editions does not list.
 */
export const testEditionsRoot = path.resolve("tests/editions");

/** An edition's folder: under `root` when given; otherwise under editions/, or else tests/editions/. */
export function editionDir(id: string, root?: string): string {
  if (root) return path.join(root, id);
  const test = path.join(testEditionsRoot, id);
  return !existsSync(path.join(editionsRoot, id)) && existsSync(test) ? test : path.join(editionsRoot, id);
}

/** The edition's images, served at the site's root (Vite's public folder). */
export function editionPublicDir(id: string, root?: string): string {
  return path.join(editionDir(id, root), "public");
}

/**
 * The build records which edition it built beside the built site (build/edition.json), so that the server serves
 * the same edition's API as its pages without being told again.
 */
export function builtEditionFile(clientDir: string): string {
  return path.join(path.dirname(path.resolve(clientDir)), "edition.json");
}

/** The edition a built site was made from, or undefined for a site without the record (the tests' small sites). */
export function builtEditionId(clientDir: string): string | undefined {
  try {
    const { id } = JSON.parse(readFileSync(builtEditionFile(clientDir), "utf8")) as { id?: unknown };
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The images an edition names, and the placeholder portrait every edition needs, that its public/ folder does not hold. */
export function missingImages(edition: Edition, publicDir: string): string[] {
  const named = [
    ...edition.speakers.map((speaker) => [`speakers "${speaker.id}" portrait`, speaker.portrait] as const),
    ...edition.sponsors.map((sponsor) => [`sponsors "${sponsor.id}" logo`, sponsor.logo] as const),
    ...Object.entries(edition.briefingConfig).flatMap(([key, entry]) =>
      entry.speaker ? [[`briefingConfig "${key}" speaker imgUrl`, entry.speaker.imgUrl] as const] : [],
    ),
    // The leaderboard shows it for a presenter the site does not know: every edition needs it, named or not.
    ["the placeholder portrait", placeholderPortrait] as const,
  ];
  return named
    .filter(([, sitePath]) => !existsSync(path.join(publicDir, sitePath)))
    .map(([where, sitePath]) => `${where}: ${sitePath} is not in its public/ folder`);
}

/** The ids of the editions in the repository, sorted. */
export function editionIds(root = editionsRoot): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && editionIdPattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The edition EDITION names, or the reference edition; an id without a folder is an error. */
export function selectedEditionId(env: NodeJS.ProcessEnv = process.env, root?: string): string {
  return knownEditionId(env.EDITION?.trim() || defaultEditionId, root);
}

/** `id` itself, once it is an edition's id with a folder in the repository (or in `root`); otherwise an error. */
export function knownEditionId(id: string, root?: string): string {
  if (!editionIdPattern.test(id)) {
    throw new EditionError(`EDITION must be an edition id such as ${defaultEditionId} (got ${JSON.stringify(id)})`);
  }
  if (!existsSync(editionDir(id, root))) {
    const known = root ? editionIds(root) : [...editionIds(), ...editionIds(testEditionsRoot)];
    throw new EditionError(
      `Unknown edition "${id}": there is no folder editions/${id} (editions: ${known.join(", ") || "none"})`,
    );
  }
  return id;
}

/** Reads an edition's files as authored, before validation. A missing or malformed file is an EditionError. */
export function readEditionInput(id: string, root?: string): EditionInput {
  const sections = Object.entries(sectionFiles).flatMap(([section, file]): [string, unknown][] =>
    optionalSections.has(file) && !existsSync(path.join(editionDir(id, root), file))
      ? []
      : [[section, readSection(id, file, root)]],
  );
  // The shape is checked by validateEdition, which names the record that breaks it.
  return Object.fromEntries(sections) as EditionInput;
}

/** One section file of an edition, parsed but not yet checked. */
function readSection(id: string, file: string, root: string | undefined): unknown {
  // Said as the organiser finds it: editions/<id>/<file>, or tests/editions/<id>/<file> for a test edition.
  const where = root ? `editions/${id}/${file}` : path.relative(process.cwd(), path.join(editionDir(id), file));
  let text: string;
  try {
    text = readFileSync(path.join(editionDir(id, root), file), "utf8");
  } catch {
    throw new EditionError(`Edition ${id}: ${where} is missing`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EditionError(`Edition ${id}: ${where} is not valid JSON (${reason})`);
  }
}

/** The edition whose event is the latest, by its date: the natural starting point for the next one. */
export function latestEditionId(root = editionsRoot): string {
  const dated = editionIds(root).map((id) => {
    // Only the event's file: the date is all that is compared.
    const event = readSection(id, sectionFiles.event, root) as { date?: unknown } | null;
    return { id, date: typeof event?.date === "string" ? event.date : "" };
  });
  const latest = dated.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id)).at(-1);
  if (!latest) throw new EditionError("There is no edition in editions/ to start from");
  return latest.id;
}

/** Starts edition `id` as a copy of the latest one (`npm run new-edition -- <id>`); returns the id it copied. */
export function newEdition(id: string, root = editionsRoot): string {
  if (!editionIdPattern.test(id)) {
    throw new EditionError(
      `An edition id is lowercase kebab-case, such as example-conf-2031 (got ${JSON.stringify(id)})`,
    );
  }
  if (existsSync(editionDir(id, root))) throw new EditionError(`Edition ${id} exists already: editions/${id}`);
  const from = latestEditionId(root);
  cpSync(editionDir(from, root), editionDir(id, root), { recursive: true });
  return from;
}
