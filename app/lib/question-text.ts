import * as m from "../i18n/messages";
import { questionLimits } from "../../common/question-contract";

/**
 * What an asker may write: one set of rules for the server (which enforces them) and the page (which says the same
 * before sending), decision 039. A question, a name and a hide reason are cleaned the same way, in this order:
 *
 * 1. It must be a string.
 * 2. Unicode NFC, so one text has one spelling (a precomposed "é" and "e" + accent count and compare alike).
 * 3. Refused, with a message saying what to remove:
 *    - control characters (C0, DEL, C1) other than whitespace: they mean nothing in a question, and some terminals
 *      and spreadsheets act on them;
 *    - bidirectional formatting: embeddings and overrides (U+202A-202E), isolates (U+2066-2069), and the marks
 *      LRM, RLM and ALM (U+200E, U+200F, U+061C). They can make a text read differently from how it is stored
 *      ("Trojan Source"); Arabic and Hebrew text needs none of them to show right, the browser orders it itself.
 * 4. Invisible characters (`isInvisible`: zero-width space, joiners, word joiner, BOM, soft hyphen, Hangul and
 *    braille fillers, variation selectors, tag characters and a few other formatting characters) are looked at in
 *    runs, a run being consecutive invisible characters:
 *    - kept when the run is what writing needs: directly after a visible character, either one ZWJ or ZWNJ (👩‍💻,
 *      Persian "می‌خواهم", Indic half forms), or one variation selector optionally followed by one ZWJ (❤️, 🏳️‍🌈);
 *      or a flag's tag sequence: after 🏴, 1 to 30 tag characters U+E0020-E007E ending with CANCEL TAG U+E007F
 *      (🏴󠁧󠁢󠁳󠁣󠁴󠁿);
 *    - removed when the run is one character that does not fit the above (a zero-width space pasted with a text, a
 *      BOM at the start, a lone Hangul filler): it shows nothing, so removing it changes nothing a reader sees;
 *    - refused when the run is longer: that is hiding something (a blank "name" of fillers, a word split to pass a
 *      filter, text smuggled in tag characters), not writing.
 * 5. Runs of whitespace (line breaks included) become one space, and both ends are trimmed.
 * 6. Counted in graphemes, as a person counts characters (Intl.Segmenter): an emoji, a flag or an accented letter
 *    is one. At most `questionLimits` graphemes, and no grapheme longer than 32 UTF-16 units (a family emoji with skin
 *    tones is 19), so a grapheme stuffed with hundreds of combining marks cannot make a "short" text of any size.
 *
 * Markup (`<script>`) and spreadsheet formulas (`=cmd|' /C calc'!A0`) are simply text here: the page renders text
 * as text, and the CSV export neutralises formulas (server/api/csv.ts).
 */

export type QuestionField = keyof typeof questionLimits;

/** What cleaning gave: the text to keep (null for an optional field left empty), or why it is refused. */
export type CleanedText = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * The refusals, one set per field, from the catalogues (issue 31): each field's own sentences rather than one
 * pattern with the field's name in it, since German and Japanese change the sentence around the field ("aus Ihrer
 * Frage", "aus Ihrem Namen"). The server sends them as its 400 errors; the page shows the same before sending.
 */
export const questionTextMessages = {
  text: {
    notText: m.questionTextQuestionNotText,
    empty: m.questionEmpty,
    tooLong: m.questionTextQuestionTooLong({ max: questionLimits.text }),
    controls: m.questionTextQuestionControls,
    bidi: m.questionTextQuestionBidi,
    invisible: m.questionTextQuestionInvisible,
  },
  name: {
    notText: m.questionTextNameNotText,
    empty: m.questionTextNameEmpty,
    tooLong: m.questionTextNameTooLong({ max: questionLimits.name }),
    controls: m.questionTextNameControls,
    bidi: m.questionTextNameBidi,
    invisible: m.questionTextNameInvisible,
  },
  hideReason: {
    notText: m.questionTextReasonNotText,
    empty: m.questionTextReasonEmpty,
    tooLong: m.questionTextReasonTooLong({ max: questionLimits.hideReason }),
    controls: m.questionTextReasonControls,
    bidi: m.questionTextReasonBidi,
    invisible: m.questionTextReasonInvisible,
  },
} as const satisfies Record<QuestionField, Record<string, string>>;

/** UTF-16 units one grapheme may take (see step 6 above). */
const maxGraphemeUnits = 32;

const isBidiControl = (code: number) =>
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0x200e ||
  code === 0x200f ||
  code === 0x061c;

/** Whitespace as the text's runs of spaces are collapsed: JavaScript's \s, and NEL. */
const whitespace = /[\s\u0085]+/gu;
const isWhitespace = (char: string) => /^[\s\u0085]$/u.test(char);

/** C0, DEL and C1 control characters, whitespace excepted (it is collapsed instead). */
const isControl = (char: string, code: number) =>
  (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) && !isWhitespace(char);

