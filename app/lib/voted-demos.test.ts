import { describe, expect, it } from "vitest";
import { readVotedDemos, rememberVote, votedDemosKey } from "./voted-demos";

/** Browser storage as far as these functions use it. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

describe("The voted-demos list in browser storage", () => {
  it("is stored under the key voted-demos as a JSON list of demo ids", () => {
    const storage = memoryStorage();
    rememberVote("demo-3", storage);
    rememberVote("demo-1", storage);
    rememberVote("demo-3", storage);
    expect(storage.getItem(votedDemosKey)).toBe('["demo-3","demo-1"]');
    expect(readVotedDemos(storage)).toEqual(["demo-3", "demo-1"]);
  });

  it("reads as empty when missing, damaged, or without storage at all", () => {
    expect(readVotedDemos(memoryStorage())).toEqual([]);
    expect(readVotedDemos(memoryStorage({ [votedDemosKey]: "{not json" }))).toEqual([]);
    expect(readVotedDemos(memoryStorage({ [votedDemosKey]: '{"demo-1":true}' }))).toEqual([]);
    expect(readVotedDemos(memoryStorage({ [votedDemosKey]: '["demo-1",7,null]' }))).toEqual(["demo-1"]);
    expect(readVotedDemos(null)).toEqual([]);
  });

  it("does not fail when storage refuses to write", () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    expect(() => {
      rememberVote("demo-1", full);
    }).not.toThrow();
  });
});
