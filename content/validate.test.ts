import { describe, expect, it } from "vitest";
import { editionId, editionInput } from "./index";
import type { EditionInput } from "./schema";
import { isoOffset, zoneOffsetMinutes } from "../app/lib/time";
import { ContentError, fillPlaceholders, validateEdition } from "./validate";

/** A deep copy of the shipped edition's input, for tests that break one thing. */
function input(): EditionInput {
  return structuredClone(editionInput);
}

const { timeZone } = editionInput.event;
const day = 24 * 60 * 60 * 1000;

/** An instant as the content writes it: the wall clock at `offset` minutes from UTC, then that offset. */
function writtenWithOffset(instant: number, offset: number): string {
  return `${new Date(instant + offset * 60_000).toISOString().slice(0, 19)}${isoOffset(offset)}`;
}

/** An instant written in the edition's zone, with the offset that zone has at that instant. */
function inEditionZone(instant: number): string {
  return writtenWithOffset(instant, zoneOffsetMinutes(new Date(instant), timeZone));
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

describe("Content validation", () => {
  it("accepts the shipped edition", () => {
    expect(problemsOf(input())).toEqual([]);
  });

  it("rejects a session whose speaker does not exist", () => {
    const broken = input();
    broken.agenda[0]!.speakerIds = ["nobody-at-all"];
    expect(problemsOf(broken)).toContain(
      `agenda slot "${broken.agenda[0]!.id}" refers to unknown speaker "nobody-at-all"`,
    );
  });

  it("rejects an agenda slot that points to a missing talk", () => {
    const broken = input();
    const slot = broken.agenda.find((s) => s.talkId)!;
    slot.talkId = "no-such-talk";
    expect(problemsOf(broken)).toContain(`agenda slot "${slot.id}" refers to unknown talk "no-such-talk"`);
  });

  it("rejects two agenda sessions that overlap", () => {
    const broken = input();
    const [first, second] = broken.agenda;
    // The second session starts halfway through the first.
    second!.start = inEditionZone((Date.parse(first!.start) + Date.parse(first!.end)) / 2);
    expect(problemsOf(broken)).toContain(`agenda slots "${first!.id}" and "${second!.id}" overlap`);
  });

  it("rejects a time that is not on the conference day", () => {
    const broken = input();
    const slot = broken.agenda[0]!;
    // The same wall-clock time two weeks earlier, written with the zone's offset on that day.
    slot.start = inEditionZone(Date.parse(slot.start) - 14 * day);
    expect(problemsOf(broken)).toContain(
      `agenda slot "${slot.id}": ${slot.start} is not on ${editionInput.event.date} in ${timeZone}`,
    );
  });

  it("rejects a time written with the wrong offset for the zone", () => {
    const broken = input();
    const slot = broken.agenda[0]!;
    const instant = Date.parse(slot.start);
    const offset = zoneOffsetMinutes(new Date(instant), timeZone);
    // The same instant, written an hour behind the zone's offset on the day.
    slot.start = writtenWithOffset(instant, offset - 60);
    expect(problemsOf(broken)).toContain(
      `agenda slot "${slot.id}": ${slot.start} has offset ${isoOffset(offset - 60)} but ${timeZone} is ${isoOffset(offset)}`,
    );
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
