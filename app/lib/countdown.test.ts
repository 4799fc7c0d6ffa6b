import { describe, expect, it } from "vitest";
import { remainingUntil, twoDigits, wallTimeToday } from "./countdown";

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

  it("aims at the wall-clock time today in the screen's zone", () => {
    const now = new Date("2025-04-16T12:15:00Z"); // 8:15am in New York
    expect(wallTimeToday(now, 10, 0, "America/New_York").toISOString()).toBe("2025-04-16T14:00:00.000Z");
    expect(remainingUntil(now, wallTimeToday(now, 10, 0, "America/New_York"))).toEqual({
      days: 0,
      hours: 1,
      minutes: 45,
      seconds: 0,
    });
    // The same instant is already 2:15pm in Berlin: its 10:00 has passed, so the screen shows zero.
    expect(wallTimeToday(now, 10, 0, "Europe/Berlin").toISOString()).toBe("2025-04-16T08:00:00.000Z");
    expect(remainingUntil(now, wallTimeToday(now, 10, 0, "Europe/Berlin")).hours).toBe(0);
  });

  it("counts real hours across the spring clock change", () => {
    // 9 March 2025, New York: 1:30am EST; at 2am the clocks jump to 3am, so 10am EDT is 7.5 real hours away.
    const now = new Date("2025-03-09T06:30:00Z");
    const target = wallTimeToday(now, 10, 0, "America/New_York");
    expect(target.toISOString()).toBe("2025-03-09T14:00:00.000Z");
    expect(remainingUntil(now, target)).toEqual({ days: 0, hours: 7, minutes: 30, seconds: 0 });
  });

  it("counts real hours across the autumn clock change", () => {
    // 2 November 2025, New York: 1:30am EDT; at 2am the clocks go back to 1am, so 10am EST is 9.5 real hours away.
    const now = new Date("2025-11-02T05:30:00Z");
    const target = wallTimeToday(now, 10, 0, "America/New_York");
    expect(target.toISOString()).toBe("2025-11-02T15:00:00.000Z");
    expect(remainingUntil(now, target)).toEqual({ days: 0, hours: 9, minutes: 30, seconds: 0 });
  });

  it("takes today's date in the screen's zone, not in UTC", () => {
    // 11pm on 15 April in Los Angeles is already the 16th in UTC; the target is 10am on the 15th there, passed.
    const now = new Date("2025-04-16T06:00:00Z");
    expect(wallTimeToday(now, 10, 0, "America/Los_Angeles").toISOString()).toBe("2025-04-15T17:00:00.000Z");
  });

  it("pads to two digits", () => {
    expect(twoDigits(7)).toBe("07");
    expect(twoDigits(42)).toBe("42");
  });
});
