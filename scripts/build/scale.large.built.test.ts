import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageKindOf } from "../../app/lib/page-list";
import { defaultEditionId, readEditionInput } from "../../content/editions";
import { validateEdition } from "../../content/validate";
import { edition, editionId } from "../../content";
import { firstLoadLimit, measure } from "./js-budget";
import { keptKeys, offlineCopyBytes } from "./service-worker";
import { referenceBuildVariable } from "../test/test-scope";

// The suite's large generated edition (scripts/test/test-editions.ts, issue 42): what a visitor downloads does not
// grow with the programme. Its first-load JavaScript, kind of page by kind of page, against the reference edition's
// build kept aside by the suite; and the offline copy's download. Bytes, never times.
const clientDir = path.resolve("build/client");
const referenceDir = process.env[referenceBuildVariable];

/** The largest first load of each kind of page in a build. */
async function firstLoadByKind(dir: string, kindOf: (pagePath: string) => string): Promise<Map<string, number>> {
  const byKind = new Map<string, number>();
  for (const page of await measure(dir)) {
    const kind = kindOf(page.route);
    byKind.set(kind, Math.max(byKind.get(kind) ?? 0, page.total));
  }
  return byKind;
}

describe(`A programme of ${String(edition.agenda.length)} sessions (${editionId})`, () => {
  it("is the size it stands for: a thousand sessions and more, in many rooms, with a thousand speakers", () => {
    expect(edition.agenda.length).toBeGreaterThanOrEqual(1000);
    expect(edition.rooms.length).toBeGreaterThanOrEqual(30);
    expect(edition.speakers.length).toBeGreaterThanOrEqual(1000);
  });

  it("costs each kind of page at most 5 KB of first-load JavaScript more than the reference edition's", async () => {
    if (!referenceDir) throw new Error(`${referenceBuildVariable} names no reference build: npm test sets it`);
    const reference = validateEdition(readEditionInput(defaultEditionId), defaultEditionId);
    const [large, small] = await Promise.all([
      firstLoadByKind(clientDir, pageKindOf(edition)),
      firstLoadByKind(referenceDir, pageKindOf(reference)),
    ]);
    const shared = [...large.keys()].filter((kind) => small.has(kind));
    // The kinds both have: the fixed pages, talks and speakers (the reference edition has no rooms' stages).
    expect(shared).toEqual(expect.arrayContaining(["/agenda", "/event", "talk pages", "speaker pages"]));
    for (const kind of shared) {
      expect(large.get(kind), kind).toBeLessThanOrEqual((small.get(kind) ?? 0) + 5 * 1024);
    }
    for (const [kind, bytes] of large) expect(bytes, kind).toBeLessThanOrEqual(firstLoadLimit);
  });

  it("keeps the whole programme offline for at most 5 MB downloaded", async () => {
    const keys = keptKeys(clientDir);
    expect(await offlineCopyBytes(clientDir, keys)).toBeLessThanOrEqual(5 * 1024 * 1024);
    // Files, not pages: the copy does not grow by a file per session.
    expect(keys.length).toBeLessThan(edition.agenda.length / 5);
  });
});
