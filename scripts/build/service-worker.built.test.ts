import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { offlinePages, prerenderPaths } from "../../app/lib/page-list";
import {
  cachePrefix,
  dataKeyOf,
  isDrawn,
  isPageKey,
  keyOfFile,
  offlineDataPath,
  offlineShellPath,
  serviceWorkerPath,
  webAppManifestPath,
  type OfflineData,
} from "../../common/offline-pages";
import { siteIconPath } from "../../common/site-paths";
import { edition, editionId } from "../../content";
import { drawnPages, keptKeys, writeServiceWorker } from "./service-worker";

// The worker of the build under test (npm run build first): what it keeps for reading offline, and its caches.
const clientDir = path.resolve("build/client");
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** A copy of the build, for writing the worker again. */
function copyOfBuild(): string {
  const copy = mkdtempSync(path.join(tmpdir(), "glosaic-sw-"));
  copies.push(copy);
  cpSync(clientDir, copy, { recursive: true });
  return copy;
}

describe("Keys of kept files", () => {
  it("are pages by their path, and any other file by its own", () => {
    expect(keyOfFile("index.html")).toBe("/");
    expect(keyOfFile("agenda/index.html")).toBe("/agenda");
    expect(keyOfFile("speakers/ada/index.html")).toBe("/speakers/ada");
    expect(keyOfFile("agenda.data")).toBe("/agenda.data");
    expect(keyOfFile("assets/app-x1.js")).toBe("/assets/app-x1.js");
  });

  it("tell pages and their data, asked of the network first, from the build's files", () => {
    for (const key of ["/", "/agenda", "/speakers/ada", "/agenda.data", "/_root.data"])
      expect(isPageKey(key)).toBe(true);
    for (const key of ["/assets/app-x1.js", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest"]) {
      expect(isPageKey(key)).toBe(false);
    }
  });
});

describe("The built service worker", () => {
  const worker = readFileSync(path.join(clientDir, serviceWorkerPath), "utf8");
  const kept = keptKeys(clientDir);

  const offline = offlinePages(edition);

  it("keeps the programme's fixed pages whole, with the data React Router loads for each", () => {
    for (const page of offline.pages) {
      expect(kept, page).toContain(page);
      const data = dataKeyOf(page);
      if (existsSync(path.join(clientDir, data))) expect(kept, data).toContain(data);
    }
  });

  it("keeps every talk's, speaker's and track's page as its data, in one file, and the shell that draws them", () => {
    // Every talk, and every speaker's and track's page the build made (the speakers' briefings share their folder).
    const briefings = new Set(edition.briefings.map((briefing) => briefing.path));
    const pagesIn = (folder: string) =>
      existsSync(path.join(clientDir, folder))
        ? readdirSync(path.join(clientDir, folder), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `/${folder}/${entry.name}`)
        : [];
    const speakerPages = pagesIn("speakers").filter((page) => !briefings.has(page));
    expect([...offline.drawn].sort()).toEqual(
      [...edition.talks.map((talk) => talk.path), ...speakerPages, ...pagesIn("tracks")].sort(),
    );
    expect(kept).toContain(offlineShellPath);
    expect(kept).toContain(offlineDataPath);
    const data = JSON.parse(readFileSync(path.join(clientDir, offlineDataPath), "utf8")) as OfflineData;
    expect(Object.keys(data).sort()).toEqual(offline.drawn.map(dataKeyOf).sort());
    for (const page of offline.drawn) {
      expect(data[dataKeyOf(page)], page).toBe(readFileSync(path.join(clientDir, dataKeyOf(page)), "utf8"));
      expect(kept, page).not.toContain(page);
      expect(kept, page).not.toContain(dataKeyOf(page));
    }
  });

  it("tells a drawn page and its data from any other page by its folder or its path", () => {
    const { folders, pages } = drawnPages(offline);
    const drawn = { folders, pages: new Set(pages) };
    for (const page of offline.drawn) {
      expect(isDrawn(drawn, page), page).toBe(true);
      expect(isDrawn(drawn, dataKeyOf(page)), page).toBe(true);
    }
    for (const page of [...offline.pages, "/moderate", "/speakers/", "/speakers/a/b"]) {
      expect(isDrawn(drawn, page), page).toBe(false);
    }
  });

  it("keeps no other page: not the rooms' stages, the briefings, the moderator's page or the stream's screens", () => {
    const others = prerenderPaths(edition).filter(
      (page) => !offline.pages.includes(page) && !offline.drawn.includes(page),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const page of others) expect(kept, page).not.toContain(page);
  });

  it("keeps every script, style and font but the stream's player, and the icons and the manifest", () => {
    const assets = readdirSync(path.join(clientDir, "assets")).filter((file) => /\.(js|css|woff2)$/.test(file));
    const player = assets.filter((file) => /^hls-/.test(file));
    expect(player).toHaveLength(1);
    for (const file of assets) expect(kept.includes(`/assets/${file}`), file).toBe(!player.includes(file));
    for (const file of [siteIconPath, webAppManifestPath, "/icons/icon-192.png", "/icons/maskable-512.png"]) {
      expect(kept, file).toContain(file);
    }
  });

  it("never keeps the API, the calendar files or the share cards", () => {
    expect(kept.filter((key) => /^\/(api|calendar|og)\//.test(key) || key.endsWith(".ics"))).toEqual([]);
  });

  it("names its caches after the edition and the build", () => {
    // The prefix is made in the worker from the edition's id; the build's id ends every name (the suffix).
    expect(worker).toContain(JSON.stringify(editionId));
    expect(cachePrefix(editionId)).toContain(editionId);
    expect(worker).toMatch(/suffix:"[0-9a-f]{12}"/);
  });

  it("is the same for the same files, and another when a kept file changes", async () => {
    const copy = copyOfBuild();
    const again = await writeServiceWorker(copy, editionId, offline);
    expect(readFileSync(path.join(copy, serviceWorkerPath), "utf8")).toBe(worker);
    expect(existsSync(path.join(copy, `${serviceWorkerPath}.br`))).toBe(false);
    writeFileSync(
      path.join(copy, siteIconPath),
      readFileSync(path.join(copy, siteIconPath), "utf8").replace("#000", "#111"),
    );
    const changed = await writeServiceWorker(copy, editionId, offline);
    expect(changed.build).not.toBe(again.build);
    expect(changed.keys).toEqual(again.keys);
    expect(readFileSync(path.join(copy, serviceWorkerPath), "utf8")).toContain(JSON.stringify(changed.build));
  });
});
