import { describe, expect, it } from "vitest";
import { editionMomentsOf, noScriptBuildsOf } from "../../tests/e2e/phase-moments";

// The builds the tests without JavaScript need (decision 060), for windows made up here: an edition's own are read
// by scripts/test/test-editions.ts.
const span = { start: "2027-04-14T09:00:00+02:00", end: "2027-04-14T18:00:00+02:00" };
const moments = editionMomentsOf(span);

describe("noScriptBuildsOf", () => {
  it("names a build for voting open apart from the one before the day, when voting closed long before", () => {
    const voting = { opens: "2026-12-01T00:00:00Z", closes: "2026-12-31T00:00:00Z" };
    // Built today after the day: the build of today shows the edition over, and no build repeats it.
    expect(noScriptBuildsOf(span, voting, new Date("2027-06-01T00:00:00Z"))).toEqual([
      { name: "upcoming", instant: moments.upcoming },
      { name: "votingOpen", instant: "2026-12-16T00:00:00.000Z" },
      { name: "live", instant: moments.live },
    ]);
  });

  it("needs no build of its own for voting when the one before the day is in the window (an organiser's copy)", () => {
    const voting = { opens: "2027-04-07T09:00:00+02:00", closes: "2027-04-14T20:00:00+02:00" };
    expect(noScriptBuildsOf(span, voting, new Date("2026-11-27T00:00:00Z")).map(({ name }) => name)).toEqual([
      "upcoming",
      "live",
      "over",
    ]);
  });
});
