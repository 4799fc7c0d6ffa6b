import { compile } from "html-to-text";

/**
 * The pages show an abstract, a description or a biography as text, a blank line between paragraphs (React text:
 * nothing in it is ever markup). pretalx writes Markdown, which reads well as it is and is kept; some exporters
 * write HTML, which would show its tags and entities, so it becomes the text a reader of the HTML sees.
 */

/** HTML elements that exporters write in texts: a tag of one of these says the text is HTML. */
const htmlTag =
  /<\/?(?:p|br|div|span|a|b|i|u|em|strong|small|sub|sup|ul|ol|li|dl|dt|dd|h[1-6]|blockquote|pre|code|hr|img|table|tr|td|th)\b[^<>]*>/i;
/** A character reference such as &amp;, &#8217; or &#x2019;, which only HTML writes. */
const characterReference = /&(?:[a-z][a-z0-9]*|#[0-9]+|#x[0-9a-f]+);/i;

/** Whether a text is HTML rather than plain text or Markdown. */
export function isHtml(text: string): boolean {
  return htmlTag.test(text) || characterReference.test(text);
}

/**
 * HTML as plain text: tags removed, character references decoded, paragraphs, headings and lists apart by a blank
 * line (how the pages tell paragraphs apart), a line break a line end, a link's address after its words where they
 * differ; images and scripts left out. The text's own line ends stay, so that Markdown with HTML in it (pretalx lets
 * a speaker write a list as <ul>) keeps its paragraphs. Lines are not wrapped: the page wraps them.
 */
export function htmlToText(html: string): string {
  return convertHtml(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const convertHtml = compile({
  wordwrap: false,
  preserveNewlines: true,
  selectors: [
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: "table", options: { uppercaseHeaderCells: false } },
    { selector: "img", format: "skip" },
  ],
});
