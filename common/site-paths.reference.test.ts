import { describe, expect, it } from "vitest";
import { matchRoutes } from "react-router";
import routes from "../app/routes";

/**
 * The spec's paths, which name the reference edition's talks and briefings. site-paths.test.ts checks that every
 * page of whichever edition is built has its route.
 */
const table = routes.map((route) => ({ id: route.id ?? route.file, path: route.path, index: route.index }));
const routeOf = (path: string) => matchRoutes(table, path)?.at(-1)?.route.id;

describe("The reference edition's route table", () => {
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
});
