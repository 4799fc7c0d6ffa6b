/**
 * The organisers' and moderators' CSV files (decision 081), opened in spreadsheets. Text comes from visitors or
 * from content imported from elsewhere, and a spreadsheet runs a cell that starts as a formula, so every text is
 * quoted (RFC 4180, quotes doubled) and defused: an apostrophe before a formula's first character wherever a cell
 * may start. That is the field's start, and after any separator a spreadsheet may split the line on, which is not
 * always the comma this file is written with (a German locale splits on semicolons; an import dialog offers tab,
 * and "other", where `|` is the usual choice), nor does every spreadsheet honour the quotes. Spaces and quotes
 * between are skipped, as an import that trims spaces, or takes a quote for a field's opening, would. Space itself
 * is no separator here: splitting sentences on spaces is no way to open this file, and defusing every "- " and "@"
 * after a space would change ordinary questions.
 *
 * Numbers, flags and instants are the server's own, written as they are.
 */
export type CsvCell = string | number | boolean | Date;

/**
 * What a formula starts with: OWASP's list, ASVS's NUL, and the full-width forms a Japanese input method types, which
 * Japanese Excel is said to turn into formulas as they are typed (not seen in a CSV import here: defused because
 * ordinary text hardly ever puts one where a cell starts).
 */
const formulaStart = "=+\\-@\\t\\r\\0＝＋－＠";
const cellStart = new RegExp(`(?<=^|[,;|\\t\\r\\n])([ "]*)(?=[${formulaStart}])`, "g");

export const csvContentType = "text/csv; charset=utf-8; header=present";

export function csvCell(value: CsvCell): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "string") return String(value);
  return `"${value.replace(cellStart, "$1'").replaceAll('"', '""')}"`;
}

/** A whole file: a header line of the columns' names, a line per row, each line ended by CRLF. */
export function csvDocument<Column extends string>(
  columns: readonly Column[],
  rows: readonly Record<Column, CsvCell>[],
): string {
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(","))];
  return lines.map((line) => `${line}\r\n`).join("");
}
