import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "./sqlite";
import { testEdition } from "../test-support/databases";

const at = new Date("2025-04-16T15:00:00.000Z");

describe("The SQLite store's batched votes", () => {
  it("writes votes that arrive together in one go, and a vote that fails fails alone", async () => {
    const store = await openSqliteStore(":memory:", testEdition);
    await store.seed([{ id: "demo-1", votes: 10 }]);
    const results = await Promise.allSettled([
      store.castVote("demo-1", "voter-a", at),
      store.castVote("demo-99", "voter-b", at),
      store.castVote("demo-1", "voter-c", at),
      store.castVote("demo-1", "voter-a", at),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const values = results.map((result) => (result.status === "fulfilled" ? result.value : null));
    expect(values[0]).toEqual({ counted: true, votes: 11, votedAt: at.toISOString() });
    expect(values[2]).toEqual({ counted: true, votes: 12, votedAt: at.toISOString() });
    expect(values[3]).toEqual({ counted: false, votes: 12, votedAt: at.toISOString() });
    expect(await store.counts()).toEqual(new Map([["demo-1", 12]]));
    expect(await store.voteOf("demo-99", "voter-b")).toBeNull();
    await store.close();
  });

  it("writes the votes still waiting for their batch when it closes", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "glosaic-batch-"));
    try {
      const file = path.join(dir, "votes.sqlite");
      const store = await openSqliteStore(file, testEdition);
      await store.seed([{ id: "demo-1", votes: 0 }]);
      const cast = store.castVote("demo-1", "voter-a", at);
      await store.close();
      await expect(cast).resolves.toMatchObject({ counted: true, votes: 1 });
      const reopened = await openSqliteStore(file, testEdition);
      expect(await reopened.counts()).toEqual(new Map([["demo-1", 1]]));
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
