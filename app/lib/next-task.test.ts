import { describe, expect, it } from "vitest";
import { inNextTask, nextTask } from "./next-task";

describe("the next task", () => {
  it("runs callbacks later, in order, each after the microtasks of the task that asked", async () => {
    const seen: string[] = [];
    inNextTask(() => seen.push("first"));
    inNextTask(() => seen.push("second"));
    await Promise.resolve();
    seen.push("microtask");
    await nextTask();
    await nextTask();
    expect(seen).toEqual(["microtask", "first", "second"]);
  });

  it("gives each callback a task of its own: microtasks queued by one run before the next", async () => {
    const seen: string[] = [];
    inNextTask(() => {
      seen.push("one");
      void Promise.resolve().then(() => seen.push("one's microtask"));
    });
    inNextTask(() => seen.push("two"));
    await nextTask();
    expect(seen).toEqual(["one", "one's microtask", "two"]);
  });
});
