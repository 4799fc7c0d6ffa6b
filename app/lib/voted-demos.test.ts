import { afterEach, describe, expect, it, vi } from "vitest";
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("The voted-demos list in browser storage", () => {
  it("is stored under the key voted-demos as a JSON list of demo ids", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    rememberVote("demo-3");
    rememberVote("demo-1");
    rememberVote("demo-3");
    expect(storage.getItem(votedDemosKey)).toBe('["demo-3","demo-1"]');
    expect(readVotedDemos()).toEqual(["demo-3", "demo-1"]);
  });

  it("reads as empty when missing or damaged", () => {
    const read = (stored: Record<string, string>) => {
      vi.stubGlobal("localStorage", memoryStorage(stored));
      return readVotedDemos();
    };
    expect(read({})).toEqual([]);
    expect(read({ [votedDemosKey]: "{not json" })).toEqual([]);
    expect(read({ [votedDemosKey]: '{"demo-1":true}' })).toEqual([]);
    expect(read({ [votedDemosKey]: '["demo-1",7,null]' })).toEqual(["demo-1"]);
  });
});
