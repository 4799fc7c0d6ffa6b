import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { appHarness, voteAsPage } from "../test-support/app-harness";

/**
 * The vote API on the reference edition: the spec's seven demos with their seeded votes, and its voting window,
 * which closed on 31 December 2023. demos.test.ts checks the same on any edition.
 */

/** A server on an in-memory store (or the one given), with voting open unless the test says otherwise. */
const { start } = appHarness();

describe("The reference edition's demos", () => {
  it("lists the server demo records with their seeded counts", async () => {
    const app = await start();
    const response = await app.inject({ method: "GET", url: "/api/demos" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    // A first visit's read, which issues a voter cookie: for this browser alone.
    expect(response.headers["cache-control"]).toBe("no-store");
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((demo) => demo.votes)).toEqual([93, 45, 46, 57, 27, 48, 62]);
    expect(list[0]).toEqual({
      id: "demo-1",
      title: "Loomtrace",
      description: edition.demos[0]!.description,
      presenterId: "zeynep-arslan",
      votes: 93,
      tags: ["agents", "observability", "debugging"],
    });
    for (const demo of list) {
      expect(Object.keys(demo).sort()).toEqual(["description", "id", "presenterId", "tags", "title", "votes"]);
    }
  });
});

describe("The reference edition's voting window", () => {
  it("refuses every vote in this edition, whose voting closed on 31 December 2023", async () => {
    const app = await start({ votingWindow: undefined, now: undefined });
    const response = await voteAsPage(app, "demo-1");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Voting has ended." });
  });

  it("tells the page the window the server enforces", async () => {
    const app = await start();
    const response = await app.inject({ method: "GET", url: "/api/voting" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ opens: "2025-04-16T14:00:00.000Z", closes: "2025-04-16T20:00:00.000Z" });
    const edition2025 = await start({ votingWindow: undefined });
    expect((await edition2025.inject({ method: "GET", url: "/api/voting" })).json()).toEqual({
      opens: "2023-12-01T00:00:00.000Z",
      closes: "2023-12-31T00:00:00.000Z",
    });
  });
});
