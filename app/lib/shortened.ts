/**
 * A text cut to at most `length` characters for a place that shows a preview of it (a card's bio, a page's
 * description for search engines and share sites): whole when it fits, else cut after its last sentence that fits
 * (or, where none ends in the second half, its last whole word) and marked with " …". The whole text is a link away.
 */
export function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const fits = text.slice(0, length);
  const sentence = Math.max(...[". ", "! ", "? ", "\n"].map((end) => fits.lastIndexOf(end)));
  const cut = sentence > length / 2 ? sentence + 1 : fits.search(/\s\S*$/);
  return `${fits.slice(0, cut > 0 ? cut : length).trimEnd()} …`;
}
