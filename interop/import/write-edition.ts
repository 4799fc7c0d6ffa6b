import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import {
  defaultEditionId,
  editionPublicDir,
  missingImages,
  readEditionInput,
  sectionFiles,
} from "../../content/editions";
import { placeholderPortrait } from "../../content/placeholder-portrait";
import type { Edition, EditionInput } from "../../content/schema";
import { ContentError, validateEdition } from "../../content/validate";
import { AvatarDownloads, avatarsAtOnce, avatarTimeouts, type AvatarTimeouts } from "./download-avatar";
import { ImportError } from "./import-error";
import { some, type ImportNotes } from "./import-notes";
import { initialsSvg } from "./initials-portrait";
import type { MatchedSpeakers } from "./merge-speakers";
import type { Link } from "./read-session";

type Speaker = EditionInput["speakers"][number];

/** The merged edition, ready to be written. */
interface EditionToWrite {
  root: string;
  id: string;
  /** Whether an edition imported before is updated (its folder is copied first, and replaced at the end). */
  update: boolean;
  sections: Pick<EditionInput, "rooms" | "tracks" | "agenda" | "talks"> & { event: unknown };
  matched: MatchedSpeakers;
  /** The edition's speakers that stay beside the file's, and those that go with their portraits. */
  kept: Speaker[];
  dropped: Speaker[];
  notes: ImportNotes;
  /** How long the avatars may take (avatarTimeouts unless a test shortens them). */
  avatarTimeouts?: AvatarTimeouts;
}

/**
 * Writes the edition in a folder beside it, portraits included, checks it as the build does, and only then moves it
 * into place: an edition that would be invalid is refused with nothing written. Returns its speakers and portraits.
 */
