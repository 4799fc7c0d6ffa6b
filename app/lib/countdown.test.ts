import { describe, expect, it } from "vitest";
import { localTimeToday, remainingUntil, twoDigits } from "./countdown";

describe("The countdown", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    expect(remainingUntil(new Date("2025-04-14T08:58:30Z"), new Date("2025-04-16T10:00:00Z"))).toEqual({
      days: 2,
      hours: 1,
      minutes: 1,
      seconds: 30,
    });
  });

  it("stays at zero once the target has passed", () => {
    expect(remainingUntil(new Date("2025-04-16T10:00:01Z"), new Date("2025-04-16T10:00:00Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });

  it("drops a part-second rather than rounding it up", () => {
    expect(remainingUntil(new Date("2025-04-16T09:59:59.400Z"), new Date("2025-04-16T10:00:00Z")).seconds).toBe(0);
  });

  it("aims at the wall-clock time today on the viewer's own clock", () => {
    const now = new Date(2025, 3, 16, 8, 15, 0);
    const target = localTimeToday(now, 10, 0);
    expect([target.getHours(), target.getMinutes(), target.getDate()]).toEqual([10, 0, 16]);
    expect(remainingUntil(now, target)).toEqual({ days: 0, hours: 1, minutes: 45, seconds: 0 });
  });

  it("pads to two digits", () => {
    expect(twoDigits(7)).toBe("07");
    expect(twoDigits(42)).toBe("42");
  });
});
