/** The part of fontkit's interface the build uses (the package ships no types). */
declare module "fontkit" {
  interface Glyph {
    id: number;
    path: { toSVG(): string };
  }
  interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { glyphs: Glyph[]; positions: { xAdvance: number }[] };
  }
  export function create(data: Buffer): Font;
}
