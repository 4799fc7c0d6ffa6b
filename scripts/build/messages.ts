import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import MessageFormat from "@messageformat/core";
import compileModule from "@messageformat/core/lib/compile-module.js";
import { parse, type Token } from "@messageformat/parser";
import { editionDir, readEditionInput, selectedEditionId } from "../../content/editions";
import { localeSchema } from "../../content/schema";
import { writesAsSpec } from "../../common/time";

/**
 * The interface's words for the edition being built (issue 31, decision 048): the catalogue of the edition's locale
 * (app/i18n/<locale>.json, ICU MessageFormat), with the edition's own wording on top (editions/<id>/messages.json),
 * checked against the English catalogue and compiled by messageformat (the OpenJS Foundation's ICU compiler) into
 * `.generated/messages.js`, one export per message, and its types.
 *
 * A message without arguments is a string constant, so a page pays for its words and nothing else; a message with
 * arguments is a function of them (plurals through `@messageformat/runtime`, a few hundred bytes). Each page's
 * bundle takes the messages it names and no others, in the one locale its edition speaks.
 *
 *   tsx scripts/build/messages.ts        for the selected edition (EDITION), as the build and the typecheck do
 */

export const cataloguesDir = path.resolve("app/i18n");
export const generatedDir = path.resolve(".generated");
/** The language every other catalogue is checked against: the spec's strings, character for character. */
export const sourceLocale = "en";
/** Message names are exported as they are: JavaScript identifiers, in camelCase. */
const messageName = /^[a-z][A-Za-z0-9]*$/;
/**
 * A message whose name ends so holds parts of the page among its words (a link within a sentence: "Use in your app:
 * {json} or {xml}, …"): messageformat compiles it to return the list of its parts, words and the values given, which
 * React renders in order (`rich()` in app/i18n/messages.ts), so a translation may put the links where its grammar
 * wants them.
 */
const richSuffix = "Rich";

export type Catalogue = Record<string, string>;

export class MessagesError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "MessagesError";
  }
}

/** The locales that have a catalogue. */
export function catalogueLocales(dir = cataloguesDir): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