export async function writeEdition(edition: EditionToWrite): Promise<{
  speakers: number;
  portraits: { downloaded: number; initials: number };
}> {
  const { root, id, update, notes } = edition;
  const dir = path.join(root, id);
  mkdirSync(root, { recursive: true });
  const temp = mkdtempSync(path.join(root, `.import-${id}-`));
  try {
    if (update) cpSync(dir, temp, { recursive: true });
    copyCommonImages(temp);
    const { drawn, downloaded, initials } = await portraitsOf(
      edition.matched,
      path.join(temp, "public"),
      notes,
      edition.avatarTimeouts,
    );
    const speakers = [...edition.kept, ...drawn];
    for (const speaker of edition.dropped) {
      const own = speaker.portrait.startsWith(`/portraits/${speaker.id}.`);
      if (own && !speakers.some((s) => s.portrait === speaker.portrait))
        rmSync(path.join(temp, "public", speaker.portrait), { force: true });
    }
    await writeSections(temp, {
      ...edition.sections,
      speakers: inProgrammeOrder(speakers, edition.sections.agenda),
      ...(update ? {} : { backstage: [], demos: [], sponsors: [], briefings: [], briefingConfig: {} }),
    });
    noteFillIn(validated(temp, root, id), update, notes);
    moveIntoPlace(temp, dir, root, id, update);
    return { speakers: speakers.length, portraits: { downloaded, initials } };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The placeholder portrait and the favicon every edition needs: the reference edition's, where it has none. */
function copyCommonImages(folder: string): void {
  mkdirSync(path.join(folder, "public", "portraits"), { recursive: true });
  for (const asset of [placeholderPortrait, "/favicon.svg"]) {
    const target = path.join(folder, "public", asset);
    if (!existsSync(target)) cpSync(path.join(editionPublicDir(defaultEditionId), asset), target);
  }
}

/**
 * The file's people as speakers with portraits: each avatar downloaded once, many at a time under one deadline
 * (download-avatar.ts), or else the portrait they had, or else their initials drawn. Avatars that could not be had
 * are said: one line for those a host refused one by one, one for hosts that could not be reached at all, one for
 * those the deadline left.
 */
async function portraitsOf(
  matched: MatchedSpeakers,
  publicDir: string,
  notes: ImportNotes,
  timeouts: AvatarTimeouts | undefined,
) {
  const portraits = path.join(publicDir, "portraits");
  const downloads = new AvatarDownloads(timeouts);
  const drawn: Speaker[] = [];
  let downloaded = 0;
  let initials = 0;
  const failed: string[] = [];
  /** Speakers whose avatar did not come because its host could not be reached, or the time ran out. */
  const unreachable = { initials: 0, kept: 0 };
  const late: string[] = [];
  await inTurns(
    [...matched.byId.entries()].map(([speakerId, { person, old }]) => async () => {
      let portrait = old?.portrait;
      let missed: "unreachable" | "late" | undefined;
      if (person.avatar) {
        const result = await downloads.download(person.avatar);
        if ("bytes" in result) {
          for (const stale of readdirSync(portraits).filter((f) => f.startsWith(`${speakerId}.`))) {
            rmSync(path.join(portraits, stale));
          }
          await writeFile(path.join(portraits, `${speakerId}.${result.kind}`), result.bytes);
          portrait = `/portraits/${speakerId}.${result.kind}`;
          downloaded++;
        } else if ("problem" in result) failed.push(`${speakerId} (${person.avatar}: ${result.problem})`);
        else if ("unreachable" in result) missed = "unreachable";
        else {
          missed = "late";
          late.push(speakerId);
        }
      }
      if (missed === "unreachable") unreachable[portrait ? "kept" : "initials"]++;
      if (!portrait) {
        await writeFile(path.join(portraits, `${speakerId}.svg`), initialsSvg(person.name, speakerId));
        portrait = `/portraits/${speakerId}.svg`;
        initials++;
      }
      drawn.push({
        ...old,
        id: speakerId,
        name: person.name,
        ...((person.bio ?? old?.bio) ? { bio: person.bio ?? old?.bio } : {}),
        portrait,
        links: person.links.length > 0 ? person.links.map(httpsLink(notes)) : (old?.links ?? []),
      });
    }),
    avatarsAtOnce,
  );
  if (failed.length > 0) {
    notes.add(
      "avatar-failed",
      () =>
        `Avatars that could not be downloaded were replaced by initials (or the portrait already there): ${some(failed)}`,
    );
  }
  const hosts = downloads.unreachableHosts();
  if (hosts.length > 0) {
    notes.add(
      "avatar-unreachable",
      () =>
        `Avatars could not be downloaded: the network could not be reached (${some(hosts)}); ${[
          ...(unreachable.initials > 0 ? [`${speakersCount(unreachable.initials)} drawn as initials`] : []),
          ...(unreachable.kept > 0 ? [`${speakersCount(unreachable.kept)} kept the portrait already there`] : []),
        ].join(", ")}`,
    );
  }
  if (late.length > 0) {
    notes.add(
      "avatar-late",
      () =>
        `Avatars not downloaded within the import's ${String((timeouts ?? avatarTimeouts).allMs / 1000)} s were replaced by initials (or the portrait already there); the next import tries again: ${some(late)}`,
    );
  }
  return { drawn, downloaded, initials };
}

const speakersCount = (n: number) => `${String(n)} speaker${n === 1 ? "" : "s"}`;

/** Runs tasks a given number at a time: an avatar server is not asked for hundreds of images at once. */
async function inTurns(tasks: (() => Promise<void>)[], parallel: number): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** A speaker's link as the site allows it: https only, so http is upgraded (and said). */
function httpsLink(notes: ImportNotes) {
  return (link: Link): Link => {
    if (!link.url.startsWith("http:")) return link;
    notes.add("https", (items) => `Speaker links on http were changed to https (check them): ${some(items)}`, link.url);
    return { ...link, url: `https:${link.url.slice("http:".length)}` };
  };
}

/** Speakers in the order they first appear in the programme, those not in it after. */
function inProgrammeOrder(speakers: Speaker[], agenda: EditionInput["agenda"]): Speaker[] {
  const order = new Map(
    agenda
      .flatMap((slot) => slot.speakerIds ?? [])
      .map((ref, i) => [ref, i] as const)
      .reverse(),
  );
  return speakers.sort(
    (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.id.localeCompare(b.id),
  );
}

/** Each section in its file, formatted as the repository's prettier settings say. */
async function writeSections(folder: string, sections: Partial<Record<keyof EditionInput, unknown>>): Promise<void> {
  const options = (await resolveConfig(path.join(folder, sectionFiles.event))) ?? {};
  for (const [section, value] of Object.entries(sections)) {
    const target = path.join(folder, sectionFiles[section as keyof EditionInput]);
    await writeFile(target, await format(JSON.stringify(value, null, 2), { ...options, filepath: target }));
  }
}

/** The written edition read back and validated as the build does, images included; a refusal if it is not valid. */
function validated(folder: string, root: string, id: string): Edition {
  const input = readEditionInput(path.basename(folder), root);
  let valid;
  try {
    valid = validateEdition(input, id);
  } catch (error) {
    if (error instanceof ContentError)
      throw new ImportError(`The imported edition ${id} would be invalid: ${error.problems.join("; ")}`);
    throw error;
  }
  const missing = missingImages(valid, path.join(folder, "public"));
  if (missing.length > 0) throw new ImportError(`The imported edition ${id} would be invalid: ${missing.join("; ")}`);
  return valid;
}

/** What the organiser fills in by hand: the placeholders on example.org, and a new edition's generic texts. */
function noteFillIn(edition: Edition, update: boolean, notes: ImportNotes): void {
  const placeholders = Object.entries({ siteUrl: edition.event.siteUrl, ...edition.event.links })
    .filter(([, url]) => /(^|\.)example\.org$/.test(new URL(url).hostname))
    .map(([key]) => (key === "siteUrl" ? key : `links.${key}`));
  if (placeholders.length > 0) {
    notes.add(
      "fill-in",
      () =>
        `Fill these in: event.json's ${placeholders.join(", ")} are placeholders on example.org${update ? "" : "; its texts (headline, description, location, place, livestreamName, walkthrough, the phases' messages) and voting window are generic"}`,
    );
  }
}

/** The written folder in the edition's place; an edition imported before is moved aside first, then removed. */
function moveIntoPlace(temp: string, dir: string, root: string, id: string, update: boolean): void {
  if (update) {
    const old = mkdtempSync(path.join(root, `.replaced-${id}-`));
    renameSync(dir, path.join(old, id));
    renameSync(temp, dir);
    rmSync(old, { recursive: true, force: true });
  } else renameSync(temp, dir);
}
