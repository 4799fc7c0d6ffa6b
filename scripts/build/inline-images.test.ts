import { describe, expect, it } from "vitest";
import { inlineLimit, inlineSmallImages } from "./inline-images";

const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>A & B</title><rect width="8" height="8"/></svg>';
const files: Record<string, string> = {
  "/logos/a.svg": logo,
  "/logos/big.svg": `<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(inlineLimit)}</svg>`,
};
const read = (sitePath: string) => files[sitePath];

describe("small SVG images written into the page", () => {
  it("turns a small SVG file into a data URL that gives back the same image", () => {
    const html = inlineSmallImages('<p><img src="/logos/a.svg" alt="A" width="8" height="8"/></p>', read);
    const src = /src="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(src.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(src.slice("data:image/svg+xml,".length))).toBe(logo);
    expect(html).toContain('alt="A" width="8" height="8"/></p>');
    // Nothing in the URL can end the attribute or open a tag.
    expect(src).not.toMatch(/["<>&\s]/);
  });

  it("writes the site's SVG icon in too, and leaves other links alone", () => {
    const head =
      '<link rel="icon" href="/logos/a.svg" type="image/svg+xml"/><link rel="stylesheet" href="/logos/a.svg"/>';
    const html = inlineSmallImages(head, read);
    expect(html).toBe(
      `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(logo)}" type="image/svg+xml"/><link rel="stylesheet" href="/logos/a.svg"/>`,
    );
  });

  it("drops the preload of an image it writes in, and keeps the preload of one that stays a file", () => {
    const head =
      '<link rel="preload" as="image" href="/logos/a.svg"/><link rel="preload" as="image" href="/logos/big.svg"/>';
    expect(inlineSmallImages(`${head}<img src="/logos/a.svg" alt=""/>`, read)).toBe(
      `<link rel="preload" as="image" href="/logos/big.svg"/><img src="data:image/svg+xml,${encodeURIComponent(logo)}" alt=""/>`,
    );
  });

  it("leaves large files, missing files, other formats and other sites' images as they are", () => {
    for (const image of [
      '<img src="/logos/big.svg" alt=""/>',
      '<img src="/logos/missing.svg" alt=""/>',
      '<img src="/portraits/a.png" alt=""/>',
      '<img src="https://example.com/a.svg" alt=""/>',
      '<link rel="icon" href="/logos/big.svg" type="image/svg+xml"/>',
    ]) {
      expect(inlineSmallImages(image, read)).toBe(image);
    }
  });
});
