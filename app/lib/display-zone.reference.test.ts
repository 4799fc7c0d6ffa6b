import { describe, expect, it } from "vitest";
import { displayZoneFor } from "./display-zone";

// The reference edition's zone as the spec names it; display-zone.test.ts checks the same on any edition.
describe("The zone times are shown in, on the reference edition", () => {
  it("is Eastern Time, labelled ET, by default", () => {
    expect(displayZoneFor("event", "Asia/Tokyo")).toEqual({
      choice: "event",
      timeZone: "America/New_York",
      label: "ET",
      description: "Eastern Time (ET)",
    });
  });

  it("is the visitor's own zone, named as on the event day, once they switch", () => {
    expect(displayZoneFor("local", "Europe/Berlin")).toEqual({
      choice: "local",
      timeZone: "Europe/Berlin",
      label: "GMT+2",
      description: "your time zone, Europe/Berlin (GMT+2)",
    });
    expect(displayZoneFor("local", "Asia/Tokyo").label).toBe("GMT+9");
  });
});
