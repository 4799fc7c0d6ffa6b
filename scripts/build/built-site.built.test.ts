import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatCalendarDateIn } from "../../common/time-in-locale";
import { edition, editionId } from "../../content";
import { builtEditionId, editionIds, readEditionInput, testEditionsRoot } from "../../content/editions";
import { validateEdition } from "../../content/validate";
import { inlineStyles, policyOf } from "../../server/content-security-policy";
import { editionMessages } from "./messages";

const clientDir = path.resolve("build/client");

/** The facts that identify an edition on a page: its name, its day as pages write it, its zone's name and city. */
function factsOf(event: {
  name: string;
  date: string;
  timeZone: string;
  timeZoneName: string;
  locale: string;
}): string[] {
  // Area/City zones name a city; UTC and Etc/GMT-1 (an imported programme's) do not.
  const city = event.timeZone.includes("/") ? (event.timeZone.split("/").at(-1)?.replaceAll("_", " ") ?? "") : "";
  return [event.name, formatCalendarDateIn(event.date, event.locale), event.timeZoneName, city];
}

/** Every text file of the build: pages, calendars, the sitemap, data. */
function builtTextFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(html|ics|xml|txt|json|webmanifest)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("The built site", () => {
  it("runs on React DOM, and no other renderer is installed or shipped", () => {
    const scripts = readdirSync(path.join(clientDir, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(clientDir, "assets", file), "utf8"))
      .join("\n");
    // The key React DOM marks a root with, and React's element type, as the minified client spells them.
    expect(scripts).toContain("__reactContainer$");
    expect(scripts).toContain("react.transitional.element");
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as Record<string, Record<string, string>>;
    const installed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(installed.filter((name) => /preact|inferno|million/.test(name))).toEqual([]);
  });

  it("is of the edition under test (npm run build first)", () => {
    expect(builtEditionId(clientDir)).toBe(editionId);
  });

  it("says nothing of any other edition: its name, its day, its zone or the zone's city", () => {
    const ours = new Set(factsOf(edition.event));
    const others = [...editionIds(), ...editionIds(testEditionsRoot)]
      .filter((id) => id !== editionId)
      .flatMap((id) => factsOf(validateEdition(readEditionInput(id), id).event).map((fact) => ({ id, fact })))
      .filter(({ fact }) => fact && !ours.has(fact));
    expect(others.length).toBeGreaterThan(0);
    const files = builtTextFiles(clientDir);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return others
        .filter(({ fact }) => text.includes(fact))
        .map(({ id, fact }) => `${path.relative(clientDir, file)}: "${fact}" (of ${id})`);
    });
    expect(found).toEqual([]);
  });

  it("declares the edition's language on every page, and says the interface's words in it", () => {
    const { locale, messages } = editionMessages(editionId);
    const pages = builtTextFiles(clientDir).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    const declared = new Set(pages.map((file) => /<html lang="([^"]+)"/.exec(readFileSync(file, "utf8"))?.[1]));
    expect([...declared]).toEqual([locale]);
    const agenda = readFileSync(path.join(clientDir, "agenda", "index.html"), "utf8");
    expect(agenda).toContain(`>${messages.skipToContent ?? ""}</a>`);
  });

  it("carries no inline style on any page, and a policy that allows none (decision 081)", () => {
    const pages = builtTextFiles(clientDir).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    const found = pages.flatMap((file) => {
      const html = readFileSync(file, "utf8");
      const styles = /style-src ([^;]*)/.exec(policyOf(html) ?? "")?.[1];
      return [
        ...(styles === "'self'" ? [] : [`style-src ${styles ?? "missing"}`]),
        ...inlineStyles(html),
      ].map((problem) => `${path.relative(clientDir, file)}: ${problem}`);
    });
    expect(found).toEqual([]);
  });
});
