let segmenter: Intl.Segmenter | undefined;

/**
 * Characters as a person counts them (graphemes: an emoji or an accented letter is one), as the server counts them
 * against `questionLimits`. The segmenter is made on first use: the first Intl object a page makes loads locale
 * data (decision 030), and most visitors never type a question.
 */
export function graphemeCount(text: string): number {
  if (text === "") return 0;
  if (typeof Intl.Segmenter !== "function") return Array.from(text).length;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text)).length;
}
