import { describe, expect, it } from "vitest";
import { previewInstant } from "./preview";

describe("Previewing a moment with ?now=", () => {
  it("reads an instant in UTC or with an offset", () => {
    expect(previewInstant("?now=2025-04-16T14:07:30Z")?.toISOString()).toBe("2025-04-16T14:07:30.000Z");
    expect(previewInstant("?now=2025-04-16T10:07:30-04:00")?.toISOString()).toBe("2025-04-16T14:07:30.000Z");
    expect(previewInstant("?tab=1&now=2025-04-16T10%3A07%3A30%2B02%3A00")?.toISOString()).toBe(
      "2025-04-16T08:07:30.000Z",
    );
    expect(previewInstant("?now=2025-04-16T10:07:30+02:00")?.toISOString()).toBe("2025-04-16T08:07:30.000Z");
  });

  it("ignores a missing, invalid or zone-less value, which would depend on the viewer's zone", () => {
    expect(previewInstant("")).toBeNull();
    expect(previewInstant("?now=")).toBeNull();
    expect(previewInstant("?now=tomorrow")).toBeNull();
    expect(previewInstant("?now=2025-04-16T10:07:30")).toBeNull();
    expect(previewInstant("?now=2025-13-45T10:07:30Z")).toBeNull();
  });
});
