import { describe, expect, it, vi } from "vitest";
import { readEditionInput } from "../../content/editions";
import { validateEdition } from "../../content/validate";
import { importSchedule } from "../schedule-import";
import { blackHole, scheduleFile, tempFolder } from "../schedule-test-support";
import { largeSchedule } from "../test-support/large-schedule";
import { avatarsAtOnce } from "./download-avatar";

// An import of two hundred speakers, written and validated: seconds on a busy machine. The limit stops a hang.
vi.setConfig({ testTimeout: 60_000 });

/**
 * An import that cannot reach the avatars' host says so once and goes on, every speaker drawn as initials, and
 * stops asking once the host is known unreachable, so that its time does not grow with the number of speakers. No
 * real network is touched: a name under .invalid, which never resolves (RFC 6761), and a local server that takes
 * requests and never answers them.
 */

const speakers = 200;
/** A tidy programme of 200 speakers whose avatars are all under `avatars`, written to a file. */
function programmeFile(avatars: string): string {
  return scheduleFile(largeSchedule({ sessions: 150, rooms: 10, days: 1, persons: speakers, avatars }));
}

/** The import's outcome: every speaker drawn as initials, and the lines it said about avatars. */
function expectAllInitials(root: string, result: Awaited<ReturnType<typeof importSchedule>>) {
  const edition = validateEdition(readEditionInput(result.editionId, root), result.editionId);
  expect(edition.speakers).toHaveLength(speakers);
  for (const speaker of edition.speakers) expect(speaker.portrait).toBe(`/portraits/${speaker.id}.svg`);
  expect(result.portraits).toEqual({ downloaded: 0, initials: speakers });
  return result.notes.filter((note) => note.startsWith("Avatars"));
}

describe("Avatars with no network", () => {
  it("on a host whose name does not resolve: the import goes on, every speaker has initials, one line says why", async () => {
    const root = tempFolder("unresolvable");
    const result = await importSchedule({ source: programmeFile("http://avatars.glosaic-test.invalid/"), root });
    const notes = expectAllInitials(root, result);
    expect(notes).toHaveLength(1);
    // ENOTFOUND where a resolver answers that the name does not exist, EAI_AGAIN where none answers at all.
    expect(notes[0]).toMatch(
      new RegExp(
        `^Avatars could not be downloaded: the network could not be reached \\(avatars\\.glosaic-test\\.invalid: (ENOTFOUND|EAI_AGAIN)\\); ${String(speakers)} speakers drawn as initials$`,
      ),
    );
  });

  it("on a host that never answers: no more requests than were under way when the first timed out", async () => {
    const { origin, requests } = await blackHole();
    const root = tempFolder("black-hole");
    const result = await importSchedule({
      source: programmeFile(`${origin}/avatars/`),
      root,
      // One avatar's wait shortened so that the test does not wait 15 s; the deadline for all stays far off.
      avatarTimeouts: { eachMs: 1_000, allMs: 60_000 },
    });
    const notes = expectAllInitials(root, result);
    expect(notes).toEqual([
      `Avatars could not be downloaded: the network could not be reached (${new URL(origin).host}: no answer in 1 s); ${String(speakers)} speakers drawn as initials`,
    ]);
    // The first batch went out together; once one of them timed out, nothing more was asked.
    expect(requests()).toBeGreaterThan(0);
    expect(requests()).toBeLessThanOrEqual(avatarsAtOnce);
  });

  it("under the import's one deadline: what has not come by then is drawn as initials, said in one line", async () => {
    const { origin } = await blackHole();
    const root = tempFolder("deadline");
    const result = await importSchedule({
      source: programmeFile(`${origin}/avatars/`),
      root,
      // One avatar may wait longer than all of them: only the deadline ends the wait.
      avatarTimeouts: { eachMs: 60_000, allMs: 1_000 },
    });
    const notes = expectAllInitials(root, result);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^Avatars not downloaded within the import's 1 s were replaced by initials \(or the portrait already there\); the next import tries again: .+ and 197 more$/,
    );
  });
});
