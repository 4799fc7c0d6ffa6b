import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";
import ts from "typescript";
import { selectedEditionId } from "../../content/editions";
import { loadEdition, type LoadedEdition } from "../../content/load-edition";
import { some } from "../../interop/import/import-notes";
import { drawnBy, fontsourcePieces, packageFile, unseen } from "./fontsource-pieces";
import { editionMessages } from "./messages";

/**
 * The site's two variable fonts, cut down to what the edition can show (docs/decisions/032). Fontsource's latin
 * files carry every weight from thin to black, every Latin letter and every stylistic set: 71 KB that a phone on a
 * slow connection fetches before the largest text settles. The design uses weights 400 to 700 and the default
 * shaping features; the characters are those of the edition's content and of the app's own words, in whichever of
 * Fontsource's pieces of the face holds them (Latin, Latin Extended, Greek, Cyrillic, Vietnamese). A build step
 * before Vite writes the subsets to `.generated/fonts/`, which `app/app.css` and `app/root.tsx` name, so the files
 * are hashed by their content like any other asset.
 *
 *   npx tsx scripts/build/subset-fonts.ts     (part of `npm run build`)
 */
export const generatedFontsDir = ".generated/fonts";
/** The characters the subsets were made for, which the build checks every page's text against. */
export const charactersFile = path.join(generatedFontsDir, "characters.txt");

/**
 * Each font with the OpenType features it keeps: the shaping a browser applies by default (contextual alternates
 * among them, which Inter uses for arrows and the colon between digits); Space Grotesk also keeps tabular figures,
 * which the design asks of it (`tabular-nums` is only ever set on display text). Its files are Fontsource's pieces
 * of the variable face: `<file>-<piece>-wght-normal.woff2`.
 */
const defaultShaping = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "calt"];
const fonts = [
  { family: "Inter Variable", pkg: "@fontsource-variable/inter", file: "inter", features: defaultShaping },
  {
    family: "Space Grotesk Variable",
    pkg: "@fontsource-variable/space-grotesk",
    file: "space-grotesk",
    features: [...defaultShaping, "tnum"],
  },
];
/** Tailwind's font-normal to font-bold: the weights the design uses (app.css declares the same range). */
const weights = { min: 400, max: 700 };
/**
 * Characters that appear on pages without being written in any source: the ones the browser's date and time
 * formatting produces (narrow and thin spaces, the no-break space, dashes, the ellipsis), and the digits.
 */
const formatted = "0123456789\u00a0\u2009\u202f\u2013\u2014\u2026";
async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/**
 * ASCII symbols that the app's strings hold as code (selectors, URLs, patterns, markup) far more often than as
 * words: a string literal does not bring them in, only JSX text and the content do. They cost more than their own
 * glyphs: `<`, `>`, `=` and `|` bring Inter's arrow ligatures, a fifth of the file.
 */
const codeSymbols = new Set("<>=|[]{}\\^~`@#$%*+_");
/** The symbols that bring ligatures along (arrows such as "->" and "=>"): a page that shows one gets a file for them. */
const ligatureSymbols = "<>=|";

/**
 * The text a source file can put on a page: its JSX text whole (with strings written as an element's children), and
 * the words of its other string and template literals,
 * but not class names (Tailwind's brackets, slashes and colons) nor imports.
 */
export function textOf(file: string, code: string): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === "className") return;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) found.push(decodeEntities(node.text));
    // {">"} among an element's children is text too.
    else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      found.push(node.expression.text);
      return;
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      found.push(
        Array.from(node.text)
          .filter((character) => !codeSymbols.has(character))
          .join(""),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.join("");
}

/**
 * Every character a page of this edition can show: the edition's content, the app's words, and what the browser's
 * formatting adds. A page that shows another paints it in a fallback face; the build checks every prerendered page.
 */
