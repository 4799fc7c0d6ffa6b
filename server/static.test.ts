import { describe, expect, it } from "vitest";
import { resolvePath, type SiteFile } from "./static";
import { routedFolders } from "../app/lib/page-list";
import { trackPath } from "../common/site-paths";
import { everyEdition } from "../tests/every-edition";

const file = (name: string) => ({ name }) as unknown as SiteFile;

describe.each(everyEdition)("Paths of $id's pages that share one route", ({ edition }) => {
  const folders = routedFolders(edition);
  const site = new Map<string, SiteFile>([
    ["/404/index.html", file("404")],
    ...edition.talks.map((talk): [string, SiteFile] => [`${talk.path}/index.html`, file(talk.path)]),
  ]);

  it("serve every talk's page, and send an unknown id beside a talk in a folder to /404", () => {
    for (const talk of edition.talks) {
      expect(resolvePath(site, talk.path, {}, folders)).toEqual({
        kind: "file",
        file: site.get(`${talk.path}/index.html`),
      });
      const folder = talk.path.slice(0, talk.path.lastIndexOf("/") + 1);
      const beside = resolvePath(site, `${folder}no-such-talk`, {}, folders);
      // A top-level talk has a route of its own: an unknown path beside it is the not-found page.
      expect(beside.kind, `${folder}no-such-talk`).toBe(folder === "/" ? "not-found" : "redirect");
    }
  });

  it("send an unknown track to /404 where the edition has tracks; elsewhere /tracks/ is no folder of pages", () => {
    const unknown = resolvePath(site, trackPath("no-such-track"), {}, folders);
    expect(unknown.kind).toBe(edition.tracks.length > 0 ? "redirect" : "not-found");
  });
});
