import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { staggerClass, staggerSteps } from "./stagger";

describe("staggerClass", () => {
  it("names one of the classes app.css has Tailwind write, the last for every item past them", () => {
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    expect(css).toContain(`@source inline("stagger-{0..${String(staggerSteps - 1)}}");`);
    expect(staggerClass(0)).toBe("stagger-0");
    expect(staggerClass(staggerSteps - 1)).toBe(`stagger-${String(staggerSteps - 1)}`);
    expect(staggerClass(staggerSteps + 10)).toBe(`stagger-${String(staggerSteps - 1)}`);
  });
});
