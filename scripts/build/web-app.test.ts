import { describe, expect, it } from "vitest";
import { pageColour } from "../../common/site-paths";
import { everyEdition } from "../../tests/every-edition";
import { drawIcon, iconFiles, webAppManifest } from "./web-app";

describe.each(everyEdition)("The web app of $id", ({ edition }) => {
  // Expected values come from the edition under test.
  describe("The web app manifest", () => {
    const manifest = webAppManifest(edition);

    it("is the edition's: its name, short name, description and language, starting at the home page", () => {
      expect(manifest).toMatchObject({
        id: "/",
        name: edition.event.name,
        short_name: edition.event.shortName,
        description: edition.event.description,
        lang: edition.event.locale,
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: pageColour,
        theme_color: pageColour,
      });
    });

    it("names icons at the sizes browsers ask for, one of them maskable", () => {
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        "192x192 any",
        "512x512 any",
        "512x512 maskable",
      ]);
    });
  });

  describe("The app's icons", () => {
    const mark =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#fff"/></svg>';

    it("are PNGs of their stated size, drawn from the mark", () => {
      for (const icon of iconFiles) {
        const png = drawIcon(mark, icon);
        expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([icon.size, icon.size]);
      }
    });

    it("put the mark within the maskable icon's safe zone, on the page's colour", () => {
      const maskable = iconFiles.find((icon) => icon.purpose === "maskable")!;
      const plain = iconFiles.find((icon) => icon.purpose === "any" && icon.size === maskable.size)!;
      // A white mark: drawn plain it fills the icon; in the maskable icon its edge is the page's colour.
      expect(drawIcon(mark, maskable).equals(drawIcon(mark, plain))).toBe(false);
    });
  });
});
