import { describe, expect, it } from "vitest";
import { siteIconPath } from "../../common/site-paths";
import { withSiteIcon } from "./site-icon";
import { iconFiles } from "./web-app";

describe("the site's icon", () => {
  it("is added at the end of <head> with the home screen's icon", () => {
    const touchIcon = iconFiles.find((icon) => icon.purpose === "any")!;
    expect(withSiteIcon("<html><head><title>A</title></head><body></body></html>")).toBe(
      `<html><head><title>A</title><link rel="icon" href="${siteIconPath}" type="image/svg+xml"/><link rel="apple-touch-icon" href="${touchIcon.path}"/></head><body></body></html>`,
    );
  });

  it("stops the build on a page without <head>", () => {
    expect(() => withSiteIcon("<p>no head</p>")).toThrow(/without <head>/);
  });
});
