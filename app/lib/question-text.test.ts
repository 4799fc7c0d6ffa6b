import { describe, expect, it } from "vitest";
import * as m from "../i18n/messages";
import { cleanQuestionField, graphemeCount, isInvisible, questionTextMessages } from "./question-text";
import { questionLimits } from "../../common/question-contract";

const text = (raw: unknown) => cleanQuestionField("text", raw);
const kept = (raw: string) => {
  const result = text(raw);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(raw)}: ${result.error}`);
  return result.value;
};
const refusal = (raw: unknown, field: "text" | "name" | "hideReason" = "text") => {
  const result = cleanQuestionField(field, raw);
  if (result.ok) throw new Error(`kept ${JSON.stringify(raw)} as ${JSON.stringify(result.value)}`);
  return result.error;
};

describe("graphemeCount", () => {
  it("counts what a person sees as one character as one", () => {
    expect(graphemeCount("abc")).toBe(3);
    expect(graphemeCount("e\u0301")).toBe(1);
    expect(graphemeCount("👩‍💻")).toBe(1);
    expect(graphemeCount("👨‍👩‍👧‍👦")).toBe(1);
    expect(graphemeCount("❤️")).toBe(1);
    expect(graphemeCount("🇯🇵")).toBe(1);
    expect(graphemeCount("🏴󠁧󠁢󠁳󠁣󠁴󠁿")).toBe(1);
    expect(graphemeCount("日本語")).toBe(3);
    expect(graphemeCount("")).toBe(0);
  });
});

describe("cleanQuestionField: what is kept", () => {
  it("keeps ordinary text, trimmed, with runs of whitespace (line breaks too) made one space", () => {
    expect(kept("  How   does it\n\n scale?\t ")).toBe("How does it scale?");
    expect(kept("a\r\nb\u2028c\u00a0\u00a0d")).toBe("a b c d");
  });

  it("normalises to NFC", () => {
    expect(kept("Cafe\u0301?")).toBe("Café?");
  });

  it("keeps the largest emoji: a family with skin tones", () => {
    expect(kept("👨🏻‍👩🏻‍👧🏻‍👦🏻")).toBe("👨🏻‍👩🏻‍👧🏻‍👦🏻");
  });

  it("keeps emoji whole: ZWJ sequences, variation selectors, skin tones, keycaps and flags (tag sequences too)", () => {
    for (const emoji of ["👩‍💻", "❤️", "❤️‍🔥", "🏳️‍🌈", "🏳️‍⚧️", "👁️‍🗨️", "🧑🏽‍💻", "👨‍👩‍👧‍👦", "#️⃣", "🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿"]) {
      expect(kept(`Is ${emoji} ok?`)).toBe(`Is ${emoji} ok?`);
    }
  });

  it("keeps right-to-left and CJK text as written, ZWNJ inside a Persian word and ZWJ in Devanagari included", () => {
    for (const sample of [
      "ما هو أفضل نموذج محلي؟",
      "איך זה עובד עם עברית?",
      "من می‌خواهم بدانم",
      "क्‍ष",
      "ローカルで動かせますか？",
      "Mixed English and العربية in one line",
    ]) {
      expect(kept(sample)).toBe(sample);
    }
  });

  it("takes markup and spreadsheet formulas as the text they are", () => {
    for (const sample of [
      "<script>alert(1)</script>",
      "=cmd|' /C calc'!A0",
      "+1 @here -2",
      "\"quoted\", with commas; and 'apostrophes' & <b>tags</b>",
      "Robert'); DROP TABLE questions;--",
    ]) {
      expect(kept(sample)).toBe(sample);
    }
  });

  it("removes a single stray invisible character, which shows nothing", () => {
    expect(kept("\ufeffHello")).toBe("Hello");
    expect(kept("zero\u200bwidth")).toBe("zerowidth");
    expect(kept("word \u2060 joiner")).toBe("word joiner");
    expect(kept("soft\u00adhyphen")).toBe("softhyphen");
    expect(kept("ZWJ after a space \u200d here")).toBe("ZWJ after a space here");
  });

  it("answers null for an optional field left out or blank, and a name of a lone filler", () => {
    for (const raw of [undefined, null, "", "   ", "\u3164"]) {
      expect(cleanQuestionField("name", raw, { optional: true })).toEqual({ ok: true, value: null });
    }
    expect(cleanQuestionField("name", " Ada  Okoro ", { optional: true })).toEqual({ ok: true, value: "Ada Okoro" });
  });

  it("counts the limit in graphemes: 280 emoji fit, 281 letters do not", () => {
    expect(kept("👩‍💻".repeat(questionLimits.text))).toHaveLength("👩‍💻".length * questionLimits.text);
    expect(kept("🏴󠁧󠁢󠁳󠁣󠁴󠁿".repeat(questionLimits.text))).toBeTruthy();
    expect(kept("x".repeat(questionLimits.text))).toHaveLength(questionLimits.text);
    expect(refusal("x".repeat(questionLimits.text + 1))).toBe(questionTextMessages.text.tooLong);
    expect(cleanQuestionField("name", "n".repeat(questionLimits.name)).ok).toBe(true);
    expect(refusal("n".repeat(questionLimits.name + 1), "name")).toBe(questionTextMessages.name.tooLong);
    expect(cleanQuestionField("hideReason", "r".repeat(questionLimits.hideReason)).ok).toBe(true);
    expect(refusal("r".repeat(questionLimits.hideReason + 1), "hideReason")).toBe(
      questionTextMessages.hideReason.tooLong,
    );
  });

  it("counts after collapsing whitespace: spaces around a text at the limit do not make it too long", () => {
    expect(kept(`   ${"x".repeat(questionLimits.text)}   `)).toHaveLength(questionLimits.text);
  });
});

describe("cleanQuestionField: what is refused", () => {
  it("refuses what is not text, and text that is empty once cleaned", () => {
    for (const raw of [42, true, {}, ["a"]]) expect(refusal(raw)).toBe(questionTextMessages.text.notText);
    for (const raw of [undefined, null, "", " \n\t ", "\u200b"])
      expect(refusal(raw)).toBe(questionTextMessages.text.empty);
    expect(refusal(7, "name")).toBe(questionTextMessages.name.notText);
  });

  it("refuses control characters other than whitespace, C0, DEL and C1", () => {
    for (const control of ["\u0000", "\u0007", "\u001b[31m", "\u007f", "\u0080", "\u009b"]) {
      expect(refusal(`bad ${control} text`)).toBe(questionTextMessages.text.controls);
    }
  });

  it("refuses bidirectional overrides, embeddings, isolates and marks", () => {
    for (const code of [
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x61c,
    ]) {
      expect(refusal(`abc${String.fromCodePoint(code)}def`)).toBe(questionTextMessages.text.bidi);
    }
    expect(refusal("\u202egnp.exe", "name")).toBe(questionTextMessages.name.bidi);
  });

  it("refuses runs of invisible characters, and a grapheme stuffed with them", () => {
    for (const sample of [
      "a\u200b\u200bb",
      "\u3164\u3164",
      "\u115f\u1160",
      "\uffa0\uffa0 hi",
      "a\u200d\u200db",
      "e\ufe0f\ufe0f",
      "a\u2060\u200b",
      // Tag characters after something other than a black flag: text smuggled invisibly.
      "hi\u{e0068}\u{e0069}\u{e007f}",
      // A black flag with tags but no cancel tag.
      "🏴\u{e0067}\u{e0062}",
      "a\ufe0f\u200d\u200d",
    ]) {
      expect(refusal(sample)).toBe(questionTextMessages.text.invisible);
    }
  });

  it("bounds a grapheme's size: hundreds of combining marks on one letter are too long", () => {
    expect(kept(`q${"\u0353".repeat(10)}`)).toHaveLength(11);
    expect(refusal(`Z${"\u0301".repeat(100)}`)).toBe(questionTextMessages.text.tooLong);
    expect(refusal(`Z${"\u0301".repeat(20_000)}`)).toBe(questionTextMessages.text.tooLong);
  });

  it("says what to remove, for each field in its own words", () => {
    expect(questionTextMessages.text.invisible).toBe(m.questionTextQuestionInvisible);
    expect(questionTextMessages.name.controls).toBe(m.questionTextNameControls);
    expect(questionTextMessages.hideReason.bidi).toBe(m.questionTextReasonBidi);
    const all = Object.values(questionTextMessages).flatMap((messages) => Object.values(messages));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("isInvisible", () => {
  it("covers the characters the rules name, and no letter, digit, space or visible emoji", () => {
    for (const code of [
      0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x3164, 0x115f, 0x1160, 0xffa0, 0xfe0f, 0xe0067, 0xe007f,
    ]) {
      expect(isInvisible(code)).toBe(true);
    }
    for (const char of ["a", "1", " ", "日", "ع", "👩", "🏴"]) expect(isInvisible(char.codePointAt(0)!)).toBe(false);
  });
});
