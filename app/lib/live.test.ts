import { describe, expect, it } from "vitest";
import { edition, eventSpan } from "../../content";
import { editionPhase, formatTimeLeft, liveStatus } from "./live";

// Expected values come from the edition's own agenda, so these hold on any edition; live.reference.test.ts
// checks the spec's times on the reference edition.
const agenda = edition.agenda;
const first = agenda[0]!;
const last = agenda.at(-1)!;
const day = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
/** A session's length in seconds. */
const secondsOf = (slot: { start: string; end: string }) => (Date.parse(slot.end) - Date.parse(slot.start)) / 1000;
/** The instant `seconds` before a session ends. */
const beforeEnd = (slot: { end: string }, seconds: number) => new Date(Date.parse(slot.end) - seconds * 1000);

describe("Live tracking of the stream", () => {
  it("finds the first session at its first second, with all of its time left", () => {
    const status = liveStatus(new Date(first.start), agenda);
    expect(status?.current?.session.id).toBe(first.id);
    expect(status?.current?.progress).toBe(0);
    expect(status?.current?.timeLeft).toBe(formatTimeLeft(secondsOf(first)));
    expect(status?.next?.id).toBe(agenda[1]?.id);
  });

  it("reads an instant given in UTC against the schedule in the edition's zone", () => {
    // A quarter of the way through the first session, written in UTC ("...Z"), not in the zone's offset.
    const quarter = new Date(Date.parse(first.start) + (secondsOf(first) * 1000) / 4).toISOString();
    expect(quarter).toMatch(/Z$/);
    const status = liveStatus(new Date(quarter), agenda);
    expect(status?.current?.session.id).toBe(first.id);
    expect(status?.current?.timeLeft).toBe(formatTimeLeft(Math.floor((secondsOf(first) * 3) / 4)));
    expect(status?.current?.progress).toBe(25);
  });

  it("switches to m:ss down to one minute, then to seconds", () => {
    expect(liveStatus(beforeEnd(first, 60), agenda)?.current?.timeLeft).toBe("1:00 left");
    expect(liveStatus(beforeEnd(first, 59), agenda)?.current?.timeLeft).toBe("59s left");
  });

  it("shows the last second of a session, then says it is ending", () => {
    expect(liveStatus(beforeEnd(first, 1), agenda)?.current?.timeLeft).toBe("1s left");
    const ending = liveStatus(beforeEnd(first, 0.5), agenda);
    expect(ending?.current?.session.id).toBe(first.id);
    expect(ending?.current?.timeLeft).toBe("Ending now");
  });

  it("hands over at the instant one session ends and the next starts", () => {
    // The first two sessions in a row with no pause between them.
    const index = agenda.findIndex((slot, i) => Date.parse(slot.end) === Date.parse(agenda[i + 1]?.start ?? ""));
    const [ending, starting] = [agenda[index], agenda[index + 1]];
    if (!ending || !starting) throw new Error("the edition's agenda has two sessions back to back");
    const status = liveStatus(new Date(ending.end), agenda);
    expect(status?.current?.session.id).toBe(starting.id);
    expect(status?.next?.id).toBe(agenda[index + 2]?.id);
  });

  it("has no next session during the last one", () => {
    const status = liveStatus(beforeEnd(last, 1), agenda);
    expect(status?.current?.session.id).toBe(last.id);
    expect(status?.current?.timeLeft).toBe("1s left");
    expect(status?.next).toBeNull();
  });

  it("is not live before the first session or once the last has ended", () => {
    const start = Date.parse(first.start);
    expect(liveStatus(new Date(start - 1000), agenda)).toBeNull();
    expect(liveStatus(new Date(last.end), agenda)).toBeNull();
    // A quarter of an hour into the first session's time of day, the day before and the day after.
    expect(liveStatus(new Date(start - day + 15 * 60_000), agenda)).toBeNull();
    expect(liveStatus(new Date(start + day + 15 * 60_000), agenda)).toBeNull();
    expect(liveStatus(new Date(start + 15 * 60_000), [])).toBeNull();
  });

  it("shows only what comes next between two sessions", () => {
    const withGap = [
      { start: "2025-04-16T10:00:00-04:00", end: "2025-04-16T10:15:00-04:00", title: "First" },
      { start: "2025-04-16T10:30:00-04:00", end: "2025-04-16T10:45:00-04:00", title: "Second" },
    ];
    const status = liveStatus(at("2025-04-16T10:20:00-04:00"), withGap);
    expect(status?.current).toBeNull();
    expect(status?.next?.title).toBe("Second");
  });
});

describe("The edition's phase", () => {
  const first = Date.parse(edition.agenda[0]!.start);
  const last = Date.parse(edition.agenda.at(-1)!.end);

  it("is upcoming before the first session, live until the last one ends, and over afterwards", () => {
    expect(eventSpan).toEqual({ start: edition.agenda[0]!.start, end: edition.agenda.at(-1)!.end });
    expect(editionPhase(new Date(first - 1000), eventSpan)).toBe("upcoming");
    expect(editionPhase(new Date(first), eventSpan)).toBe("live");
    expect(editionPhase(new Date(last - 1000), eventSpan)).toBe("live");
    expect(editionPhase(new Date(last), eventSpan)).toBe("over");
  });
});

describe("Time left", () => {
  it("is written m:ss from a minute up, seconds under a minute, and 'Ending now' at zero", () => {
    expect(formatTimeLeft(1800)).toBe("30:00 left");
    expect(formatTimeLeft(605)).toBe("10:05 left");
    expect(formatTimeLeft(60)).toBe("1:00 left");
    expect(formatTimeLeft(59)).toBe("59s left");
    expect(formatTimeLeft(1)).toBe("1s left");
    expect(formatTimeLeft(0)).toBe("Ending now");
  });
});
