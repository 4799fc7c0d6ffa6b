import { describe, expect, it } from "vitest";
import { fosdemSize, largeSchedule, oddities, type GeneratedSchedule } from "./large-schedule";

/** The generator other tests rely on: the size asked for, the same file for the same seed, tidy unless told. */

const sessionsOf = (file: GeneratedSchedule) =>
  file.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat());

/** Items grouped by a key (Node 20 has no Map.groupBy). */
function groupBy<T>(items: T[], key: (item: T) => string | undefined): T[][] {
  const groups = new Map<string | undefined, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

describe("The large programme generator", () => {
  const tidy = largeSchedule();
  const sessions = sessionsOf(tidy);

  it("writes FOSDEM's size by default: sessions, rooms, days, speakers and tracks", () => {
    const { conference } = tidy.schedule;
    expect(sessions).toHaveLength(fosdemSize.sessions);
    expect(conference.rooms).toHaveLength(fosdemSize.rooms);
    expect(conference.days).toHaveLength(fosdemSize.days);
    expect(conference.tracks).toHaveLength(fosdemSize.tracks);
    expect(new Set(sessions.flatMap((s) => s.persons.map((p) => p.guid))).size).toBe(fosdemSize.persons);
    expect(tidy.$schema).toMatch(/^https:\/\//);
    for (const room of conference.rooms ?? []) expect(room.guid).toMatch(/^[0-9a-f-]{36}$/);
    for (const track of conference.tracks) expect(track.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("gives the same file for the same seed, and another for another seed", () => {
    expect(JSON.stringify(largeSchedule())).toBe(JSON.stringify(tidy));
    expect(JSON.stringify(largeSchedule({ seed: 2 }))).not.toBe(JSON.stringify(tidy));
  });

  it("names people and sessions in many scripts", () => {
    const text = sessions.flatMap((s) => [s.title, ...s.persons.map((p) => p.name)]).join(" ");
    for (const script of ["Latin", "Greek", "Cyrillic", "Han", "Hiragana", "Extended_Pictographic"]) {
      expect(text, script).toMatch(
        new RegExp(`\\p{${script === "Extended_Pictographic" ? "" : "Script="}${script}}`, "u"),
      );
    }
    expect(text).toMatch(/Ł/);
    expect(text).toMatch(/ğ|Ğ/);
  });

  it("is tidy without oddities: unique guids, no overlap in a room, nobody in two places, everyone speaking", () => {
    expect(new Set(sessions.map((s) => s.guid)).size).toBe(sessions.length);
    const span = (s: (typeof sessions)[number]) => {
      const start = Date.parse(s.date);
      const [h = 0, m = 0] = (s.duration ?? "").split(":").map(Number);
      return { start, end: start + (h * 60 + m) * 60_000 };
    };
    const overlapping = (a: (typeof sessions)[number], b: (typeof sessions)[number]) =>
      span(a).start < span(b).end && span(b).start < span(a).end;
    for (const list of groupBy(sessions, (s) => s.room)) {
      for (const [i, s] of list.entries()) {
        expect(span(s).end).toBeGreaterThan(span(s).start);
        const next = list[i + 1];
        if (next) expect(overlapping(s, next)).toBe(false);
      }
    }
    const appearances = sessions.flatMap((s) => s.persons.map((p) => ({ guid: p.guid, s })));
    for (const list of groupBy(appearances, (entry) => entry.guid)) {
      for (const [i, a] of list.entries()) for (const b of list.slice(i + 1)) expect(overlapping(a.s, b.s)).toBe(false);
    }
    for (const s of sessions) expect(s.persons.length).toBeGreaterThan(0);
  });

  it.each(oddities)("changes the programme for the oddity %s", (oddity) => {
    expect(JSON.stringify(largeSchedule({ oddities: [oddity] }))).not.toBe(JSON.stringify(tidy));
  });

  it("refuses a programme that cannot fit its rooms and days before midnight", () => {
    expect(() => largeSchedule({ sessions: 100, rooms: 1, days: 1 })).toThrow(RangeError);
  });
});