/** A catalogue file, read and checked for shape: an object of message names to ICU messages. */
export function readCatalogue(file: string): Catalogue {
  const where = path.relative(process.cwd(), file);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new MessagesError([`${where} is not valid JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new MessagesError([`${where} must be an object of message names to messages`]);
  }
  const problems: string[] = [];
  for (const [name, message] of Object.entries(value)) {
    if (name === "$schema") continue;
    if (!messageName.test(name))
      problems.push(`${where}: "${name}" is not a message name (camelCase letters and digits)`);
    if (typeof message !== "string") problems.push(`${where}: "${name}" must be a string`);
  }
  if (problems.length > 0) throw new MessagesError(problems);
  return Object.fromEntries(Object.entries(value as Record<string, string>).filter(([name]) => name !== "$schema"));
}

/** The catalogue a locale takes: its own, or its language's ("de-CH" takes de.json); undefined when there is none. */
export function catalogueLocaleFor(locale: string, locales: readonly string[]): string | undefined {
  if (locales.includes(locale)) return locale;
  const language = new Intl.Locale(locale).language;
  return locales.includes(language) ? language : undefined;
}

/** Every token of a message, however deep in its plurals and selects, in order. */
export function* tokensOf(message: string): Generator<Token> {
  function* walk(tokens: Token[]): Generator<Token> {
    for (const token of tokens) {
      yield token;
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        for (const branch of token.cases) yield* walk(branch.tokens);
      }
    }
  }
  yield* walk(parse(message));
}

/** The names of a message's arguments, however deep in its plurals and selects. */
export function argumentsOf(message: string): Set<string> {
  return new Set(
    [...tokensOf(message)].flatMap((token) =>
      token.type === "content" || token.type === "octothorpe" ? [] : [token.arg],
    ),
  );
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));
const listed = (names: Set<string>) => (names.size === 0 ? "none" : [...names].sort().join(", "));

/**
 * What is wrong with `catalogue` (called `where`) against the source catalogue: a message it lacks, one the source
 * does not have, one that does not parse, or one whose arguments differ. With `partial`, lacking messages is allowed
 * (an edition overrides the ones it wants).
 */
export function catalogueProblems(
  source: Catalogue,
  catalogue: Catalogue,
  where: string,
  { partial = false }: { partial?: boolean } = {},
): string[] {
  const problems: string[] = [];
  if (!partial) {
    for (const name of Object.keys(source)) {
      if (!(name in catalogue)) problems.push(`${where} lacks the message "${name}"`);
    }
  }
  for (const [name, message] of Object.entries(catalogue)) {
    const original = source[name];
    if (original === undefined) {
      problems.push(`${where} has "${name}", which the English catalogue does not: no page uses it`);
      continue;
    }
    let names: Set<string>;
    try {
      names = argumentsOf(message);
    } catch (error) {
      problems.push(`${where}: "${name}" is not a valid ICU message (${(error as Error).message})`);
      continue;
    }
    const expected = argumentsOf(original);
    if (!sameSet(names, expected)) {
      problems.push(
        `${where}: "${name}" takes the arguments ${listed(expected)} in English, but ${listed(names)} here`,
      );
    }
  }
  return problems;
}

/**
 * The edition's messages: its locale's catalogue with its own wording on top, every one checked. `root` is the
 * folder of editions (editions/ or tests/editions/ by default), `catalogues` the folder of catalogues.
 */
export function editionMessages(
  editionId: string,
  { root, catalogues = cataloguesDir }: { root?: string; catalogues?: string } = {},
): { locale: string; messages: Catalogue } {
  const input = readEditionInput(editionId, root) as { event?: { locale?: unknown } };
  const parsed = localeSchema.safeParse(input.event?.locale);
  if (!parsed.success) {
    throw new MessagesError([`Edition ${editionId}: event.json's locale ${parsed.error.issues[0]?.message ?? ""}`]);
  }
  const locale = parsed.data;
  const locales = catalogueLocales(catalogues);
  const catalogueLocale = catalogueLocaleFor(locale, locales);
  if (!catalogueLocale) {
    throw new MessagesError([
      `Edition ${editionId} speaks ${locale}, which has no catalogue in app/i18n (there are ${locales.join(", ")})`,
    ]);
  }
  const source = readCatalogue(path.join(catalogues, `${sourceLocale}.json`));
  const catalogueFile = path.join(catalogues, `${catalogueLocale}.json`);
  const catalogue = readCatalogue(catalogueFile);
  const problems = catalogueProblems(source, catalogue, path.relative(process.cwd(), catalogueFile));
  const overridesFile = path.join(editionDir(editionId, root), "messages.json");
  const overrides = existsSync(overridesFile) ? readCatalogue(overridesFile) : {};
  problems.push(
    ...catalogueProblems(source, overrides, path.relative(process.cwd(), overridesFile), { partial: true }),
  );
  if (problems.length > 0) throw new MessagesError(problems);
  return { locale, messages: { ...catalogue, ...overrides } };
}

/**
 * The module of `messages` in `locale`: JavaScript compiled by messageformat, and its declarations. Each message is
 * compiled on its own, so that its function can be exported under its name (messageformat's module is one default
 * object, which a bundler keeps whole). A message without arguments is a constant in the module itself, which the
 * bundler writes where it is used; one with arguments is a function in a module of its own (`modules`, by name, in
 * `messages/` beside it), which the bundler puts with the pages that call it: in one module, every function any page
 * calls was in the chunk every page loads (1.2 KB of /demo-voting's own part for the my-schedule page's words).
 */
export function compileMessages(
  locale: string,
  messages: Catalogue,
): { js: string; dts: string; modules: Record<string, string> } {
  const header = `// Made by scripts/build/messages.ts from app/i18n and the edition's messages.json: edit those, not this.`;
  const formatter = new MessageFormat(locale);
  const richFormatter = new MessageFormat(locale, { returnType: "values" });
  const body: string[] = [];
  const modules: Record<string, string> = {};
  const declarations: string[] = [];
  for (const name of Object.keys(messages).sort()) {
    const message = messages[name] ?? "";
    const names = argumentsOf(message);
    if (names.size === 0) {
      // Compiled and run once: the text as the message means it (ICU quoting undone), as a constant.
      const text = formatter.compile(message)({});
      body.push(`export const ${name} = ${JSON.stringify(text)};`);
      declarations.push(`export declare const ${name}: string;`);
      continue;
    }
    const rich = name.endsWith(richSuffix);
    const module = compileModule(rich ? richFormatter : formatter, { [name]: message });
    const importLines = [...module.matchAll(/^import \{ [^}]+ \} from "[^"]+";$/gm)].map((match) => match[0]);
    const start = module.indexOf(`export default {\n  ${name}: `);
    const end = module.lastIndexOf("\n}");
    if (start === -1 || end === -1) throw new Error(`messageformat compiled "${name}" into an unexpected shape`);
    const expression = module.slice(start + `export default {\n  ${name}: `.length, end).trim();
    modules[name] = [header, ...importLines, `export const ${name} = ${expression};`, ""].join("\n");
    body.push(`export { ${name} } from "./messages/${name}.js";`);
    const parameters = [...names]
      .sort()
      .map((argument) => `${JSON.stringify(argument)}: ${rich ? "ReactNode" : "string | number"}`)
      .join("; ");
    declarations.push(`export declare const ${name}: (d: { ${parameters} }) => ${rich ? "ReactNode[]" : "string"};`);
  }
  const localeLines = [
    `export const locale = ${JSON.stringify(locale)};`,
    `export const writesAsSpec = ${String(writesAsSpec(locale))};`,
  ];
  return {
    js: [header, ...localeLines, ...body, ""].join("\n"),
    modules,
    dts: [
      header,
      'import type { ReactNode } from "react";',
      "/** The edition's language (a BCP 47 tag): <html lang>, and Intl's locale. */",
      "export declare const locale: string;",
      "/**",
      " * Whether that language writes times and dates as the specification does (app/lib/time-in-edition-language.ts): a constant,",
      " * so that the bundler keeps one way of writing them on the pages and drops the other.",
      " */",
      "export declare const writesAsSpec: boolean;",
      ...declarations,
      "",
    ].join("\n"),
  };
}

/** Source files of the app and the server, tests left out: where messages are used. */
function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/**
 * The catalogue's messages that no code names: the site's, the server's, and the scripts' (the share cards) and
 * interop's (the calendar files). The code imports the messages as one namespace, `m`, and names each as
 * `m.<name>`: a message that appears nowhere so is dead wording, reported (not refused, so that wording can be added
 * before the code that shows it).
 */
export function unusedMessages(names: readonly string[], dirs = ["app", "server", "interop", "scripts"]): string[] {
  const used = new Set<string>();
  for (const dir of dirs) {
    for (const file of sourceFiles(path.resolve(dir))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bm\.([a-z][A-Za-z0-9]*)\b/g)) used.add(match[1] ?? "");
    }
  }
  return names.filter((name) => !used.has(name));
}

