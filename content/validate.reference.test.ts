import { describe, expect, it } from "vitest";
import { edition, editionId, editionInput } from "./index";
import type { EditionInput } from "./schema";
import { ContentError, validateEdition } from "./validate";

/**
 * The reference edition's content against the spec's figures, and the validation messages for its day and zone
 * word for word. Runs only with the reference edition built (scripts/test/test-scope.ts); validate.test.ts checks the
 * same rules on whichever edition is selected.
 */

/** A deep copy of the shipped edition's input, for tests that break one thing. */
function input(): EditionInput {
  return structuredClone(editionInput);
}

function problemsOf(broken: EditionInput): string[] {
  try {
    validateEdition(broken, editionId);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe("The sample edition", () => {
  it("meets the counts of the specification", () => {
    expect(edition.sponsors).toHaveLength(22);
    expect(edition.talks).toHaveLength(17);
    expect(edition.agenda).toHaveLength(24);
    expect(edition.demos.map((demo) => [demo.id, demo.votes])).toEqual([
      ["demo-1", 93],
      ["demo-2", 45],
      ["demo-3", 46],
      ["demo-4", 57],
      ["demo-5", 27],
      ["demo-6", 48],
      ["demo-7", 62],
    ]);
    expect(edition.briefings.filter((briefing) => briefing.path.startsWith("/speakers/"))).toHaveLength(5);
  });

  it("runs from 10:00am to 3:35pm Eastern on April 16, 2025, with Quick Break! rows", () => {
    expect(edition.agenda[0]?.start).toBe("2025-04-16T10:00:00-04:00");
    expect(edition.agenda.at(-1)?.end).toBe("2025-04-16T15:35:00-04:00");
    expect(edition.agenda.filter((slot) => slot.type === "Break").map((slot) => slot.title)).toContain("Quick Break!");
    expect(new Set(edition.agenda.map((slot) => slot.type))).toEqual(
      new Set(["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"]),
    );
  });

  it("gives the moderator the seven sessions of the specification", () => {
    const briefing = edition.briefings.find((b) => b.badges[0] === "Moderator");
    const hosted = edition.agenda.filter((slot) => slot.hostId === briefing?.speakerId);
    expect(hosted.map((slot) => `${slot.type} ${slot.start.slice(11, 16)}-${slot.end.slice(11, 16)}`)).toEqual([
      "Panel 10:00-10:30",
      "Q&A 10:45-11:00",
      "Q&A 12:40-12:55",
      "Q&A 12:55-13:10",
      "Q&A 13:30-13:45",
      "Q&A 14:05-14:20",
      "Q&A 14:35-14:50",
    ]);
  });

  it("has about thirty speakers, two of whom moderate", () => {
    expect(edition.speakers.length).toBeGreaterThanOrEqual(28);
    expect(new Set(edition.agenda.flatMap((slot) => slot.hostId ?? [])).size).toBe(2);
  });
});

describe("Content validation of the sample edition's times", () => {
  it("rejects two agenda sessions that overlap", () => {
    const broken = input();
    broken.agenda[1]!.start = "2025-04-16T10:15:00-04:00";
    expect(problemsOf(broken)).toContain(
      `agenda slots "${broken.agenda[0]!.id}" and "${broken.agenda[1]!.id}" overlap`,
    );
  });

  it("rejects a time that is not on the conference day", () => {
    const broken = input();
    broken.agenda[0]!.start = "2025-04-02T10:00:00-04:00";
    expect(problemsOf(broken).join("\n")).toMatch(/is not on 2025-04-16 in America\/New_York/);
  });

  it("rejects a time written with the wrong offset for the zone", () => {
    const broken = input();
    broken.agenda[0]!.start = "2025-04-16T09:00:00-05:00";
    expect(problemsOf(broken).join("\n")).toMatch(/has offset -05:00 but America\/New_York is -04:00/);
  });
});
