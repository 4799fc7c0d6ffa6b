import { describe, expect, it } from "vitest";
import { votingWindowOf, votingWindowRecord } from "./voting-window";

describe("The voting window between the content, the API and the pages", () => {
  it("reads ISO instants with any offset as the same instants, and writes them back in UTC", () => {
    const window = votingWindowOf({ opens: "2025-04-16T10:00:00-04:00", closes: "2025-04-17T00:00:00+02:00" });
    expect(window.opens.getTime()).toBe(Date.UTC(2025, 3, 16, 14));
    expect(window.closes.getTime()).toBe(Date.UTC(2025, 3, 16, 22));
    expect(votingWindowRecord(window)).toEqual({
      opens: "2025-04-16T14:00:00.000Z",
      closes: "2025-04-16T22:00:00.000Z",
    });
  });
});
