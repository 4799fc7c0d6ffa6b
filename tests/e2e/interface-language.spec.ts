import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { edition } from "../../content";
import { editionDir, selectedEditionId } from "../../content/editions";
import { prerenderPaths } from "../../app/lib/page-list";
import { cataloguesDir, readCatalogue, sourceLocale, tokensOf } from "../../scripts/build/messages";
import { expect, sweepTimeout, test, waitForHydration } from "./fixtures";

// Issue 31: an edition in another language shows no English interface string anywhere. Every page the build writes
// is read whole (hidden parts included: each phase's words are in the HTML), with the names and descriptions a
// screen reader or a search engine reads, and compared with the English catalogue's words.

const locale = edition.event.locale;
const paths = prerenderPaths(edition);

/** The literal words of a message, its arguments left out: every case of a select or plural counts. */
function wordsOf(message: string): string[] {
  return [...tokensOf(message)].flatMap((token) => (token.type === "content" ? [token.value] : []));
}

/** All the text of the edition's own folder: its content stays as written, English included (issue 31, item 6). */
function editionText(): string {
  const dir = editionDir(selectedEditionId());
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .join("\n");
}

/**
 * The English catalogue's phrases that would betray an untranslated interface: each run of words of two words or
 * more (a single word, "Demo" or "Live", is often the same in German), that the edition's own catalogue does not
 * say itself and that its content does not hold.
 */
function englishPhrases(): string[] {
  const english = readCatalogue(path.join(cataloguesDir, `${sourceLocale}.json`));
  const own = Object.values(readCatalogue(path.join(cataloguesDir, `${locale}.json`))).join("\n");
  const content = editionText();
  const phrases = new Set<string>();
  for (const message of Object.values(english)) {
    for (const words of wordsOf(message)) {
      const phrase = words.trim().replace(/\s+/g, " ");
      if (!/\p{L}{2,}[\s,:.'’-]+\p{L}{2,}/u.test(phrase)) continue;
      if (own.includes(phrase) || content.includes(phrase)) continue;
      phrases.add(phrase);
    }
  }
  return [...phrases];
}

test(`no page shows an English interface string in ${locale}`, async ({ page }) => {
  test.skip(locale === sourceLocale, "the edition speaks the catalogues' source language");
  test.setTimeout(sweepTimeout(paths.length));
  const phrases = englishPhrases();
  expect(phrases.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const pagePath of paths) {
    await page.goto(pagePath);
    await waitForHydration(page);
    const text = await page.evaluate(() => {
      const parts: string[] = [document.title];
      const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement?.tagName;
        if (parent !== "SCRIPT" && parent !== "STYLE") parts.push(node.textContent ?? "");
      }
      for (const element of document.querySelectorAll("[aria-label], [title], [alt], [placeholder], meta[content]")) {
        for (const name of ["aria-label", "title", "alt", "placeholder", "content"]) {
          const value = element.getAttribute(name);
          if (value) parts.push(value);
        }
      }
      return parts.join("\n").replace(/\s+/g, " ");
    });
    for (const phrase of phrases) if (text.includes(phrase)) found.push(`${pagePath}: "${phrase}"`);
  }
  expect(found).toEqual([]);
});
