import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import { edition } from "../../content";
import routes from "../routes";
import { prerenderPaths, sitemapPaths, unlistedPaths } from "./page-list";
import { redirects } from "./site-paths";

// The route table as react-router's matcher sees it (it needs only path, index and children).
const table = routes.map((route) => ({ id: route.id ?? route.file, path: route.path, index: route.index }));
const routeOf = (path: string) => matchRoutes(table, path)?.at(-1)?.route.id;

describe("The route table", () => {
  it("gives every talk, the panel and every briefing its own route", () => {
    for (const talk of edition.talks) expect(routeOf(talk.path), talk.path).toBe(`talk-${talk.id}`);
    expect(routeOf(edition.panelPage.path)).toBe("routes/panel.tsx");
    for (const b of edition.briefings) expect(routeOf(b.path), b.path).toBe(`briefing-${b.slug}`);
  });

  it("matches every prerendered path to a real screen, not the not-found fallback", () => {
    for (const path of prerenderPaths().filter((p) => p !== "/404")) {
      expect(routeOf(path), path).not.toBe("routes/not-found.tsx");
    }
  });

  it("has every path of spec §2", () => {
    const spec = [
      "/",
      "/agenda",
      "/talks_demos",
      "/about",
      "/demo-voting",
      "/event",
      "/test-speaker",
      "/countdown",
      "/brb",
    ];
    const named = ["nomic", "lightpanda", "blackforest", "flower", "huggingface-demo", "ollama", "jazz"];
    const more = ["huggingface-research", "arthur", "boltz", "charm", "modal", "patronus", "cube", "bytez"];
    for (const path of [...spec, ...[...named, ...more].map((n) => `/${n}`)]) {
      expect(routeOf(path), path).not.toBe("routes/not-found.tsx");
    }
    expect(routeOf("/speakers/anyone")).toBe("routes/speaker.tsx");
    expect(routeOf("/no/such/page")).toBe("routes/not-found.tsx");
  });

  it("keeps briefing pages and stream screens out of the sitemap but builds them", () => {
    const sitemap = new Set(sitemapPaths());
    for (const path of unlistedPaths()) {
      expect(sitemap.has(path), path).toBe(false);
      expect(prerenderPaths()).toContain(path);
    }
    expect(new Set(prerenderPaths()).size).toBe(prerenderPaths().length);
  });

  it("redirects /about to /agenda", () => {
    expect(redirects["/about"]).toBe("/agenda");
  });
});
