import { describe, expect, it } from "vitest";
import type { ProgrammeSession } from "../../content/programme";
import { filterCount, programmeText, readFilters, sessionMatches, shownDay, withParams } from "./agenda-view";

const session = (overrides: Partial<ProgrammeSession>): ProgrammeSession => ({
  id: "s",
  title: "Reproducible builds",
  start: "2026-02-01T10:00:00Z",
  end: "2026-02-01T10:30:00Z",
  type: "Talk",
  room: "k1",
  track: "distributions",
  speakers: [{ name: "Jiří Dvořák" }],
  ...overrides,
});

describe("The agenda's address", () => {
  it("names the filters by their parameters, an empty one being none", () => {
    expect(readFilters(new URLSearchParams("day=2026-02-01&room=k1&track=go&type=Talk&lang=de&q=rust&now=x"))).toEqual({
      room: "k1",
      track: "go",
      type: "Talk",
      lang: "de",
      q: "rust",
    });
    expect(readFilters(new URLSearchParams("room=&q="))).toEqual({});
  });

  it("changes one parameter and keeps the others in their place", () => {
    const search = new URLSearchParams("now=2026-02-01T10%3A00%3A00Z&room=k1&q=rust");
    expect(withParams(search, { room: "k2" })).toBe("?now=2026-02-01T10%3A00%3A00Z&room=k2&q=rust");
    expect(withParams(search, { room: undefined, q: "", day: "2026-02-02" })).toBe(
      "?now=2026-02-01T10%3A00%3A00Z&day=2026-02-02",
    );
    expect(withParams(new URLSearchParams("q=x"), { q: undefined })).toBe("");
  });

  it("counts the filters set, the search apart", () => {
    expect(filterCount({ room: "k1", lang: "de", q: "rust" })).toBe(2);
    expect(filterCount({})).toBe(0);
  });
});

describe("A session passes the filters", () => {
  const folded = programmeText;

  it("in the room, track, type and language named, each alone and together", () => {
    const talk = session({});
    expect(sessionMatches(talk, {}, folded)).toBe(true);
    expect(sessionMatches(talk, { room: "k1", track: "distributions", type: "Talk", lang: "en" }, folded)).toBe(true);
    expect(sessionMatches(talk, { room: "k2" }, folded)).toBe(false);
    expect(sessionMatches(talk, { track: "go" }, folded)).toBe(false);
    expect(sessionMatches(talk, { type: "Workshop" }, folded)).toBe(false);
    expect(sessionMatches(talk, { lang: "de" }, folded)).toBe(false);
    expect(sessionMatches(session({ lang: "de" }), { lang: "de" }, folded)).toBe(true);
  });

  it("for a search, by every word in its title or people, whatever their case and diacritics", () => {
    expect(sessionMatches(session({}), { q: "REPRODUCIBLE" }, folded)).toBe(true);
    expect(sessionMatches(session({}), { q: "jiri dvorak" }, folded)).toBe(true);
    expect(sessionMatches(session({}), { q: "builds kernel" }, folded)).toBe(false);
    expect(sessionMatches(session({ host: "Zoë" }), { q: "zoe" }, folded)).toBe(true);
  });

  it("and by its abstract where the search file gives it", () => {
    const abstracts: Record<string, string> = { s: "bit for bit identical" };
    const withAbstract = (each: ProgrammeSession) => `${programmeText(each)} ${abstracts[each.id] ?? ""}`;
    expect(sessionMatches(session({}), { q: "identical" }, folded)).toBe(false);
    expect(sessionMatches(session({}), { q: "identical" }, withAbstract)).toBe(true);
  });
});

describe("The day shown", () => {
  const days = ["2026-02-01", "2026-02-02", "2026-02-03"];
  const pageDay = "2026-02-01";

  it("is the page's own until it has hydrated, whatever the address says", () => {
    expect(shownDay(days, { pageDay, hydrated: false, asked: ["2026-02-03"], live: "2026-02-02" })).toBe(pageDay);
  });

  it("then the day the address asks for, else the day on air, else the page's", () => {
    expect(shownDay(days, { pageDay, hydrated: true, asked: ["2026-02-03", undefined], live: "2026-02-02" })).toBe(
      "2026-02-03",
    );
    expect(shownDay(days, { pageDay, hydrated: true, asked: [undefined, "2026-02-03"], live: undefined })).toBe(
      "2026-02-03",
    );
    expect(shownDay(days, { pageDay, hydrated: true, asked: [undefined], live: "2026-02-02" })).toBe("2026-02-02");
    expect(shownDay(days, { pageDay, hydrated: true, asked: [], live: undefined })).toBe(pageDay);
  });

  it("never a day the programme does not have", () => {
    expect(shownDay(days, { pageDay, hydrated: true, asked: ["2025-01-01"], live: "2024-01-01" })).toBe(pageDay);
  });
});
