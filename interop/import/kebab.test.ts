import { describe, expect, it } from "vitest";
import { kebab, uniqueId } from "./kebab";

describe("Ids made of names and titles", () => {
  it("fold accents, and write the Latin letters Unicode does not decompose as plain Latin", () => {
    expect(kebab("Jiří Dvořák")).toBe("jiri-dvorak");
    expect(kebab("Ørjan Æsir")).toBe("orjan-aesir");
    expect(kebab("Łukasz Żuk")).toBe("lukasz-zuk");
    expect(kebab("Straße & Þór, Đorđe")).toBe("strasse-thor-dorde");
    expect(kebab("Ğül Işık")).toBe("gul-isik");
  });

  it("give nothing for a text with no Latin letter or digit, for the caller to decide", () => {
    expect(kebab("Дмитрий")).toBe("");
    expect(kebab("山田 太郎")).toBe("");
    expect(kebab("🙈")).toBe("");
  });

  it("cut a long text at a word", () => {
    expect(kebab("one two three four", 12)).toBe("one-two");
  });

  it("number an id someone has", () => {
    const taken = new Set(["ana"]);
    expect(uniqueId("ana", taken)).toBe("ana-2");
    expect(uniqueId("ana", taken)).toBe("ana-3");
  });
});
