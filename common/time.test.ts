import { describe, expect, it } from "vitest";
import {
  formatAnnouncedRange,
  formatCalendarDate,
  formatDateSpan,
  formatClock,
  formatDayName,
  formatLongDate,
  formatShortDate,
  formatTimeRange,
  formatWeekdayDate,
  isoOffset,
  minutesBefore,
  zoneAbbreviation,
  zoneName,
  zoneOffsetMinutes,
  zonedDate,
  zonedHourMinute,
  zonedInstant,
} from "./time";
import {
  calendarDateIn,
  clockIn,
  dateSpanIn,
  dayNameIn,
  formatCalendarDateIn,
  formatClockIn,
  formatDateSpanIn,
  timeRangeIn,
} from "./time-in-locale";

const ny = "America/New_York";

describe("A zone's name in full", () => {
  it("is the CLDR's generic name, whatever the season", () => {
    expect(zoneName("America/New_York", "2025-04-16", "en")).toBe("Eastern Time");
    expect(zoneName("America/New_York", "2025-12-16", "en")).toBe("Eastern Time");
    expect(zoneName("Europe/Berlin", "2027-04-14", "en")).toBe("Central European Time");
    expect(zoneName("Asia/Tokyo", "2026-10-01", "en")).toBe("Japan Standard Time");
  });
});

describe("Times shown to visitors", () => {
  it("writes a time the way the programme does", () => {
    expect(formatClock("2025-04-16T14:00:00Z", ny)).toBe("10:00am");
    expect(formatClock("2025-04-16T16:20:00Z", ny)).toBe("12:20pm");
  });

  it("writes the meridiem once when a range stays on one side of noon", () => {
    expect(formatTimeRange("2025-04-16T14:00:00Z", "2025-04-16T14:30:00Z", ny)).toBe("10:00 - 10:30am");
    expect(formatTimeRange("2025-04-16T15:55:00Z", "2025-04-16T16:10:00Z", ny)).toBe("11:55am - 12:10pm");
  });

  it("writes a range as the announcements did", () => {
    expect(formatAnnouncedRange("2025-04-16T15:00:00Z", "2025-04-16T17:00:00Z", ny)).toBe("11:00 AM - 1:00 PM");
  });

  it("shows the same instant in another zone", () => {
    expect(formatClock("2025-04-16T14:00:00Z", "Europe/Berlin")).toBe("4:00pm");
    expect(formatClock("2025-04-16T14:00:00Z", "Asia/Tokyo")).toBe("11:00pm");
  });

  it("writes dates in long and short form, in the event's zone", () => {
    // 01:30 UTC on the 17th is still the 16th in New York.
    expect(formatLongDate("2025-04-17T01:30:00Z", ny, "en")).toBe("April 16, 2025");
    expect(formatShortDate("2025-04-17T01:30:00Z", ny, "en")).toBe("4/16/2025");
    expect(formatCalendarDate("2025-04-16")).toBe("April 16, 2025");
  });

  it("writes every calendar date as Intl's en-US long date does", () => {
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2025, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      expect(formatCalendarDate(date)).toBe(formatLongDate(`${date}T12:00:00Z`, "UTC", "en"));
    }
  });

  it("names a programme day in full for its heading and in short for the switch, as Intl's en-US would", () => {
    expect(formatDayName("2026-10-08", "long")).toBe("Thursday, October 8, 2026");
    expect(formatDayName("2026-10-08", "short")).toBe("Thu, Oct 8");
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2025, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      const noon = `${date}T12:00:00Z`;
      expect(formatDayName(date, "short")).toBe(formatWeekdayDate(noon, "UTC", "en"));
      const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long" }).format(new Date(noon));
      expect(formatDayName(date, "long")).toBe(`${weekday}, ${formatLongDate(noon, "UTC", "en")}`);
    }
  });

  it("refuses what is not a calendar date", () => {
    expect(() => formatCalendarDate("2025-13-01")).toThrow(RangeError);
    expect(() => formatCalendarDate("16 April 2025")).toThrow(RangeError);
    expect(() => formatDayName("2025-02-30x", "long")).toThrow(RangeError);
  });

  it("reads the 24-hour wall clock of an instant in a zone", () => {
    expect(zonedHourMinute("2025-04-16T14:00:00Z", ny)).toEqual({ hour: 10, minute: 0 });
    expect(zonedHourMinute("2025-04-16T19:35:00Z", ny)).toEqual({ hour: 15, minute: 35 });
  });

  it("counts minutes back from an instant", () => {
    expect(minutesBefore("2025-04-16T10:00:00-04:00", 15)).toBe("2025-04-16T13:45:00.000Z");
  });
});