export async function siteCharacters({ edition, id: editionId }: LoadedEdition): Promise<string> {
  const characters = new Set<string>([" "]);
  const add = (text: string) => {
    for (const character of text) if (character > " ") characters.add(character);
  };
  const addStrings = (value: unknown): void => {
    if (typeof value === "string") add(value);
    else if (value && typeof value === "object") for (const item of Object.values(value)) addStrings(item);
  };
  add(formatted);
  addStrings(edition);
  // Screens that set the edition's name in capitals (the countdown's heading) write it so themselves.
  add(edition.event.shortName.toLocaleUpperCase(edition.event.locale));
  // The interface's words in the edition's language; where the faces have no glyph for a character (Japanese), the
  // browser draws it in the system's font.
  addStrings(editionMessages(editionId).messages);
  for await (const file of sourceFiles("app")) add(textOf(file, await readFile(file, "utf8")));
  return Array.from(characters).sort().join("");
}

/** The @font-face rule of one file of a font; `characters` limits it to those (a unicode-range). */
function fontFace(font: (typeof fonts)[number], file: string, characters?: string): string {
  const range = characters
    ? `\n  unicode-range: ${Array.from(characters)
        .map((character) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}`)
        .join(", ")};`
    : "";
  return `@font-face {
  font-family: "${font.family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${String(weights.min)} ${String(weights.max)};
  src: url("./${file}") format("woff2-variations");${range}
}
`;
}

/** A font file the build writes: its name, its bytes, and the size of the piece it was cut from. */
export interface CutFile {
  file: string;
  data: Buffer;
  before: number;
}

/**
 * Cuts each font to `characters`. The main file, from Fontsource's latin piece, is cut to every character but the
 * ligature symbols, as it always was: an edition in plain Latin gets the same files, byte for byte. The ligature
 * symbols a page does show (the breadcrumb's ">") go in a small second file of each font, which a browser fetches
 * only for a page that shows one (the build preloads it there): in the main file they would bring their ligatures
 * along (">" alone adds 2 KB to Inter, and takes it past what a new connection delivers in its first round trip).
 * What the latin piece has no glyph for (ž, λ, Ж, ệ) comes from the face's other pieces, one file per piece that
 * holds any, each with a unicode-range of its characters, so that a browser fetches it only for a page that shows
 * one (docs/decisions/070). `undrawn` is what no file of either face draws: emoji, other scripts, left to the
 * visitor's system fonts.
 */
export async function cutFonts(characters: string): Promise<{ files: CutFile[]; css: string; undrawn: string[] }> {
  const symbols = Array.from(characters)
    .filter((character) => ligatureSymbols.includes(character))
    .join("");
  const main = Array.from(characters)
    .filter((character) => !ligatureSymbols.includes(character))
    .join("");
  const drawn = new Set<string>();
  const files: CutFile[] = [];
  const faces: string[] = [];
  for (const font of fonts) {
    const source = (piece: string) => packageFile(font.pkg, `files/${font.file}-${piece}-wght-normal.woff2`);
    const latin = await source("latin");
    const parts = [{ file: `${font.file}.woff2`, source: latin, text: main, range: undefined as string | undefined }];
    if (symbols !== "") parts.push({ file: `${font.file}-symbols.woff2`, source: latin, text: symbols, range: symbols });
    const inLatin = drawnBy(latin, main);
    let left = Array.from(main).filter((character) => character > " " && !inLatin.includes(character));
    // Latin Extended first: a Vietnamese or Greek piece also holds some of its letters, which belong with their kin.
    const pieces = (await fontsourcePieces(font.pkg))
      .map(({ piece }) => piece)
      .filter((piece) => piece !== "latin")
      .sort((a, b) => Number(b === "latin-ext") - Number(a === "latin-ext"));
    for (const piece of pieces) {
      if (left.length === 0) break;
      const data = await source(piece);
      const held = drawnBy(data, left);
      if (held.length === 0) continue;
      left = left.filter((character) => !held.includes(character));
      parts.push({ file: `${font.file}-${piece}.woff2`, source: data, text: held.join(""), range: held.join("") });
    }
    for (const part of parts) {
      const data = await subsetFont(part.source, part.text, {
        targetFormat: "woff2",
        keepFeatures: font.features,
        variationAxes: { wght: weights },
      });
      files.push({ file: part.file, data, before: part.source.length });
      // Later rules are tried first: a file with a unicode-range answers for its own characters only.
      faces.push(fontFace(font, part.file, part.range));
      for (const character of drawnBy(data, part.text)) drawn.add(character);
    }
  }
  const undrawn = Array.from(characters).filter((character) => !unseen.test(character) && !drawn.has(character));
  return { files, css: `/* Written by scripts/build/subset-fonts.ts. */\n${faces.join("")}`, undrawn };
}

/** Writes the cut fonts, `fonts.css` with their @font-face rules (app.css imports it) and the characters they were cut for. */
export async function writeSubsets(loaded: LoadedEdition): Promise<{ files: CutFile[]; undrawn: string[] }> {
  const characters = await siteCharacters(loaded);
  const { files, css, undrawn } = await cutFonts(characters);
  await mkdir(generatedFontsDir, { recursive: true });
  for (const { file, data } of files) await writeFile(path.join(generatedFontsDir, file), data);
  await writeFile(path.join(generatedFontsDir, "fonts.css"), css);
  await writeFile(charactersFile, characters);
  return { files, undrawn };
}

/** The characters of a built page's painted text (outside <head>, scripts and tags) the subsets were not made for. */
export function missingCharacters(html: string, characters: string): string[] {
  const known = new Set(characters);
  const missing = new Set<string>();
  for (const character of paintedText(html)) {
    if (character > " " && !known.has(character) && !systemDrawn.test(character)) missing.add(character);
  }
  return Array.from(missing);
}

/**
 * Characters of the scripts the faces have no glyphs for, Chinese, Japanese and Korean with their punctuation and
 * full-width forms: the browser draws them in the system's CJK font by design (issue 31), so a date the browser
 * writes in Japanese (木曜日) needs nothing of the subset.
 */
const systemDrawn =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u30ff\uff00-\uffef]/u;

/** The text a built page paints: outside <head>, scripts, styles and tags, with character references written out. */
export function paintedText(html: string): string {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<head>[\s\S]*?<\/head>/, " ")
      // A tag, whose quoted attribute values may hold ">" (class names such as `[&>li]:mt-2`).
      .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, " "),
  );
}

/**
 * What a page shows first, where its largest paint is: the navigation and the page's own header (its heading and
 * summary), or the whole page when it has none. A font preloaded for text further down (a speaker's name in Greek
 * in a session's list) would be fetched before the page's first paint and delay it: on Lighthouse's mobile preset,
 * a talk page of a large programme took 1.20 s to its largest paint with one such preload and 1.13 s without.
 */
export function firstScreen(html: string): string {
  const main = html.indexOf("<main");
  const header = html.indexOf("<header", main);
  const end = html.indexOf("</header>", header);
  return main < 0 || header < 0 || end < 0 ? html : html.slice(0, end);
}

/** Text with the character references HTML and JSX allow (`&gt;`, `&#8217;`, `&#x2019;`) written out. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&([a-z]+);/g, (reference: string, name: string) => named[name] ?? reference);
}

if (import.meta.filename === process.argv[1]) {
  const { files, undrawn } = await writeSubsets(loadEdition(selectedEditionId()));
  for (const { file, before, data } of files) {
    console.log(`fonts: ${file} ${(data.length / 1024).toFixed(1)} KB (from ${(before / 1024).toFixed(1)} KB)`);
  }
  if (undrawn.length > 0) {
    console.log(
      `fonts: ${String(undrawn.length)} characters of the content are in neither face and left to the visitor's system fonts: ${some(undrawn, 8)}`,
    );
  }
}
