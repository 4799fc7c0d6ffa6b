import { describe, expect, it } from "vitest";
import { votingCountdown } from "./voting";
import { votingPhase } from "../../common/voting-window";

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
});

describe("The voting countdown", () => {
  it("counts down to the opening before voting begins", () => {
    expect(votingCountdown(new Date("2025-04-14T12:58:30Z"), window)).toEqual({
      phase: "upcoming",
      remaining: { days: 2, hours: 1, minutes: 1, seconds: 30 },
    });
  });

  it("counts down to the close while voting is open, one second per tick", () => {
    const at = (time: string) => votingCountdown(new Date(time), window).remaining;
    expect(at("2025-04-16T14:00:00Z")).toEqual({ days: 0, hours: 6, minutes: 0, seconds: 0 });
    expect(at("2025-04-16T19:58:59Z")).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1 });
    expect(at("2025-04-16T19:59:00Z")).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(at("2025-04-16T19:59:59.500Z")).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("stays at zero once voting has ended, as this edition's has since 31 December 2023", () => {
    const ended = { phase: "ended", remaining: { days: 0, hours: 0, minutes: 0, seconds: 0 } };
    expect(votingCountdown(new Date("2025-04-16T20:00:00Z"), window)).toEqual(ended);
    const edition = { opens: new Date("2023-12-01T00:00:00Z"), closes: new Date("2023-12-31T00:00:00Z") };
    expect(votingCountdown(new Date("2025-04-16T10:00:00-04:00"), edition)).toEqual(ended);
  });
});
