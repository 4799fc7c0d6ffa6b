/**
 * What tests read out of a message around one of its arguments, in whatever language the edition speaks: a
 * language may put the argument first, last or in the middle, so no test writes the words around it itself. Give
 * the message `hole` for the argument, then take the words before it, or put a pattern in its place. Shared by the
 * unit and the browser tests.
 */

/** Stands for a message's argument, where a test reads the words around it. */
export const hole = "\u0000";

/** The words a message puts before the argument given as `hole` ("Your question was not sent: "). */
export function wordsBefore(words: string): string {
  return words.split(hole)[0] ?? "";
}

/** The words a message puts after the argument given as `hole`. */
export function wordsAfter(words: string): string {
  return words.split(hole)[1] ?? "";
}

/** A text taken literally inside a regular expression. */
export function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A message's words, taken literally, with `pattern` where the argument given as `hole` was. */
export function withPattern(words: string, pattern: string): string {
  return escaped(words).replace(hole, pattern);
}

/** Exactly a message's words, with `pattern` for the argument given as `hole` ("(\\d+):(\\d\\d)" for a time). */
export function messageExactly(words: string, pattern: string): RegExp {
  return new RegExp(`^${withPattern(words, pattern)}$`);
}
