import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { editionDir } from "../../content/editions";
import {
  argumentsOf,
  catalogueLocales,
  catalogueProblems,
  cataloguesDir,
  compileMessages,
  writeCompiled,
  editionMessages,
  generatedDir,
  MessagesError,
  readCatalogue,
  sourceLocale,
  type Catalogue,
} from "./messages";

const english = readCatalogue(path.join(cataloguesDir, `${sourceLocale}.json`));
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "glosaic-messages-"));
  temporary.push(dir);
  return dir;
}

/** The module compiled from `messages`, loaded as the pages load it (from inside the project, so that its imports
 * of the runtime resolve as those of .generated/messages.js do). */
async function loaded(locale: string, messages: Catalogue): Promise<Record<string, unknown>> {
  mkdirSync(generatedDir, { recursive: true });
  const dir = mkdtempSync(path.join(generatedDir, "test-"));
  temporary.push(dir);
  const file = path.join(dir, "messages.mjs");
  const { js, modules } = compileMessages(locale, messages);
  writeCompiled(dir, "messages.mjs", js, modules);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** A copy of the reference edition under a folder of the test's own, with `change` applied to its event. */
function editionCopy(change: (event: Record<string, unknown>) => void, overrides?: Catalogue) {
  const root = scratch();
  const dir = path.join(root, "copy");
  cpSync(editionDir("glosaic-2025"), dir, { recursive: true });
  const eventFile = path.join(dir, "event.json");
  const event = JSON.parse(readFileSync(eventFile, "utf8")) as Record<string, unknown>;
  change(event);
  writeFileSync(eventFile, JSON.stringify(event));
  if (overrides) writeFileSync(path.join(dir, "messages.json"), JSON.stringify(overrides));
  return root;
}

describe("The interface's catalogues", () => {
  it("every language has every English message, with the same arguments, and nothing else", () => {
    expect(catalogueLocales()).toEqual(expect.arrayContaining(["de", "en", "ja"]));
    for (const locale of catalogueLocales()) {
      const catalogue = readCatalogue(path.join(cataloguesDir, `${locale}.json`));
      expect(catalogueProblems(english, catalogue, `${locale}.json`), locale).toEqual([]);
    }
  });

  it("a catalogue that lacks a message, or takes other arguments, is named with the message", () => {
    const [first = "", ...rest] = Object.keys(english);
    const lacking = Object.fromEntries(rest.map((name) => [name, english[name] ?? ""]));
    expect(catalogueProblems(english, lacking, "app/i18n/xx.json")).toEqual([
      `app/i18n/xx.json lacks the message "${first}"`,
    ]);
    const source = { greeting: "Hello {name}" };
    expect(catalogueProblems(source, { greeting: "Hallo {nom}" }, "de.json")).toEqual([
      'de.json: "greeting" takes the arguments name in English, but nom here',
    ]);
    expect(catalogueProblems(source, { greeting: "Hallo {name" }, "de.json")[0]).toMatch(
      /^de\.json: "greeting" is not a valid ICU message/,
    );
  });

  it("finds the arguments inside plurals and selects", () => {
    expect([...argumentsOf("{count, plural, one {# talk by {name}} other {# talks}}")].sort()).toEqual([
      "count",
      "name",
    ]);
  });
});

describe("Compiled messages", () => {
  it("a message without arguments is its text; one with a plural is a function of its count, in the locale's rules", async () => {
    const messages = {
      watch: "Live ansehen",
      quoted: "It''s on",
      left: "noch {count, plural, one {# Minute} other {# Minuten}}",
    };
    const de = await loaded("de", messages);
    expect(de.locale).toBe("de");
    expect(de.watch).toBe("Live ansehen");
    expect(de.quoted).toBe("It's on");
    const left = de.left as (d: { count: number }) => string;
    expect(left({ count: 1 })).toBe("noch 1 Minute");
    expect(left({ count: 2 })).toBe("noch 2 Minuten");
    const ja = await loaded("ja", { left: "残り{count, plural, other {#分}}" });
    expect((ja.left as (d: { count: number }) => string)({ count: 1 })).toBe("残り1分");
  });

  it("a rich message gives its parts in the translation's order, the values given kept as they are", async () => {
    const link = { element: "json" };
    const en = await loaded("en", { formatsRich: "Use in your app: {json} or {xml}." });
    const ja = await loaded("ja", { formatsRich: "{json}または{xml}をアプリで。" });
    type Rich = (d: { json: unknown; xml: unknown }) => unknown[];
    expect((en.formatsRich as Rich)({ json: link, xml: "x" })).toEqual(["Use in your app: ", link, " or ", "x", "."]);
    const parts = (ja.formatsRich as Rich)({ json: link, xml: "x" });
    expect(parts[0]).toBe(link);
    expect(parts).toEqual([link, "または", "x", "をアプリで。"]);
    expect(compileMessages("en", { formatsRich: "{json}" }).dts).toContain(
      'export declare const formatsRich: (d: { "json": ReactNode }) => ReactNode[];',
    );
  });

  it("declares each message: a string, or a function of its arguments", () => {
    const { dts } = compileMessages("en", { watch: "Watch", by: "by {name}" });
    expect(dts).toContain("export declare const watch: string;");
    expect(dts).toContain('export declare const by: (d: { "name": string | number }) => string;');
  });
});

describe("An edition's messages", () => {
  it("an edition in German gets the German catalogue, with its own wording on top", () => {
    const german = readCatalogue(path.join(cataloguesDir, "de.json"));
    const [name = ""] = Object.keys(english);
    const root = editionCopy((event) => (event.locale = "de"), { [name]: "Eigene Worte" });
    const { locale, messages } = editionMessages("copy", { root });
    expect(locale).toBe("de");
    expect(messages[name]).toBe("Eigene Worte");
    const other = Object.keys(german).find((key) => key !== name) ?? "";
    expect(messages[other]).toBe(german[other]);
  });

  it("a regional tag takes its language's catalogue; a language without one is refused, naming the edition", () => {
    expect(editionMessages("copy", { root: editionCopy((event) => (event.locale = "de-CH")) }).locale).toBe("de-CH");
    expect(() => editionMessages("copy", { root: editionCopy((event) => (event.locale = "fr")) })).toThrow(
      /Edition copy speaks fr, which has no catalogue in app\/i18n/,
    );
    expect(() => editionMessages("copy", { root: editionCopy((event) => (event.locale = "not a tag")) })).toThrow(
      MessagesError,
    );
  });

  it("an override with other arguments than the catalogue's, or of a message that does not exist, is refused", () => {
    const withArguments = Object.keys(english).find((name) => argumentsOf(english[name] ?? "").size > 0) ?? "";
    const root = editionCopy(() => undefined, { [withArguments]: "Register {nothing}", noSuchMessage: "x" });
    expect(() => editionMessages("copy", { root })).toThrow(
      new RegExp(`"${withArguments}" takes the arguments .* in English, but nothing here[\\s\\S]*"noSuchMessage"`),
    );
  });
});
