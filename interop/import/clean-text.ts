import { codePointName, unshowableCharacters } from "../../content/text-characters";
import { some, type ImportNotes } from "./import-notes";

/**
 * Every text of the file, names of its keys included (a day's rooms are keyed by name), without the characters no
 * page can show (content/text-characters.ts: control characters, noncharacters, lone surrogates), and with its line
 * ends as line feeds. The import is the one place that cleans: the validation refuses such characters in what an
 * organiser writes by hand, and the build would stumble on them (decision 069). Each kind is said once, with the
 * records it was found in.
 */
export function cleanText<T>(value: T, notes: ImportNotes): T {
  return clean(value, "the file", notes) as T;
}

function clean(value: unknown, record: string, notes: ImportNotes): unknown {
  if (typeof value === "string") return cleanString(value, record, notes);
  if (Array.isArray(value)) return value.map((item) => clean(item, record, notes));
  if (value && typeof value === "object") {
    const inRecord = recordName(value) ?? record;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [cleanString(key, inRecord, notes), clean(item, inRecord, notes)]),
    );
  }
  return value;
}

/** How a note names the record a text is in: its slug, name or title as written, or its parent's. */
function recordName(value: object): string | undefined {
  const { slug, name, public_name: publicName, title } = value as Record<string, unknown>;
  const found = [slug, name, publicName, title].find((candidate) => typeof candidate === "string");
  return typeof found === "string" ? JSON.stringify(found.replace(unshowableCharacters, "")) : undefined;
}

function cleanString(text: string, record: string, notes: ImportNotes): string {
  // Windows' line ends, and old Macs' lone carriage returns, are line ends: not removed, written as line feeds.
  const lines = text.replace(/\r\n?/g, "\n");
  if (lines !== text) {
    notes.add("line-ends", (items) => `Line ends written as CR LF or CR were written as LF: ${some(items)}`, record);
  }
  const found = lines.match(unshowableCharacters);
  if (!found) return lines;
  notes.add(
    "unshowable",
    (items) =>
      `Control characters and noncharacters, which no page can show, were removed from the texts of ${some(items)}`,
    `${record} (${[...new Set(found)].map(codePointName).join(", ")})`,
  );
  return lines.replace(unshowableCharacters, "").trim();
}