/** Writes a compiled module as `file` in `dir`, with its messages' own modules in `dir/messages/` (emptied first). */
export function writeCompiled(dir: string, file: string, js: string, modules: Record<string, string>) {
  const modulesDir = path.join(dir, "messages");
  rmSync(modulesDir, { recursive: true, force: true });
  mkdirSync(modulesDir, { recursive: true });
  for (const [name, module] of Object.entries(modules)) writeFileSync(path.join(modulesDir, `${name}.js`), module);
  writeFileSync(path.join(dir, file), js);
}

/** Writes `.generated/messages.js` and `.generated/messages.d.ts` for an edition; returns a summary. */
export function writeMessages(editionId: string, outDir = generatedDir): string {
  const { locale, messages } = editionMessages(editionId);
  const { js, dts, modules } = compileMessages(locale, messages);
  writeCompiled(outDir, "messages.js", js, modules);
  writeFileSync(path.join(outDir, "messages.d.ts"), dts);
  const unused = unusedMessages(Object.keys(messages));
  const report = unused.length > 0 ? `; no code uses ${unused.join(", ")}` : "";
  return `${String(Object.keys(messages).length)} messages in ${locale} for edition ${editionId}${report}`;
}

if (import.meta.filename === process.argv[1]) {
  try {
    console.log(`messages: ${writeMessages(selectedEditionId())}`);
  } catch (error) {
    if (!(error instanceof MessagesError)) throw error;
    console.error(`messages: the build cannot go on:\n${error.message}`);
    process.exit(1);
  }
}
