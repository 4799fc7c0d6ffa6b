import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import { edition } from "../content";
import routes from "../app/routes";
import { fixedPages } from "./fixed-pages";
import { fixedPaths, prerenderPaths, sitemapPaths, unlistedPaths } from "../app/lib/page-list";
import { redirects, speakerPath } from "./site-paths";

// The route table as react-router's matcher sees it (it needs only path, index and children).
const table = routes.map((route) => ({ id: route.id ?? route.file, path: route.path, index: route.index }));
const routeOf = (path: string) => matchRoutes(table, path)?.at(-1)?.route.id;

describe("The route table", () => {
  it("routes every talk to the talk module, a route per folder or per top-level talk; the panel and briefings each their own", () => {
    const talkRoutes = routes.filter((route) => route.file === "routes/talk.tsx").map((route) => route.id);
    const topLevel = edition.talks.filter((talk) => talk.path.lastIndexOf("/") === 0);
    const folders = new Set(edition.talks.map((talk) => talk.path.slice(0, talk.path.lastIndexOf("/"))));
    folders.delete("");
    expect(talkRoutes).toHaveLength(folders.size + topLevel.length);
    for (const talk of edition.talks) expect(talkRoutes, talk.path).toContain(routeOf(talk.path));
    expect(routeOf(edition.panelPage!.path)).toBe("routes/panel.tsx");
    for (const b of edition.briefings) expect(routeOf(b.path), b.path).toBe(`briefing-${b.slug}`);
  });

  it("gives every fixed page the module its table names", () => {
    for (const page of fixedPages) expect(routeOf(page.path), page.path).toBe(page.id ?? page.file);
  });

  it("matches every prerendered path to a real screen, not the not-found fallback", () => {
    const notFound = fixedPaths("not-found");
    for (const path of prerenderPaths(edition).filter((p) => !notFound.includes(p))) {
      expect(routeOf(path), path).not.toBe("routes/not-found.tsx");
    }
  });

  it("has a screen for every fixed page of spec §2 and every page of the edition", () => {
    const spec = ["/", "/agenda", "/talks_demos", "/about", "/demo-voting", "/event", "/countdown", "/brb"];
    const editionPaths = [
      ...edition.talks.map((talk) => talk.path),
      edition.panelPage!.path,
      ...edition.briefings.map((b) => b.path),
      ...edition.speakers.map((speaker) => speakerPath(speaker.id)),
    ];
    for (const path of [...spec, ...editionPaths]) {
      expect(routeOf(path), path).not.toBe("routes/not-found.tsx");
    }
    expect(routeOf("/speakers/anyone")).toBe("routes/speaker.tsx");
    expect(routeOf("/no/such/page")).toBe("routes/not-found.tsx");
  });

  it("keeps briefing pages and stream screens out of the sitemap but builds them", () => {
    const sitemap = new Set(sitemapPaths(edition));
    for (const path of unlistedPaths(edition)) {
      expect(sitemap.has(path), path).toBe(false);
      expect(prerenderPaths(edition)).toContain(path);
    }
    expect(new Set(prerenderPaths(edition)).size).toBe(prerenderPaths(edition).length);
  });

  it("builds every fixed page but the redirects, and lists only the listed ones", () => {
    const sitemap = sitemapPaths(edition);
    const built = prerenderPaths(edition);
    for (const { path, kind } of fixedPages) {
      expect(sitemap.includes(path), path).toBe(kind === "listed");
      expect(built.includes(path), path).toBe(kind !== "redirect");
    }
  });

  it("redirects /about to /agenda", () => {
    expect(redirects["/about"]).toBe("/agenda");
  });
});
