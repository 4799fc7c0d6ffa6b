import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edition, editionId } from "../content";
import { readEditionInput } from "../content/editions";
import { validateEdition } from "../content/validate";
import { schedulePaths } from "../common/schedule-paths";
import { dayCalendarPath, redirects, sessionCalendarPath } from "../common/site-paths";
import { buildApp } from "../server/app";
import { loadSite, resolvePath } from "../server/static";
import { openSqliteStore } from "../server/store/sqlite";
import type { VoteStore } from "../server/store";
import { testEdition } from "../server/test-support/databases";
import { speakerCalendarFiles } from "./calendar-files";
import { guidOfSession, sessionGuid } from "./guids";
import { scheduleFiles, scheduleJson } from "./schedule-export";

/**
 * The programme export as the build writes it into the built site (`npm run build` first): the same bytes the
 * edition gives (schedule-export.test.ts checks what they say), the calendar files' UIDs, links that lead to built
 * pages, and the files served so that any site may read them.
 */

const clientDir = path.resolve("build/client");
function built(sitePath: string): string {
  const file = path.join(clientDir, sitePath);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return readFileSync(file, "utf8");
}

type Json = ReturnType<typeof scheduleJson>;
const xml = built(schedulePaths.xml);
const { event } = edition;
const sessions = (JSON.parse(built(schedulePaths.json)) as Json).schedule.conference.days.flatMap((day) =>
  Object.values(day.rooms).flat(),
);

describe("Session GUIDs in the built site", () => {
  it("are the same in another build: the edition read afresh gives both files byte for byte", () => {
    const again = validateEdition(readEditionInput(editionId), editionId);
    expect(again).not.toBe(edition);
    const { files } = scheduleFiles(again, schedulePaths);
    expect(files.map((file) => file.body)).toEqual([built(schedulePaths.json), xml]);
  });

  it("are the UIDs of the calendar files: the day's, each talk's and each speaker's", () => {
    const uidsIn = (body: string) =>
      ICAL.Component.fromString(body)
        .getAllSubcomponents("vevent")
        .map((component) => String(component.getFirstPropertyValue("uid")));
    const exported = new Set(sessions.map((s) => s.guid));
    const guidOf = new Map(edition.agenda.map((slot) => [slot.id, guidOfSession(edition, slot.id)]));
    expect([...guidOf.values()].filter((guid) => exported.has(guid))).toHaveLength(exported.size);
    expect(uidsIn(built(dayCalendarPath(edition.event.name)))).toEqual(
      edition.agenda.filter((slot) => slot.type !== "Break").map((slot) => guidOf.get(slot.id)),
    );
    for (const talk of edition.talks) {
      const slot = edition.agenda.find((s) => s.talkId === talk.id);
      if (slot) expect(uidsIn(built(sessionCalendarPath(talk.id))), talk.id).toEqual([guidOf.get(slot.id)]);
    }
    // Speakers' files hold their backstage sessions too, under the same kind of GUID.
    const backstage = new Map(edition.backstage.map((s) => [sessionGuid(event.siteUrl, s.id), s.id]));
    const speakerUids = speakerCalendarFiles(edition).flatMap((file) => uidsIn(file.body));
    expect(speakerUids.length).toBeGreaterThan(0);
    for (const uid of speakerUids) expect([...exported, ...backstage.keys()]).toContain(uid);
  });
});

describe("The exported links", () => {
  it("lead to built pages: each session's url, each person's page and portrait", async () => {
    const site = await loadSite(clientDir);
    const origin = new URL(event.siteUrl).origin;
    const urls = [
      ...sessions.map((s) => s.url),
      ...sessions.flatMap((s) => s.persons.flatMap((p) => [p.url, p.avatar])),
    ];
    const missing = [...new Set(urls)].filter((url) => {
      if (new URL(url).origin !== origin) return true;
      const resolved = resolvePath(site, new URL(url).pathname, redirects);
      return resolved.kind !== "file";
    });
    expect(missing).toEqual([]);
    for (const s of sessions) {
      const resolved = resolvePath(site, new URL(s.url).pathname, redirects);
      expect(resolved.kind === "file" && resolved.file.type, s.url).toBe("text/html; charset=utf-8");
    }
  });
});

describe("Serving the export", () => {
  let store: VoteStore;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    store = await openSqliteStore(":memory:", testEdition);
    app = await buildApp({ clientDir, edition, store });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it.each([
    [schedulePaths.json, "application/json; charset=utf-8"],
    [schedulePaths.xml, "application/xml; charset=utf-8"],
  ])("serves %s as %s, readable from any site, compressed or not", async (url, type) => {
    for (const encoding of ["identity", "br", "gzip"]) {
      const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers["content-type"], encoding).toBe(type);
      expect(response.headers["access-control-allow-origin"], encoding).toBe("*");
    }
    const identity = await app.inject({ method: "GET", url });
    expect(identity.body).toBe(built(url));
  });

  it("lets no other site read anything else", async () => {
    for (const url of ["/", "/agenda", "/sitemap.xml", dayCalendarPath(edition.event.name), "/api/demos", "/nowhere"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers["access-control-allow-origin"], url).toBeUndefined();
    }
  });
});
