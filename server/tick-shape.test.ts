import { describe, expect, it } from "vitest";
import { keepTickShape } from "./tick-shape";

describe("keepTickShape", () => {
  it("keeps one of process.nextTick's queue entries, the object whose hidden classes must stay alive", () => {
    const kept = keepTickShape() as Record<string | symbol, unknown> | undefined;
    expect(kept).toBeDefined();
    const symbols = Object.getOwnPropertySymbols(kept).map((symbol) => symbol.description);
    // Node's queue entry: its async id and trigger id under internal symbols, then the callback.
    expect(symbols).toEqual(["async_id_symbol", "trigger_async_id_symbol"]);
    expect(typeof kept?.callback).toBe("function");
  });

  it("takes one entry only: later ticks are neither caught nor slowed by a hook left on", async () => {
    const first = keepTickShape();
    await new Promise<void>((resolve) => {
      process.nextTick(resolve);
    });
    expect(keepTickShape()).toBe(first);
  });
});
