import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { selectedEditionId } from "../../content/editions";
import { loadEdition } from "../../content/load-edition";
import { drawnBy } from "./fontsource-pieces";
import { cutFonts, firstScreen, missingCharacters, paintedText, siteCharacters, textOf } from "./subset-fonts";

const loaded = loadEdition(selectedEditionId());
const { edition } = loaded;

describe("the characters the fonts are cut to", () => {
  it("take JSX text whole, the words of other strings, and neither class names nor imports", () => {
    const code = [
      'import { Link } from "react-router";',
      "export const Crumb = () => (",
      '  <p className="[&>li]:mt-2 w-1/2">',
      '    Home&nbsp;<span>&gt;</span>{"»"} ‘Quoted’',
      "  </p>",
      ");",
      'const selector = "[data-zone=\\"x\\"]";',
      "const said = `Now #${String(1)} — at 10:00`;",
    ].join("\n");
    const text = textOf("crumb.tsx", code);
    expect(text).toContain("Home\u00a0");
    expect(text).toContain(">");
    expect(text).toContain("»");
    expect(text).toContain("‘Quoted’");
    expect(text).toContain("data-zone");
    expect(text).toContain("— at 10:00");
    for (const absent of ["react-router", "[&", "w-1/2", "#", "="]) expect(text).not.toContain(absent);
  });

  it("hold every character of the edition's content and of the app's words", async () => {
    const characters = new Set(await siteCharacters(loaded));
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === "string") strings.push(value);
      else if (value && typeof value === "object") Object.values(value).forEach(collect);
    };
    collect(edition);
    for (const string of strings)
      for (const character of string) expect(characters.has(character), character).toBe(true);
    const breadcrumb = await readFile("app/components/breadcrumb.tsx", "utf8");
    expect(characters.has(">"), "the breadcrumb's separator").toBe(breadcrumb.includes("&gt;"));
    for (const digit of "0123456789") expect(characters.has(digit)).toBe(true);
  });

  it("name what a page paints and the fonts lack, outside its head, scripts and tags", () => {
    const page = [
      "<html><head><title>Only in the tab ☂</title></head><body>",
      '<ol class="[&>li]:mt-2"><li>Home<span aria-hidden="true">&gt;</span></li></ol>',
      "<p>Tom&#8217;s talk &#x2192; café</p><script>const x = '☃';</script></body></html>",
    ].join("");
    expect(paintedText(page)).toContain("Home > ");
    expect(missingCharacters(page, "HomeTstalkcf>' ")).toEqual(["’", "→", "é"]);
    expect(missingCharacters(page, `HomeTstalkcf>'’→é`)).toEqual([]);
  });

  it("take a page's first screen as its navigation and its own header, or the whole page without one", () => {
    const page = [
      '<html><head></head><body><header><nav>Home</nav></header><main id="main">',
      "<header><h1>Σύνοψη</h1><p>Abstract</p></header><section><h2>Speakers</h2><p>Кирилл</p></section>",
      "</main></body></html>",
    ].join("");
    const shown = paintedText(firstScreen(page));
    expect(shown).toContain("Home");
    expect(shown).toContain("Σύνοψη");
    expect(shown).toContain("Abstract");
    expect(shown).not.toContain("Кирилл");
    const headless = "<html><head></head><body><main><p>Кирилл</p></main></body></html>";
    expect(firstScreen(headless)).toBe(headless);
  });

  it("leave Chinese, Japanese and Korean to the system's fonts, whatever the subset holds", () => {
    const page = "<html><head></head><body><p>10月9日（木曜日）・会場 A, 서울</p></body></html>";
    expect(missingCharacters(page, "0123456789 ,")).toEqual(["A"]);
  });
});

describe("the fonts cut to the characters", { timeout: 30_000 }, () => {
  const sample = "Łódź, Jiří, Ørjan: Ğ, ž, Ελληνικά, Кириллица, Nguyễn";
  /** Characters once each, as siteCharacters gives them. */
  const unique = (text: string) => Array.from(new Set(text)).join("");

  it("draw Latin Extended, Greek, Cyrillic and Vietnamese from the faces' other pieces, each with a unicode-range", async () => {
    const { files, css, undrawn } = await cutFonts(unique(await siteCharacters(loaded)) + unique(sample));
    const names = files.map((file) => file.file);
    for (const piece of ["inter-latin-ext", "inter-greek", "inter-cyrillic", "inter-vietnamese"]) {
      expect(names).toContain(`${piece}.woff2`);
    }
    // Space Grotesk has no Greek nor Cyrillic: the display face falls back to Inter for them (app.css).
    expect(names).toContain("space-grotesk-latin-ext.woff2");
    const letters = Array.from(new Set(sample.replace(/[\s,:]/gu, "")));
    const drawn = new Set(files.filter(({ file }) => file.startsWith("inter")).flatMap(({ data }) => drawnBy(data, letters)));
    for (const letter of letters) expect(drawn.has(letter), letter).toBe(true);
    expect(undrawn.filter((character) => letters.includes(character))).toEqual([]);
    // A browser fetches a piece only for a page that shows one of its characters.
    expect(css).toMatch(/src: url\("\.\/inter-greek\.woff2"\)[^}]*unicode-range: [^;]*U\+3BB/);
  });

  it("keep every file an edition had, byte for byte, when its content takes up other scripts", async () => {
    const characters = await siteCharacters(loaded);
    const before = await cutFonts(characters);
    // Letters outside Latin-1, which the main files are cut from: "ó" would rightly add a glyph to them.
    const after = await cutFonts(unique(`${characters}Łźřž Ελληνικά Кириллица ễ`));
    for (const { file, data } of before.files) {
      expect(after.files.find((cut) => cut.file === file)?.data.equals(data), file).toBe(true);
    }
  });

  it("cut plain Latin to the main files alone, and report emoji and other scripts as neither face's", async () => {
    const { files, undrawn } = await cutFonts("Talk 10:30 🙈 👩\u200d💻 한\uE000\u202f");
    expect(files.map((file) => file.file)).toEqual(["inter.woff2", "space-grotesk.woff2"]);
    // Not the spaces, nor the joiner between 👩 and 💻: nothing shows of them.
    expect(undrawn).toEqual(["🙈", "👩", "💻", "한", "\uE000"]);
  });
});
