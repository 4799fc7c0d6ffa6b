import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { leaderboardFromCatalogue, leaderboardFromServer, searchDemos, type ServerDemo } from "./leaderboard";
import { speakerById } from "./lookups";

/**
 * The reference edition's leaderboard with the spec's seven demos and their seeded votes. leaderboard.test.ts checks
 * the same behaviour on any edition's demos.
 */
const records: ServerDemo[] = edition.demos.map(({ id, title, description, presenterId, votes, tags }) => ({
  id,
  title,
  description,
  presenterId,
  votes,
  tags,
}));

describe("The reference edition's leaderboard", () => {
  it("ranks the demos by votes, most first", () => {
    const board = leaderboardFromServer(records, edition.demos, speakerById);
    expect(board.map((demo) => [demo.rank, demo.votes])).toEqual([
      [1, 93],
      [2, 62],
      [3, 57],
      [4, 48],
      [5, 46],
      [6, 45],
      [7, 27],
    ]);
  });

  it("shows each presenter from the content, and the project link from the local catalogue", () => {
    const [first] = leaderboardFromServer(records, edition.demos, speakerById);
    expect(first).toMatchObject({
      id: "demo-1",
      title: "Loomtrace",
      presenter: { name: "Zeynep Arslan", portrait: "/portraits/zeynep-arslan.svg" },
      projectUrl: "https://code.example.com/zeyneparslan/loomtrace",
    });
  });

  it("takes the counts from the server", () => {
    const live = records.map((record) => (record.id === "demo-5" ? { ...record, votes: 1000 } : record));
    expect(leaderboardFromServer(live, edition.demos, speakerById)[0]).toMatchObject({ id: "demo-5", votes: 1000 });
  });

  it("falls back to the local catalogue sorted by votes", () => {
    const board = leaderboardFromCatalogue(edition.demos, speakerById);
    expect(board.map((demo) => demo.title)).toEqual([
      "Loomtrace",
      "Quayside",
      "Pebblenet",
      "Weftwork",
      "Notewell",
      "Feedback Forensics",
      "Sift Shell",
    ]);
  });
});

describe("Searching the reference edition's demos", () => {
  const board = leaderboardFromCatalogue(edition.demos, speakerById);
  const titles = (query: string) => searchDemos(board, query).map((demo) => demo.title);

  it("matches the title, ignoring case", () => {
    expect(titles("QUAYSIDE")).toEqual(["Quayside"]);
    expect(titles("weft")).toEqual(["Weftwork"]);
  });

  it("matches the presenter's name", () => {
    expect(titles("obinna")).toEqual(["Sift Shell"]);
  });

  it("matches the description", () => {
    expect(titles("single-board computers")).toEqual(["Pebblenet"]);
  });

  it("matches any tag", () => {
    expect(titles("Preference Data")).toEqual(["Feedback Forensics"]);
    expect(titles("on-device")).toEqual(["Pebblenet"]);
  });

  it("keeps the ranking order and the ranks", () => {
    expect(searchDemos(board, "local").map((demo) => [demo.rank, demo.title])).toEqual([
      [2, "Quayside"],
      [5, "Notewell"],
      [7, "Sift Shell"],
    ]);
  });

  it("shows everything for an empty or blank query, and nothing for a query that matches nothing", () => {
    expect(titles("")).toHaveLength(7);
    expect(titles("   ")).toHaveLength(7);
    expect(titles("blockchain")).toEqual([]);
  });
});
