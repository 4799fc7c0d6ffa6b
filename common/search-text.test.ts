import { describe, expect, it } from "vitest";
import { matchesQuery, searchKey } from "./search-text";

describe("searchKey", () => {
  it("drops case and diacritics, and folds compatibility forms", () => {
    expect(searchKey("Jiří Dvořák")).toBe("jiri dvorak");
    expect(searchKey("Ｃａｆé  ＡＩ")).toBe("cafe ai");
    expect(searchKey("  Ångström\n")).toBe("angstrom");
  });

  it("keeps scripts without Latin letters as they are, marks apart", () => {
    expect(searchKey("東京")).toBe("東京");
    expect(searchKey("Αθήνα")).toBe("αθηνα");
  });
});

describe("matchesQuery", () => {
  const folded = searchKey("Jiří Dvořák: Rust on small boards");
  it("finds every word of a query in any order, whatever its case and marks", () => {
    expect(matchesQuery(folded, "jiri")).toBe(true);
    expect(matchesQuery(folded, "BOARDS jiří")).toBe(true);
    expect(matchesQuery(folded, "jiri python")).toBe(false);
  });

  it("matches everything for an empty query", () => {
    expect(matchesQuery(folded, "  ")).toBe(true);
  });
});
