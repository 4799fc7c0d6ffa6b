import { describe, expect, it } from "vitest";
import { countdownTarget, votingPhase } from "./voting";

const window = { opens: new Date("2025-04-16T14:00:00Z"), closes: new Date("2025-04-16T20:00:00Z") };

describe("The voting window", () => {
  it("has not begun before it opens", () => {
    expect(votingPhase(new Date("2025-04-16T13:59:59Z"), window)).toBe("upcoming");
  });

  it("is open from the opening instant until just before the close", () => {
    expect(votingPhase(new Date("2025-04-16T14:00:00Z"), window)).toBe("open");
    expect(votingPhase(new Date("2025-04-16T19:59:59.999Z"), window)).toBe("open");
  });

  it("has ended at the closing instant and after", () => {
    expect(votingPhase(new Date("2025-04-16T20:00:00Z"), window)).toBe("ended");
    expect(votingPhase(new Date("2030-01-01T00:00:00Z"), window)).toBe("ended");
  });

  it("counts down to the opening, then to the close", () => {
    expect(countdownTarget(new Date("2025-04-16T10:00:00Z"), window)).toEqual(window.opens);
    expect(countdownTarget(new Date("2025-04-16T15:00:00Z"), window)).toEqual(window.closes);
    expect(countdownTarget(new Date("2025-04-17T15:00:00Z"), window)).toEqual(window.closes);
  });
});
