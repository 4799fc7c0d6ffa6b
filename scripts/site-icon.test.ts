import { describe, expect, it } from "vitest";
import { siteIconPath } from "../app/lib/site-paths";
import { withSiteIcon } from "./site-icon";

describe("the site's icon", () => {
  it("is added at the end of <head>, and a page without <head> stops the build", () => {
    expect(withSiteIcon("<html><head><title>A</title></head><body></body></html>")).toBe(
      `<html><head><title>A</title><link rel="icon" href="${siteIconPath}" type="image/svg+xml"/></head><body></body></html>`,
    );
    expect(() => withSiteIcon("<p>no head</p>")).toThrow(/without <head>/);
  });
});