/** Characters that show nothing by themselves. */
export function isInvisible(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200d) || // zero-width space, ZWNJ, ZWJ
    (code >= 0x2060 && code <= 0x2064) || // word joiner, invisible operators
    code === 0xfeff || // BOM, zero-width no-break space
    code === 0x00ad || // soft hyphen
    code === 0x034f || // combining grapheme joiner
    code === 0x180e || // Mongolian vowel separator
    code === 0x17b4 ||
    code === 0x17b5 || // Khmer inherent vowels
    code === 0x115f ||
    code === 0x1160 ||
    code === 0x3164 ||
    code === 0xffa0 || // Hangul fillers
    code === 0x2800 || // braille blank
    (code >= 0xfff9 && code <= 0xfffb) || // interlinear annotation
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0100 && code <= 0xe01ef) || // variation selectors
    (code >= 0xe0000 && code <= 0xe007f) || // tag characters
    (code >= 0x1bca0 && code <= 0x1bca3) || // shorthand format controls
    (code >= 0x1d173 && code <= 0x1d17a) // musical symbol format controls
  );
}

const zwj = 0x200d;
const zwnj = 0x200c;
const blackFlag = 0x1f3f4;
const cancelTag = 0xe007f;
const isVariationSelector = (code: number) =>
  (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);
const isTagSpec = (code: number) => code >= 0xe0020 && code <= 0xe007e;

/** Whether a run of invisible characters, after `before` (the character before it, if any), is what writing needs. */
function isWritingRun(run: number[], before: string | undefined): boolean {
  if (before === undefined || isWhitespace(before) || isInvisible(before.codePointAt(0) ?? 0)) return false;
  const [first, second] = run;
  if (first === undefined) return false;
  if (run.length === 1) return first === zwj || first === zwnj || isVariationSelector(first);
  if (run.length === 2 && isVariationSelector(first) && second === zwj) return true;
  // A flag of a subdivision (England, Scotland, Wales): the black flag, its region's tags, the cancel tag.
  return (
    before.codePointAt(0) === blackFlag &&
    run.length <= 31 &&
    run.at(-1) === cancelTag &&
    run.slice(0, -1).every(isTagSpec)
  );
}

let segmenter: Intl.Segmenter | null | undefined;

/** The text's graphemes, or its code points where the runtime has no Intl.Segmenter. */
function graphemes(text: string): Iterable<string> {
  segmenter ??=
    typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  if (!segmenter) return text;
  const segments = segmenter.segment(text);
  return (function* () {
    for (const { segment } of segments) yield segment;
  })();
}

/** Characters as a person counts them: graphemes, or code points where the runtime has no Intl.Segmenter. */
export function graphemeCount(text: string): number {
  return Array.from(graphemes(text)).length;
}

/** Whether the text is within `limit` graphemes, none of them oversized. */
function fits(text: string, limit: number): boolean {
  let count = 0;
  for (const grapheme of graphemes(text)) {
    if (++count > limit || grapheme.length > maxGraphemeUnits) return false;
  }
  return true;
}

/**
 * Cleans one field as described at the top of this module. `optional` fields (the name) may be absent, null or
 * empty, and are null then.
 */
export function cleanQuestionField(field: QuestionField, raw: unknown, { optional = false } = {}): CleanedText {
  return cleanText(raw, questionLimits[field], questionTextMessages[field], { optional });
}

/** Why a text is refused, one sentence per rule (see questionTextMessages). */
export type TextRefusals = Record<keyof (typeof questionTextMessages)["text"], string>;

/**
 * Cleans a text people write and others read by the rules above, to at most `limit` graphemes, refusing with
 * `messages`: a question's fields, and the show's announcement (server/api/show.ts).
 */
export function cleanText(raw: unknown, limit: number, messages: TextRefusals, { optional = false } = {}): CleanedText {
  if (raw === undefined || raw === null)
    return optional ? { ok: true, value: null } : { ok: false, error: messages.empty };
  if (typeof raw !== "string") return { ok: false, error: messages.notText };
  // A first bound before any work: far past anything the limit allows (the API's body limit bounds it too).
  if (raw.length > limit * maxGraphemeUnits * 2) return { ok: false, error: messages.tooLong };
  // Code points, on purpose: the rules look at each character, graphemes come in step 6.
  const chars = Array.from(raw.normalize("NFC"));
  let kept = "";
  for (let index = 0; index < chars.length;) {
    const char = chars[index] ?? "";
    const code = char.codePointAt(0) ?? 0;
    if (isControl(char, code)) return { ok: false, error: messages.controls };
    if (isBidiControl(code)) return { ok: false, error: messages.bidi };
    if (!isInvisible(code)) {
      kept += char;
      index++;
      continue;
    }
    let end = index;
    while (end < chars.length && isInvisible(chars[end]?.codePointAt(0) ?? 0)) end++;
    const run = chars.slice(index, end);
    if (
      isWritingRun(
        run.map((c) => c.codePointAt(0) ?? 0),
        chars[index - 1],
      )
    )
      kept += run.join("");
    else if (run.length > 1) return { ok: false, error: messages.invisible };
    index = end;
  }
  const value = kept.replace(whitespace, " ").trim();
  if (value === "") return optional ? { ok: true, value: null } : { ok: false, error: messages.empty };
  if (!fits(value, limit)) return { ok: false, error: messages.tooLong };
  return { ok: true, value };
}
