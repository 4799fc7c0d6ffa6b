import * as m from "../i18n/messages";
import { describe, expect, it } from "vitest";
import { editionsWithDemos } from "../../tests/every-edition";
import { placeholderPortrait } from "../../content/placeholder-portrait";
import {
  leaderboardFromCatalogue,
  leaderboardFromServer,
  searchDemos,
  type LeaderboardDemo,
  type ServerDemo,
} from "./leaderboard";

describe.each(editionsWithDemos)("Demos of $id", ({ edition }) => {
  const speakerById = (id: string) => edition.speakers.find((speaker) => speaker.id === id);
  // Expected values come from the edition's own demos; leaderboard.reference.test.ts checks the spec's seven.
  const records: ServerDemo[] = edition.demos.map(({ id, title, description, presenterId, votes, tags }) => ({
    id,
    title,
    description,
    presenterId,
    votes,
    tags,
  }));

  /** Ranked 1, 2, 3... with never more votes below than above, and every demo there once. */
  function expectRanked(board: LeaderboardDemo[], ids: string[]) {
    expect(board.map((demo) => demo.rank)).toEqual(board.map((_, index) => index + 1));
    board.slice(1).forEach((demo, index) => {
      expect(demo.votes, demo.id).toBeLessThanOrEqual(board[index]!.votes);
    });
    expect(board.map((demo) => demo.id).sort()).toEqual([...ids].sort());
  }

  describe("The leaderboard", () => {
    it("ranks the demos by votes, most first", () => {
      const board = leaderboardFromServer(records, edition.demos, speakerById);
      expectRanked(
        board,
        records.map((record) => record.id),
      );
      expect(board[0]?.votes).toBe(Math.max(...records.map((record) => record.votes)));
    });

    it("keeps the catalogue order between demos with equal votes", () => {
      const tied = records.map((record) => ({ ...record, votes: 10 }));
      expect(leaderboardFromServer(tied, edition.demos, speakerById).map((demo) => demo.id)).toEqual(
        edition.demos.map((demo) => demo.id),
      );
    });

    it("shows each presenter from the content, and the project link from the local catalogue", () => {
      for (const demo of leaderboardFromServer(records, edition.demos, speakerById)) {
        const catalogued = edition.demos.find((d) => d.id === demo.id)!;
        const presenter = edition.speakers.find((speaker) => speaker.id === catalogued.presenterId)!;
        expect(demo, demo.id).toMatchObject({
          title: catalogued.title,
          presenter: { name: presenter.name, title: presenter.title, portrait: presenter.portrait },
          projectUrl: catalogued.projectUrl,
        });
      }
    });

    it("shows an unknown presenter's id as the name, with the title Presenter and a placeholder portrait", () => {
      const stranger = { ...records[0]!, id: "demo-42", presenterId: "someone-new", votes: 500 };
      const [top] = leaderboardFromServer([...records, stranger], edition.demos, speakerById);
      expect(top).toMatchObject({
        id: "demo-42",
        rank: 1,
        presenter: { name: "someone-new", title: m.presenterTitle, portrait: placeholderPortrait },
        projectUrl: null,
      });
    });

    it("takes the counts from the server", () => {
      // The catalogue's last-placed demo, given more votes than any by the server, leads.
      const last = leaderboardFromCatalogue(edition.demos, speakerById).at(-1)!;
      const live = records.map((record) => (record.id === last.id ? { ...record, votes: 1000 } : record));
      expect(leaderboardFromServer(live, edition.demos, speakerById)[0]).toMatchObject({ id: last.id, votes: 1000 });
    });

    it("falls back to the local catalogue sorted by votes", () => {
      const board = leaderboardFromCatalogue(edition.demos, speakerById);
      expectRanked(
        board,
        edition.demos.map((demo) => demo.id),
      );
      for (const demo of board) expect(demo.votes).toBe(edition.demos.find((d) => d.id === demo.id)!.votes);
    });
  });

  describe("Searching demos", () => {
    const board = leaderboardFromCatalogue(edition.demos, speakerById);
    const titles = (query: string) => searchDemos(board, query).map((demo) => demo.title);

    it("matches the title, ignoring case", () => {
      for (const demo of edition.demos) {
        expect(titles(demo.title.toUpperCase())).toContain(demo.title);
        expect(titles(demo.title.toLowerCase().slice(0, 4))).toContain(demo.title);
      }
    });

    it("matches the presenter's name", () => {
      for (const demo of board) expect(titles(demo.presenter.name.toLowerCase())).toContain(demo.title);
    });

    it("matches the description", () => {
      for (const demo of edition.demos) expect(titles(demo.description.slice(5, 25))).toContain(demo.title);
    });

    it("matches any tag", () => {
      for (const demo of edition.demos) {
        for (const tag of demo.tags) expect(titles(tag.toUpperCase()), tag).toContain(demo.title);
      }
    });

    it("keeps the ranking order and the ranks", () => {
      // A query most demos match, so that the answer has several demos to keep in order.
      const found = searchDemos(board, "e");
      expect(found.length).toBeGreaterThan(1);
      expect(found.map((demo) => demo.rank)).toEqual(
        board.filter((demo) => found.includes(demo)).map((demo) => demo.rank),
      );
      for (const demo of found) expect(demo.rank).toBe(board.indexOf(demo) + 1);
    });

    it("shows everything for an empty or blank query, and nothing for a query that matches nothing", () => {
      expect(titles("")).toHaveLength(edition.demos.length);
      expect(titles("   ")).toHaveLength(edition.demos.length);
      expect(titles("no demo is called this")).toEqual([]);
    });

    it("treats the query as plain text, not a pattern", () => {
      expect(titles(".*")).toEqual([]);
    });
  });
});