describe("Time-zone arithmetic", () => {
  it("knows a zone's offset on the day, daylight saving included", () => {
    expect(zoneOffsetMinutes(new Date("2025-04-16T14:00:00Z"), ny)).toBe(-240);
    expect(zoneOffsetMinutes(new Date("2025-01-16T14:00:00Z"), ny)).toBe(-300);
    expect(zoneOffsetMinutes(new Date("2025-04-16T14:00:00Z"), "Asia/Kolkata")).toBe(330);
  });

  it("writes an offset as ISO 8601 does", () => {
    expect(isoOffset(-240)).toBe("-04:00");
    expect(isoOffset(330)).toBe("+05:30");
    expect(isoOffset(-210)).toBe("-03:30");
    expect(isoOffset(0)).toBe("+00:00");
  });

  it("finds the instant of a wall-clock time on a date in a zone", () => {
    expect(zonedInstant("2025-04-16", 10, 0, ny).toISOString()).toBe("2025-04-16T14:00:00.000Z");
    expect(zonedInstant("2025-04-16", 10, 0, "Asia/Tokyo").toISOString()).toBe("2025-04-16T01:00:00.000Z");
    // The day the clocks go forward: 10am is already EDT.
    expect(zonedInstant("2025-03-09", 10, 0, ny).toISOString()).toBe("2025-03-09T14:00:00.000Z");
  });

  it("tells which date an instant falls on in a zone", () => {
    expect(zonedDate(new Date("2025-04-16T19:35:00Z"), ny)).toBe("2025-04-16");
    expect(zonedDate(new Date("2025-04-16T19:35:00Z"), "Asia/Tokyo")).toBe("2025-04-17");
  });

  it("names zones the way people read them next to a time", () => {
    expect(zoneAbbreviation("2025-04-16T14:00:00Z", ny, "en")).toBe("EDT");
    expect(zoneAbbreviation("2025-04-16T14:00:00Z", "Europe/Berlin", "en")).toBe("GMT+2");
    expect(zoneAbbreviation("2025-04-16T14:00:00Z", "Asia/Tokyo", "en")).toBe("GMT+9");
    expect(formatWeekdayDate("2025-04-16T19:35:00Z", "Asia/Tokyo", "en")).toBe("Thu, Apr 17");
  });
});

describe("formatDateSpan", () => {
  it("says one day as a calendar date, and several as a span as short as is clear", () => {
    expect(formatDateSpan("2025-04-16")).toBe("April 16, 2025");
    expect(formatDateSpan("2025-04-16", "2025-04-16")).toBe("April 16, 2025");
    expect(formatDateSpan("2020-12-14", "2020-12-16")).toBe("December 14–16, 2020");
    expect(formatDateSpan("2025-04-30", "2025-05-02")).toBe("April 30 – May 2, 2025");
    expect(formatDateSpan("2025-12-30", "2026-01-02")).toBe("December 30, 2025 – January 2, 2026");
  });
});

describe("Times and dates in the edition's language", () => {
  const berlin = "Europe/Berlin";
  it("writes German as Germans write a programme", () => {
    expect(clockIn("2025-04-16T14:00:00Z", berlin, "de")).toBe("16:00");
    expect(timeRangeIn("2025-04-16T14:00:00Z", "2025-04-16T14:30:00Z", berlin, "de")).toBe("16:00–16:30");
    expect(formatLongDate("2025-04-16T14:00:00Z", berlin, "de")).toBe("16. April 2025");
    expect(formatShortDate("2025-04-16T14:00:00Z", berlin, "de")).toBe("16.4.2025");
    expect(dayNameIn("2026-10-08", "long", "de")).toBe("Donnerstag, 8. Oktober 2026");
    expect(dayNameIn("2026-10-08", "short", "de")).toBe("Do., 8. Okt.");
    expect(dateSpanIn("2031-05-07", undefined, "de")).toBe("7. Mai 2031");
    expect(dateSpanIn("2031-05-07", "2031-05-09", "de")).toBe("7. Mai 2031 – 9. Mai 2031");
    expect(zoneName(berlin, "2027-04-14", "de")).toBe("Mitteleuropäische Zeit");
  });

  it("writes Japanese with the 24-hour clock, the year first and the wave dash", () => {
    const tokyo = "Asia/Tokyo";
    expect(clockIn("2026-10-01T01:00:00Z", tokyo, "ja")).toBe("10:00");
    expect(timeRangeIn("2026-10-01T01:00:00Z", "2026-10-01T01:30:00Z", tokyo, "ja")).toBe("10:00～10:30");
    expect(formatLongDate("2026-10-01T01:00:00Z", tokyo, "ja")).toBe("2026年10月1日");
    expect(dayNameIn("2026-10-08", "long", "ja")).toBe("2026年10月8日木曜日");
    expect(dayNameIn("2026-10-08", "short", "ja")).toBe("10月8日(木)");
    expect(dateSpanIn("2031-05-07", "2031-05-09", "ja")).toBe("2031年5月7日～2031年5月9日");
    expect(zoneName(tokyo, "2026-10-01", "ja")).toBe("日本標準時");
    expect(zoneAbbreviation("2026-10-01T01:00:00Z", tokyo, "ja")).toBe("JST");
  });

  it("keeps the specification's English for en and en-US, and refuses what is not a date", () => {
    for (const locale of ["en", "en-US"]) {
      expect(formatClockIn("2025-04-16T14:00:00Z", ny, locale)).toBe("10:00am");
      expect(formatDateSpanIn("2031-05-07", "2031-05-09", locale)).toBe("May 7–9, 2031");
      expect(formatCalendarDateIn("2025-04-16", locale)).toBe("April 16, 2025");
    }
    expect(formatClockIn("2025-04-16T14:00:00Z", ny, "de")).toBe("10:00");
    expect(formatDateSpanIn("2031-05-07", "2031-05-09", "ja")).toBe("2031年5月7日～2031年5月9日");
    expect(() => calendarDateIn("2031-13-01", "de")).toThrow(RangeError);
  });
});
