import { describe, expect, it } from "vitest";
import { edition, editionId, editionInput } from "./index";
import type { EditionInput } from "./schema";
import { ContentError, fillPlaceholders, validateEdition } from "./validate";

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

describe("Content validation", () => {
  it("accepts the shipped edition", () => {
    expect(problemsOf(input())).toEqual([]);
  });

  it("rejects a talk whose speaker does not exist", () => {
    const broken = input();
    broken.talks[0]!.speakerId = "nobody-at-all";
    expect(problemsOf(broken)).toContain(`talk "${broken.talks[0]!.id}" refers to unknown speaker "nobody-at-all"`);
  });

  it("rejects an agenda slot that points to a missing talk", () => {
    const broken = input();
    const slot = broken.agenda.find((s) => s.talkId)!;
    slot.talkId = "no-such-talk";
    expect(problemsOf(broken)).toContain(`agenda slot "${slot.id}" refers to unknown talk "no-such-talk"`);
  });

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

  it("rejects an id used twice", () => {
    const broken = input();
    broken.sponsors[1]!.id = broken.sponsors[0]!.id;
    expect(problemsOf(broken)).toContain(`sponsor id "${broken.sponsors[0]!.id}" is used more than once`);
  });

  it("rejects a talk that is not on the agenda", () => {
    const broken = input();
    const slot = broken.agenda.find((s) => s.talkId)!;
    const talkId = slot.talkId!;
    delete slot.talkId;
    expect(problemsOf(broken)).toContain(`talk "${talkId}" is on the agenda 0 times, not once`);
  });

  it("rejects a speaker booked in two places at once", () => {
    const broken = input();
    const panel = broken.agenda[0]!;
    const next = broken.agenda[1]!;
    panel.speakerIds = [...(panel.speakerIds ?? []), next.speakerIds![0]!];
    next.start = panel.start;
    expect(problemsOf(broken).join("\n")).toMatch(/is booked in/);
  });

  it("rejects a malformed field, naming its record by id", () => {
    const broken = input();
    const sponsor = broken.sponsors[0] as { id: string; url: string };
    sponsor.url = "http://insecure.example";
    expect(problemsOf(broken)).toContainEqual(expect.stringMatching(new RegExp(`^sponsors "${sponsor.id}" url: `)));
    (broken.event as { date: string }).date = "16 April";
    expect(problemsOf(broken)).toContainEqual(expect.stringMatching(/^event\.date: /));
  });

  it("fills {name}, {date} and {edition} in the event's texts and links from the edition", () => {
    const copy = input();
    const event = copy.event as Record<string, unknown> & { links: Record<string, string> };
    event.name = "GLOSAIC 2031";
    event.date = "2031-05-07";
    event.description = "{name} streams on {date}.";
    event.links.register = "https://forms.example.com/{edition}/register";
    const { input: filled, problems } = fillPlaceholders(copy, "glosaic-2031");
    expect(problems).toEqual([]);
    const result = filled.event as typeof event;
    expect(result.description).toBe("GLOSAIC 2031 streams on May 7, 2031.");
    expect(result.links.register).toBe("https://forms.example.com/glosaic-2031/register");
    expect(result.name).toBe("GLOSAIC 2031");
  });

  it("names an unknown placeholder and the field that holds it", () => {
    const broken = input();
    (broken.event as { conclusion: { message: string } }).conclusion.message = "Thanks for {year}!";
    expect(problemsOf(broken)).toContainEqual(
      "event conclusion message: {year} is not a placeholder (use {name}, {date}, {edition})",
    );
  });
});
