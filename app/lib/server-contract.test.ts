import { describe, expect, it } from "vitest";
import { fixedPages } from "./fixed-pages";
import { demoVotingPath, votingWindowOf, votingWindowRecord } from "./server-contract";

describe("The voting window between the content, the API and the pages", () => {
  it("reads ISO instants with any offset as the same instants, and writes them back in UTC", () => {
    const window = votingWindowOf({ opens: "2025-04-16T10:00:00-04:00", closes: "2025-04-17T00:00:00+02:00" });
    expect(window.opens.getTime()).toBe(Date.UTC(2025, 3, 16, 14));
    expect(window.closes.getTime()).toBe(Date.UTC(2025, 3, 16, 22));
    expect(votingWindowRecord(window)).toEqual({
      opens: "2025-04-16T14:00:00.000Z",
      closes: "2025-04-16T22:00:00.000Z",
    });
  });
});

describe("Where a vote sent without script returns", () => {
  it("is the leaderboard's page, as the site's table of pages names it", () => {
    expect(fixedPages.filter((page) => page.path === demoVotingPath)).toEqual([
      { path: demoVotingPath, file: "routes/demo-voting.tsx", kind: "listed" },
    ]);
  });
});
