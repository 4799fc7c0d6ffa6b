import { describe, expect, it } from "vitest";
import { demoVotingPath } from "./api-contract";
import { fixedPages } from "./fixed-pages";

describe("Where a vote sent without script returns", () => {
  it("is the leaderboard's page, as the site's table of pages names it", () => {
    expect(fixedPages.filter((page) => page.path === demoVotingPath)).toEqual([
      { path: demoVotingPath, file: "routes/demo-voting.tsx", kind: "listed" },
    ]);
  });
});
