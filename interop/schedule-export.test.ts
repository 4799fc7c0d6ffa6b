import { readFileSync } from "node:fs";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json";
import { describe, expect, it } from "vitest";
import type { AgendaSlot } from "../content/schema";
import { everyEdition } from "../tests/every-edition";
import { schedulePaths } from "../common/schedule-paths";
import { speakerPath } from "../common/site-paths";
import { isoOffset, zonedDate, zonedHourMinute, zoneOffsetMinutes } from "../common/time";
import { guidOfSession, sessionGuid } from "./guids";
import { recordingTitle } from "./recording-link";
import { scheduleAcronym, scheduleFiles, scheduleJson, scheduleModel, scheduleXml } from "./schedule-export";
import { formatFile, xmlProblems } from "./schedule-test-support";

/**
 * The programme export of the edition under test: both files valid against the schemas schedule apps are written
 * to (copied into interop/formats), saying what the edition says, with GUIDs that do not
 * change between builds and are the calendar files' UIDs, served so that any site may read them.
 * schedule-export.reference.test.ts pins the reference edition's own values; schedule-export.built.test.ts checks
 * the built site's copies, links and serving.
 */

/** The C3VOC schema is draft-06: Ajv's default class with the draft-06 meta-schema, and the formats it names. */
function jsonValidator() {
  // Not strict: the schema carries keywords of its own ($oneOf, $todo) that Ajv would otherwise refuse to compile.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  addFormats(ajv);
  ajv.addFormat("color", /^#[0-9a-fA-F]{6}$/);
  const validate = ajv.compile(JSON.parse(readFileSync(formatFile("schema.json"), "utf8")) as object);
  return (data: unknown) =>
    validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

type Json = ReturnType<typeof scheduleJson>;
describe.each(everyEdition)("The programme export of $id", ({ edition }) => {
  /** The two files as the build writes them (schedule-export.built.test.ts checks that it does). */
  const [jsonFile, xmlFile] = scheduleFiles(edition, schedulePaths).files;
  const json = JSON.parse(jsonFile?.body ?? "") as Json;
  const xml = xmlFile?.body ?? "";
  const { event } = edition;
  const conference = json.schedule.conference;
  const sessions = conference.days.flatMap((day) => Object.values(day.rooms).flat());
  /** The day of the programme a session belongs to: its date in the event's own zone. */
  const dayOf = (slot: { start: string }) => zonedDate(new Date(slot.start), event.timeZone);
  /** The room each session is exported in: its room's name, or the edition's one stream. */
  const roomNameOf = (slot: AgendaSlot) =>
    edition.rooms.find((room) => room.id === slot.room)?.name ?? event.livestreamName;
  const roomNames = edition.rooms.length > 0 ? edition.rooms.map((room) => room.name) : [event.livestreamName];
  /** The agenda in the files' order: by day, then room (in the edition's order), then time. */
  const exportOrder = [...edition.agenda].sort(
    (a, b) =>
      dayOf(a).localeCompare(dayOf(b)) ||
      roomNames.indexOf(roomNameOf(a)) - roomNames.indexOf(roomNameOf(b)) ||
      Date.parse(a.start) - Date.parse(b.start),
  );
  /** Every date from the first day to the last. */
  const dates = (() => {
    const all: string[] = [];
    for (let at = new Date(`${event.date}T00:00:00Z`); ; at.setUTCDate(at.getUTCDate() + 1)) {
      const date = at.toISOString().slice(0, 10);
      if (date > (event.endDate ?? event.date)) return all;
      all.push(date);
    }
  })();
  const onSite = (sitePath: string) => new URL(sitePath, event.siteUrl).href;
  const talkOf = (talkId: string | undefined) => edition.talks.find((talk) => talk.id === talkId);
  const nameOf = (id: string) => edition.speakers.find((speaker) => speaker.id === id)?.name;
  const v5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  describe("/schedule.json", () => {
    const problems = jsonValidator();

    it("validates against C3VOC's schedule.json schema", () => {
      expect(problems(json)).toEqual([]);
    });

    it("is checked by a validator that refuses what the schema forbids", () => {
      // The real pretalx export the schema's authors keep as an example passes, so the validator is set up right.
      expect(problems(JSON.parse(readFileSync(formatFile("pretalx-democon.json"), "utf8")))).toEqual([]);
      const broken = structuredClone(json);
      broken.schedule.conference.acronym = "GLO-SAIC";
      const brokenSessions = Object.values(broken.schedule.conference.days[0]?.rooms ?? {}).flat();
      const first = brokenSessions[0];
      if (!first) throw new Error("the export has no session");
      first.url = "/agenda";
      // A person in both shapes, frab's (id, public_name) and pretalx's (name).
      const withPerson = brokenSessions.find((s) => s.persons.length > 0) ?? first;
      const bothShapes = { ...withPerson.persons[0], name: "Someone", id: 7, public_name: "Someone" };
      withPerson.persons[0] = bothShapes as unknown as (typeof withPerson.persons)[number];
      const found = problems(broken).join("\n");
      expect(found).toMatch(/\/schedule\/conference\/acronym must match pattern/);
      expect(found).toMatch(/\/url must match format "uri"/);
      expect(found).toMatch(/\/persons\/0 must match exactly one schema in oneOf/);
    });

    it("names the conference as the edition does: title, acronym, its days, its zone, its site", () => {
      expect(conference).toMatchObject({
        title: event.name,
        acronym: scheduleAcronym(event).acronym,
        description: event.description,
        start: event.date,
        end: event.endDate ?? event.date,
        daysCount: dates.length,
        url: onSite("/"),
      });
      expect(conference.acronym).toMatch(/^[a-z0-9_]{4,}$/);
      if (/^([A-Z][a-z]+\/[A-Z][a-z]+)|UTC$/.test(event.timeZone))
        expect(conference.time_zone_name).toBe(event.timeZone);
      expect(json.schedule.base_url).toBe(onSite("/"));
      expect(conference.days.map((day) => [day.index, day.date])).toEqual(dates.map((date, i) => [i + 1, date]));
      for (const day of conference.days) {
        const ofDay = edition.agenda.filter((slot) => dayOf(slot) === day.date);
        if (ofDay.length === 0) continue;
        expect(Date.parse(day.day_start), day.date).toBe(Math.min(...ofDay.map((slot) => Date.parse(slot.start))));
        expect(Date.parse(day.day_end), day.date).toBe(Math.max(...ofDay.map((slot) => Date.parse(slot.end))));
      }
    });

    it("has the edition's rooms (or its one stream), each day listing every room with its own sessions", () => {
      expect(conference.rooms.map((r) => r.name)).toEqual(roomNames);
      for (const r of conference.rooms) expect(r.type).toBe("online");
      if (edition.rooms.length === 0) expect(conference.rooms[0]?.url).toBe(event.links.broadcast);
      for (const day of conference.days) {
        expect(Object.keys(day.rooms), day.date).toEqual(roomNames);
        for (const [name, held] of Object.entries(day.rooms)) {
          expect(
            held.map((s) => s.guid),
            `${day.date} ${name}`,
          ).toEqual(
            exportOrder
              .filter((slot) => dayOf(slot) === day.date && roomNameOf(slot) === name)
              .map((slot) => guidOfSession(edition, slot.id)),
          );
        }
      }
    });

    it("lists every session of the agenda, at its time in the event's zone, for its length", () => {
      const two = (n: number) => String(n).padStart(2, "0");
      expect(sessions).toHaveLength(edition.agenda.length);
      exportOrder.forEach((slot, index) => {
        const session = sessions[index];
        const { hour, minute } = zonedHourMinute(slot.start, event.timeZone);
        const minutes = (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000;
        expect(session, slot.id).toMatchObject({
          title: slot.title,
          type: slot.type,
          track: slot.track ?? null,
          language: slot.language ?? "en",
          start: `${two(hour)}:${two(minute)}`,
          duration: `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`,
        });
        expect(Date.parse(session?.date ?? ""), slot.id).toBe(Date.parse(slot.start));
        expect(Date.parse(session?.end ?? ""), slot.id).toBe(Date.parse(slot.end));
        // Written with the zone's own offset, as apps show the time they read.
        expect(
          session?.date.endsWith(isoOffset(zoneOffsetMinutes(new Date(slot.start), event.timeZone))),
          slot.id,
        ).toBe(true);
      });
    });

    it("describes a session by its talk, names its people, and links its page, its recording, the stream and the recordings", () => {
      exportOrder.forEach((slot, index) => {
        const session = sessions[index];
        const talk = talkOf(slot.talkId);
        expect(session?.url, slot.id).toBe(onSite(talk?.path ?? "/agenda"));
        expect(session?.abstract, slot.id).toBe(talk?.abstract ?? talk?.description ?? null);
        expect(session?.description, slot.id).toBe(talk?.abstract ? talk.description : null);
        if (talk?.originUrl) expect(session, slot.id).toMatchObject({ origin_url: talk.originUrl });
        else expect(session, slot.id).not.toHaveProperty("origin_url");
        const people = [...new Set([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds])];
        expect(
          session?.persons.map((p) => p.name),
          slot.id,
        ).toEqual(people.map(nameOf));
        expect(
          session?.persons.map((p) => p.url),
          slot.id,
        ).toEqual(people.map((id) => onSite(speakerPath(id))));
        expect(
          session?.links.map((l) => l.url),
          slot.id,
        ).toEqual([
          ...(slot.recording ? [slot.recording] : []),
          ...(talk?.links ?? []).map((link) => link.url),
          ...(slot.type === "Break" ? [] : [event.links.broadcast, event.links.watch]),
        ]);
      });
    });

    it("links a session's recording as media titled Recording, in both files, and only a session's that has one", () => {
      exportOrder.forEach((slot, index) => {
        const recordings = sessions[index]?.links.filter((link) => link.title === recordingTitle);
        expect(recordings, slot.id).toEqual(
          slot.recording ? [{ type: "media", title: "Recording", url: slot.recording }] : [],
        );
      });
      const inXml = [...xml.matchAll(/<link href="([^"]+)" type="media">Recording<\/link>/g)].map(([, url]) => url);
      expect(inXml).toEqual(
        exportOrder.flatMap((slot) => slot.recording ?? []).map((url) => url.replace(/&/g, "&amp;")),
      );
    });

    it("stays valid in both formats with a recording on every session", () => {
      // Whether or not this edition has recordings yet: the same edition with one on each session meets both schemas.
      const withRecordings = structuredClone(edition);
      for (const slot of withRecordings.agenda) slot.recording = `https://video.example.org/v/${slot.id}?t=0&q=1`;
      const model = scheduleModel(withRecordings);
      expect(problems(scheduleJson(model))).toEqual([]);
      expect(xmlProblems(scheduleXml(model, onSite(schedulePaths.xml)))).toEqual([]);
      const links = scheduleJson(model).schedule.conference.days.flatMap((day) =>
        Object.values(day.rooms).flatMap((list) => list.flatMap((s) => s.links)),
      );
      expect(links.filter((link) => link.title === recordingTitle)).toHaveLength(withRecordings.agenda.length);
    });

    it("says which sessions the speakers asked not to be recorded, in both files, and stays valid", () => {
      const marked = structuredClone(edition);
      marked.agenda.forEach((slot, index) => {
        if (index % 2 === 0) slot.doNotRecord = true;
      });
      const model = scheduleModel(marked);
      const json = scheduleJson(model);
      const xmlText = scheduleXml(model, onSite(schedulePaths.xml));
      expect(problems(json)).toEqual([]);
      expect(xmlProblems(xmlText)).toEqual([]);
      const flagged = json.schedule.conference.days.flatMap((day) =>
        Object.values(day.rooms).flatMap((list) => list.filter((s) => s.do_not_record === true).map((s) => s.guid)),
      );
      const expected = marked.agenda.filter((slot) => slot.doNotRecord).map((slot) => guidOfSession(marked, slot.id));
      expect(flagged.sort()).toEqual(expected.sort());
      expect(xmlText.match(/<optout>true<\/optout>/g)).toHaveLength(expected.length);
    });

    it("gives each person the pretalx shape only: a name, no frab id or public_name", () => {
      const persons = sessions.flatMap((s) => s.persons);
      expect(persons.length).toBeGreaterThan(0);
      for (const person of persons) {
        expect(person.name).toBeTruthy();
        expect(person).not.toHaveProperty("public_name");
        expect(person).not.toHaveProperty("id");
      }
    });

    it("gives every session a slug of its own, starting with the acronym", () => {
      const slugs = sessions.map((s) => s.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug.startsWith(`${conference.acronym}-`)).toBe(true);
    });
  });

  describe("/schedule.xml", () => {
    it("validates against frab's schedule.xml schema (xmllint)", () => {
      expect(xmlProblems(xml)).toEqual([]);
    });

    it("is checked by a validator that refuses what the schema forbids", () => {
      const broken = xml.replace(/<acronym>[^<]*<\/acronym>/, "<acronym>GLO</acronym>");
      expect(broken).not.toBe(xml);
      expect(xmlProblems(broken).join("\n")).toMatch(/acronym/);
    });

    it("says what schedule.json says: the same sessions, GUIDs, ids, titles and pages, in the same order", () => {
      const events = [
        ...xml.matchAll(/<event guid="([^"]+)" id="(\d+)">[\s\S]*?<title>([^<]*)<\/title>[\s\S]*?<url>([^<]*)<\/url>/g),
      ];
      const unescape = (text: string) =>
        text
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&amp;/g, "&");
      expect(events.map(([, guid, id, title, url]) => [guid, Number(id), unescape(title ?? ""), url])).toEqual(
        sessions.map((s) => [s.guid, s.id, s.title, s.url]),
      );
      expect(xml).toContain(`<acronym>${conference.acronym}</acronym>`);
      for (const name of roomNames) expect(xml).toContain(`<room name="${name.replace(/&/g, "&amp;")}"`);
      expect(xml.match(/<day /g)).toHaveLength(conference.days.length);
    });
  });

  describe("Session GUIDs", () => {
    it("are UUID v5 of the site and the session's id, or the GUID a session was imported with; one per session", () => {
      const guids = sessions.map((s) => s.guid);
      expect(guids).toEqual(exportOrder.map((slot) => slot.guid ?? sessionGuid(event.siteUrl, slot.id)));
      for (const [i, guid] of guids.entries()) if (!exportOrder[i]?.guid) expect(guid).toMatch(v5);
      expect(new Set(guids).size).toBe(guids.length);
      const ids = sessions.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  describe("The acronym", () => {
    it("is the wordmark as the schema allows it, and says what was changed", () => {
      expect(scheduleAcronym({ shortName: "pycon", date: "2026-05-01" })).toEqual({ acronym: "pycon", changes: [] });
      expect(scheduleAcronym({ shortName: "DevConf Lyon", date: "2026-05-01" })).toEqual({
        acronym: "devconflyon",
        changes: ["lowercased", "characters other than letters, digits and underscores dropped"],
      });
      expect(scheduleAcronym({ shortName: "Café-Conf", date: "2026-05-01" }).acronym).toBe("cafeconf");
      expect(scheduleAcronym({ shortName: "AI", date: "2026-05-01" })).toMatchObject({ acronym: "ai2026" });
    });

    it("of this edition is what the build log reports when it had to change the wordmark", () => {
      const { acronym, changes } = scheduleAcronym(event);
      const { notes } = scheduleModel(edition);
      expect(notes.some((note) => note.startsWith(`acronym "${acronym}"`))).toBe(changes.length > 0);
    });
  });

  describe("The writer", () => {
    it("escapes what XML must and drops what it cannot carry, so any title stays well-formed and valid", () => {
      const model = scheduleModel(edition);
      const tricky = {
        ...model,
        title: `Tom & Jerry's <"talk">`,
        // A control character XML 1.0 cannot carry at all: dropped.
        days: model.days.map((day) => ({
          ...day,
          rooms: day.rooms.map((room) => ({
            ...room,
            sessions: room.sessions.map((s) => ({ ...s, title: `${s.title} & <more>\u0007` })),
          })),
        })),
      };
      expect(xmlProblems(scheduleXml(tricky, onSite(schedulePaths.xml)))).toEqual([]);
    });
  });
});
