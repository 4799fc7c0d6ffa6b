import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/**
 * Fontsource cuts each face into pieces by script ("latin", "latin-ext", "greek") or, for the large ones, by
 * number ("[0]" to "[119]"), and names each piece's characters in the package's `unicode.json` as a CSS
 * unicode-range. The site's fonts and the share cards take only the pieces that hold what they show.
 */
const require = createRequire(import.meta.url);

/** A package's file, found as Node finds the package. */
export function packageFile(pkg: string, file: string): Promise<Buffer> {
  return readFile(require.resolve(`${pkg}/${file}`));
}

/** Each piece of a Fontsource package with its unicode-range ("U+0100-02BA,U+1E00-1E9F"), in the package's order. */
export async function fontsourcePieces(pkg: string): Promise<{ piece: string; range: string }[]> {
  const ranges = JSON.parse((await packageFile(pkg, "unicode.json")).toString("utf8")) as Record<string, string>;
  return Object.entries(ranges).map(([piece, range]) => ({ piece, range }));
}

/** Whether a code point lies in a CSS unicode-range ("U+3000-303f,U+30a0"). */
export function inRange(range: string, codePoint: number): boolean {
  return range.split(",").some((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return codePoint >= parseInt(from ?? "", 16) && codePoint <= parseInt(to ?? "", 16);
  });
}

/**
 * The characters of `characters` a font file (WOFF2, WOFF, TTF or OTF) has a glyph for, read from its cmap: a
 * piece's unicode-range says what it was cut for, not what the face drew (Inter's latin piece names U+2000-206F
 * and has no "⁂"), and a character is only taken as drawn when a glyph is there.
 */
export function drawnBy(font: Buffer, characters: Iterable<string>): string[] {
  const face = fontkit.create(font);
  return Array.from(characters).filter((character) => face.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
}

/**
 * Characters a face need not draw to be read: spaces (a space in the system's face looks like one in ours: U+202F,
 * which the browser's time formatting writes, is in neither face), and those that join or select others (the
 * zero-width joiner of 👩‍💻, the variation selector of ❤️). What the build reports as undrawn leaves them out.
 */
export const unseen = /[\s\p{Default_Ignorable_Code_Point}]/u;
