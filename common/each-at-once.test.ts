import { describe, expect, it } from "vitest";
import { eachAtOnce } from "./each-at-once";

describe("eachAtOnce", () => {
  it("does every item once, never more than the given number at a time, starting them in order", async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await eachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, (8 - item) % 3));
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("takes any iterable, and does nothing with none", async () => {
    const seen: string[] = [];
    await eachAtOnce(new Map([["a", 1]]).keys(), 4, (key) => {
      seen.push(key);
      return Promise.resolve();
    });
    await eachAtOnce([], 4, () => Promise.reject(new Error("no item")));
    expect(seen).toEqual(["a"]);
  });
});
