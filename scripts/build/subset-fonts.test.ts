import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { selectedEditionId } from "../../content/editions";
import { loadEdition } from "../../content/load-edition";
import { missingCharacters, paintedText, siteCharacters, textOf } from "./subset-fonts";

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

  it("leave Chinese, Japanese and Korean to the system's fonts, whatever the subset holds", () => {
    const page = "<html><head></head><body><p>10月9日（木曜日）・会場 A, 서울</p></body></html>";
    expect(missingCharacters(page, "0123456789 ,")).toEqual(["A"]);
  });
});
