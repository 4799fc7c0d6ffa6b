import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatClock,
  formatLongDate,
  formatShortDate,
  formatTimeRange,
  minutesBefore,
  zonedHourMinute,
} from "./time";

const ny = "America/New_York";

describe("Times shown to visitors", () => {
  it("writes a time the way the programme does", () => {
    expect(formatClock("2025-04-16T14:00:00Z", ny)).toBe("10:00am");
    expect(formatClock("2025-04-16T16:20:00Z", ny)).toBe("12:20pm");
  });

  it("writes the meridiem once when a range stays on one side of noon", () => {
    expect(formatTimeRange("2025-04-16T14:00:00Z", "2025-04-16T14:30:00Z", ny)).toBe("10:00 - 10:30am");
    expect(formatTimeRange("2025-04-16T15:55:00Z", "2025-04-16T16:10:00Z", ny)).toBe("11:55am - 12:10pm");
  });

  it("shows the same instant in another zone", () => {
    expect(formatClock("2025-04-16T14:00:00Z", "Europe/Berlin")).toBe("4:00pm");
    expect(formatClock("2025-04-16T14:00:00Z", "Asia/Tokyo")).toBe("11:00pm");
  });

  it("writes dates in long and short form, in the event's zone", () => {
    // 01:30 UTC on the 17th is still the 16th in New York.
    expect(formatLongDate("2025-04-17T01:30:00Z", ny)).toBe("April 16, 2025");
    expect(formatShortDate("2025-04-17T01:30:00Z", ny)).toBe("4/16/2025");
    expect(formatCalendarDate("2025-04-16")).toBe("April 16, 2025");
  });

  it("reads the 24-hour wall clock of an instant in a zone", () => {
    expect(zonedHourMinute("2025-04-16T14:00:00Z", ny)).toEqual({ hour: 10, minute: 0 });
    expect(zonedHourMinute("2025-04-16T19:35:00Z", ny)).toEqual({ hour: 15, minute: 35 });
  });

  it("counts minutes back from an instant", () => {
    expect(minutesBefore("2025-04-16T10:00:00-04:00", 15)).toBe("2025-04-16T13:45:00.000Z");
  });
});
