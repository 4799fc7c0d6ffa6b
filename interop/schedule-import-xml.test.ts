import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { isUuid } from "./guids";
import { ImportNotes } from "./import/import-notes";
import { readSchedule } from "./import/read-schedule";
import { scheduleXmlAsJson } from "./import/schedule-xml";
import { scheduleJson, scheduleModel, scheduleXml } from "./schedule-export";
import { importSchedule, importSummary } from "./schedule-import";
import {
  expectRefused,
  formatFile,
  importedEdition,
  scheduleFile,
  serve,
  tempFolder,
  xmlProblems,
} from "./schedule-test-support";

// Importing the fixture takes a few seconds on a busy machine, more than Vitest's default 5 s; the limit stops a hang.
vi.setConfig({ testTimeout: 60_000 });

/**
 * `npm run import` of frab's schedule.xml: read into what a schedule.json would be, then imported as one is, so that
 * both formats give the same edition. The fixture is a made-up event in FOSDEM's shape (interop/fixtures), written
 * for these tests: its values below are the fixture's.
 */

const fixture = path.join(import.meta.dirname, "fixtures", "libre-days.schedule.xml");
const fixtureText = readFileSync(fixture, "utf8");
const editionId = "libre-days-2031";

type Edition = ReturnType<typeof importedEdition>;
const slotOf = (edition: Edition, id: string) => {
  const slot = edition.agenda.find((s) => s.id === id);
  expect(slot, id).toBeDefined();
  return slot!;
};
const talkOf = (edition: Edition, id: string) => edition.talks.find((t) => t.id === slotOf(edition, id).talkId);
const speakersOf = (edition: Edition, id: string) =>
  slotOf(edition, id).speakerIds.map((ref) => edition.speakers.find((s) => s.id === ref)?.name);

describe("Importing a schedule.xml in FOSDEM's shape", () => {
  const root = tempFolder("xml");
  const run = importSchedule({ source: fixture, root });

  it("writes a valid edition of every session, over the file's two days and six rooms", async () => {
    const result = await run;
    const edition = importedEdition(root, editionId);
    expect(edition.agenda).toHaveLength(fixtureText.match(/<event /g)?.length ?? 0);
    expect(importSummary(result, root)).toContain("24 sessions over 2 days in 6 rooms, 6 tracks, 16 speakers");
    expect(edition.event).toMatchObject({ name: "Libre Days 2031", timeZone: "Europe/Brussels", date: "2031-02-01" });
    expect(edition.event.endDate).toBe("2031-02-02");
    expect(edition.rooms.map((room) => room.name)).toEqual([
      "Aula Magna",
      "K.1.105 (La Fontaine)",
      "H.2215 (Ferrer)",
      "UB2.252A (Lameere)",
      "AW1.126",
      "Bits & Bytes Bar",
    ]);
    // The conference's tracks, with the colours the file gives them, are the edition's.
    const fileTracks = [...fixtureText.matchAll(/<track name="([^"]+)" color="([^"]+)" slug="([^"]+)"\/>/g)];
    expect(edition.tracks.map(({ name, color, slug }) => [name, color.toLowerCase(), slug])).toEqual(
      fileTracks.map(([, name, color, slug]) => [name?.replace("&amp;", "&"), color?.toLowerCase(), slug]),
    );
  });

  it("decodes entities, numeric references and CDATA, and turns escaped HTML into the text it shows", async () => {
    await run;
    const edition = importedEdition(root, editionId);
    expect(slotOf(edition, "packaging-distribution").title).toBe("Packaging & Distribution without tears");
    // Its speakers asked not to be recorded (frab's <recording><optout>); the others said nothing.
    expect(slotOf(edition, "packaging-distribution").doNotRecord).toBe(true);
    expect(edition.agenda.filter((slot) => slot.doNotRecord)).toHaveLength(1);
    // Its abstract, shown as its description since it has none: escaped HTML in the XML is HTML in the text, which
    // the import turns into the text it shows (decision 069).
    expect(talkOf(edition, "packaging-distribution")?.description).toBe(
      "Packaging & Distribution without tears: what it is, and why it matters.",
    );
    expect(talkOf(edition, "welcome-to-libre-days")?.description).toBe(
      "Bring a laptop & your questions: the rooms, the food & the network.",
    );
    expect(speakersOf(edition, "reproducible-builds")).toEqual(["Emeka Imaginary", "Zoé Exemplaire"]);
  });

  it("places a session past midnight on the next calendar day, in its day's room", async () => {
    await run;
    const slot = slotOf(importedEdition(root, editionId), "late-night-hacking");
    expect(Date.parse(slot.start)).toBe(Date.parse("2031-02-02T00:15:00+01:00"));
    expect(Date.parse(slot.end)).toBe(Date.parse("2031-02-02T01:15:00+01:00"));
  });

  it("makes one speaker of a person id in several sessions, and none of an empty <persons/>", async () => {
    await run;
    const edition = importedEdition(root, editionId);
    expect(speakersOf(edition, "welcome-to-libre-days")).toEqual(["Ada Example", "Bruno Sample"]);
    expect(slotOf(edition, "closing").speakerIds).toEqual(slotOf(edition, "welcome-to-libre-days").speakerIds);
    expect(slotOf(edition, "bof-maintainers").speakerIds).toEqual([]);
  });

  it("keeps tracks, links, attachments and the recording; gives a session without a guid a stable one", async () => {
    const { notes } = await run;
    const edition = importedEdition(root, editionId);
    expect(slotOf(edition, "keynote-commons").track).toBe("Keynotes");
    expect(talkOf(edition, "keynote-commons")?.links).toEqual([
      { label: "Event page", url: "https://libre-days.example.org/2031/schedule/event/keynote_commons/" },
      {
        label: "Slides",
        url: "https://libre-days.example.org/2031/schedule/event/keynote_commons/attachments/slides/commons.pdf",
      },
    ]);
    expect(slotOf(edition, "keynote-privacy").recording).toBe(
      "https://video.libre-days.example.org/2031/aula/keynote_privacy.webm",
    );
    expect(isUuid(slotOf(edition, "lt-translations").guid ?? "")).toBe(true);
    expect(notes.join("\n")).toMatch(
      /Sessions without a UUID guid were given one .*: session "lt_translations", session "lt_open/,
    );
  });

  it("says what it mended, one line per kind, naming the conference's elements outside the schema", async () => {
    const { notes } = await run;
    const kinds = notes.map((line) => line.split(":")[0]);
    expect(new Set(kinds).size).toBe(kinds.length);
    const said = notes.join("\n");
    expect(said).toContain(
      "Fields outside the schedule.json schema were ignored: conference.venue, conference.city, conference.day_change",
    );
    expect(said).toContain('"welcome_to_libre_days" → "welcome-to-libre-days"');
    expect(said).toContain('"keynote" → "Keynote"');
  });
});

describe("The fixture is frab's format, but for what real exports do", () => {
  it("validates against frab's XSD once the departures FOSDEM makes are undone", () => {
    expect(xmlProblems(fixtureText).length).toBeGreaterThan(0);
    const conforming = fixtureText
      // No <version>: FOSDEM's files have none.
      .replace("<schedule>", "<schedule>\n  <version>1</version>")
      // Elements of pentabarf's conference that the XSD no longer lists.
      .replace(/\n\s*<(subtitle|venue|city|day_change)(\/>|>[^<]*<\/\1>)(?=[\s\S]*<\/conference>)/g, "")
      // Events without a guid.
      .replace(/<event id="(\d+)">/g, '<event id="$1" guid="00000000-0000-4000-8000-00000000$1">')
      // Slugs without the acronym's prefix and hyphen the XSD's pattern asks for.
      .replace(/<slug>/g, "<slug>ld2031-");
    expect(xmlProblems(conforming)).toEqual([]);
  });
});

describe("Older files: no <date>, no zone", () => {
  it("starts each session on its day's date at its <start>, the next day past midnight, in the zone given", async () => {
    const older = fixtureText.replace(/\n\s*<(date|time_zone_name)>[^<]*<\/\1>/g, "");
    expect(older).not.toContain("<date>");
    const [first, second] = [tempFolder("xml-dated"), tempFolder("xml-older")];
    await importSchedule({ source: fixture, root: first });
    const result = await importSchedule({
      source: scheduleFile(older, "schedule.xml"),
      root: second,
      timeZone: "Europe/Brussels",
    });
    const times = (edition: Edition) => edition.agenda.map(({ id, start, end }) => ({ id, start, end }));
    expect(times(importedEdition(second, editionId))).toEqual(times(importedEdition(first, editionId)));
    expect(result.notes.join("\n")).toMatch(
      /Sessions without a <date> start on their day's date at their <start> time/,
    );
  });
});

describe("Each format reads into the same edition", () => {
  it("imports the pretalx export, and the same programme as schedule.json and as schedule.xml, alike", async () => {
    const first = tempFolder("formats-pretalx");
    await importSchedule({ source: formatFile("pretalx-democon.json"), editionId: "formats", root: first });
    const imported = importedEdition(first, "formats");
    // The same programme in both formats, written by the site's own exporter from one model.
    const model = scheduleModel(imported);
    const json = scheduleJson(model) as unknown as {
      schedule: { conference: { days: { rooms: Record<string, { persons: { avatar?: string }[] }[]> }[] } };
    };
    // Its avatars are the first site's portraits, on a placeholder domain no test should ask for; the XML has none.
    for (const day of json.schedule.conference.days)
      for (const session of Object.values(day.rooms).flat()) for (const person of session.persons) delete person.avatar;
    const editions: Record<string, Edition> = {};
    for (const [format, file] of Object.entries({
      json: scheduleFile(json, "schedule.json"),
      xml: scheduleFile(scheduleXml(model, "https://example.org/schedule.xml"), "schedule.xml"),
    })) {
      const root = tempFolder(`formats-${format}`);
      await importSchedule({ source: file, editionId: "formats", root });
      editions[format] = importedEdition(root, "formats");
    }
    const { json: fromJson, xml: fromXml } = editions as { json: Edition; xml: Edition };
    expect(fromXml.agenda).toEqual(fromJson.agenda);
    expect(fromXml.talks).toEqual(fromJson.talks);
    // The XML has no place for a room's description.
    const rooms = (edition: Edition) => edition.rooms.map(({ id, name, guid }) => ({ id, name, guid }));
    expect(rooms(fromXml)).toEqual(rooms(fromJson));
    expect(fromXml.speakers.map(({ id, name }) => ({ id, name }))).toEqual(
      fromJson.speakers.map(({ id, name }) => ({ id, name })),
    );
    // And the pretalx export's programme: every session, at its times, in its room, with its speakers.
    const programme = (edition: Edition) =>
      edition.agenda.map((slot) => ({
        guid: slot.guid,
        title: slot.title,
        start: Date.parse(slot.start),
        end: Date.parse(slot.end),
        room: edition.rooms.find((room) => room.id === slot.room)?.name,
        persons: slot.speakerIds.map((ref) => edition.speakers.find((s) => s.id === ref)?.name),
      }));
    expect(programme(fromXml)).toEqual(programme(imported));
    expect(fromXml.rooms.map(({ name, guid }) => ({ name, guid }))).toEqual(
      imported.rooms.map(({ name, guid }) => ({ name, guid })),
    );
  });
});

describe("What the XML reader gives: the object a schedule.json would be", () => {
  const xml = `<?xml version="1.0"?>
<schedule>
  <generator name="pretalx" version="2031.1"/>
  <version>0012</version>
  <conference>
    <acronym>shape</acronym>
    <title>Shape</title>
    <days>1</days>
    <base_url>https://shape.example.org/</base_url>
    <color primary="#112233"/>
    <track name="Main &amp; Side" color="#445566" slug="main-side"/>
  </conference>
  <tracks><track slug="other">Other</track></tracks>
  <day index="1" date="2031-05-07" start="2031-05-07T09:00:00+02:00" end="2031-05-07T18:00:00+02:00">
    <room name="Hall" guid="3f1c5b4e-9d8a-4e2b-8c7f-1a2b3c4d5e6f">
      <event guid="0e7b2c9a-5d4f-4a3b-9c8d-7e6f5a4b3c2d" id="0042" code="ABC123">
        <date>2031-05-07T10:00:00+02:00</date>
        <duration>00:30</duration>
        <slug>shape-one</slug>
        <title> One </title>
        <subtitle/>
        <persons><person id="7" code="P7">Ada</person></persons>
        <links><link href="https://example.org/a" type="related">A</link></links>
        <attachments/>
        <recording><license>CC BY 4.0</license><optout>true</optout></recording>
        <video_download_url>https://example.org/v.mp4</video_download_url>
      </event>
    </room>
  </day>
  <day index="2" date="2031-05-08">
    <room name="Hall" guid="99999999-9d8a-4e2b-8c7f-1a2b3c4d5e6f"/>
  </day>
</schedule>`;

  it("maps elements and attributes to the JSON's fields, keeps every value a string as written, and lists as lists", () => {
    const notes = new ImportNotes();
    expect(scheduleXmlAsJson(xml, "shape.xml", notes)).toEqual({
      schedule: {
        generator: { name: "pretalx", version: "2031.1" },
        version: "0012",
        base_url: "https://shape.example.org/",
        conference: {
          acronym: "shape",
          title: "Shape",
          daysCount: "1",
          colors: { primary: "#112233" },
          tracks: [
            { name: "Main & Side", color: "#445566", slug: "main-side" },
            { slug: "other", name: "Other" },
          ],
          rooms: [{ name: "Hall", guid: "3f1c5b4e-9d8a-4e2b-8c7f-1a2b3c4d5e6f" }],
          days: [
            {
              index: 1,
              date: "2031-05-07",
              day_start: "2031-05-07T09:00:00+02:00",
              day_end: "2031-05-07T18:00:00+02:00",
              rooms: {
                Hall: [
                  {
                    guid: "0e7b2c9a-5d4f-4a3b-9c8d-7e6f5a4b3c2d",
                    id: "0042",
                    code: "ABC123",
                    date: "2031-05-07T10:00:00+02:00",
                    duration: "00:30",
                    slug: "shape-one",
                    title: "One",
                    persons: [{ id: "7", code: "P7", name: "Ada" }],
                    links: [{ href: "https://example.org/a", type: "related", title: "A" }],
                    attachments: [],
                    recording_license: "CC BY 4.0",
                    do_not_record: true,
                    video_download_url: "https://example.org/v.mp4",
                  },
                ],
              },
            },
            { index: 2, date: "2031-05-08", day_start: undefined, day_end: undefined, rooms: { Hall: [] } },
          ],
        },
      },
    });
    expect(notes.lines()).toEqual([
      'Rooms with another guid on a later day kept their first: "Hall" (3f1c5b4e-9d8a-4e2b-8c7f-1a2b3c4d5e6f, not 99999999-9d8a-4e2b-8c7f-1a2b3c4d5e6f)',
    ]);
  });

  it("names a session's element outside the schema as the JSON reader names the same field", () => {
    const fromXml = new ImportNotes();
    readSchedule(xml, "shape.xml", fromXml);
    const event = {
      guid: "0e7b2c9a-5d4f-4a3b-9c8d-7e6f5a4b3c2d",
      date: "2031-05-07T10:00:00+02:00",
      duration: "00:30",
      slug: "shape-one",
      title: "One",
      type: "Talk",
      persons: [{ id: 7, code: "P7", name: "Ada" }],
      links: [],
      video_download_url: "https://example.org/v.mp4",
    };
    const fromJson = new ImportNotes();
    readSchedule(
      JSON.stringify({ schedule: { conference: { title: "Shape", days: [{ rooms: { Hall: [event] } }] } } }),
      "shape.json",
      fromJson,
    );
    const extra = (notes: ImportNotes) => notes.lines().filter((line) => line.startsWith("Fields outside"));
    expect(extra(fromXml)).toEqual([
      "Fields outside the schedule.json schema were ignored: sessions.video_download_url",
    ]);
    expect(extra(fromXml)).toEqual(extra(fromJson));
  });
});

describe("Told apart by content, not by name", () => {
  it("reads XML in a file named .json, after a byte order mark and blank lines", async () => {
    const root = tempFolder("xml-named-json");
    const result = await importSchedule({ source: scheduleFile(`\uFEFF\n\n${fixtureText}`, "schedule.json"), root });
    expect(result.sessions).toBe(24);
  });

  it("reads XML from a URL without a file name", async () => {
    const origin = await serve({ "/schedule": { type: "application/xml", body: fixtureText } });
    const root = tempFolder("xml-url");
    await importSchedule({ source: `${origin}/schedule`, root });
    expect(importedEdition(root, editionId).agenda).toHaveLength(24);
  });
});

describe("Refusals of what is no schedule: one line, exit code 1, nothing written", () => {
  const refused = (text: string, message: RegExp) => expectRefused(scheduleFile(text, "schedule.xml"), message);

  it("refuses a file that is neither JSON nor XML", async () => {
    await refused("Not found\n", /^schedule\.xml is not a schedule: it is neither JSON nor XML$/m);
  });

  it("refuses XML whose root is not <schedule>: a page of HTML", async () => {
    await refused(
      "<html><body>Not found</body></html>",
      /^schedule\.xml is not a schedule: its root element is <html>, not <schedule>$/m,
    );
  });

  it("refuses a <schedule> without a <conference> or without a <day>", async () => {
    await refused(
      "<schedule><day index='1'/></schedule>",
      /^schedule\.xml is not a schedule: it has no <conference>$/m,
    );
    await refused(
      "<schedule><conference><title>T</title></conference></schedule>",
      /^schedule\.xml is not a schedule: it has no <day>$/m,
    );
  });

  it("refuses a file cut short, rather than import half of it", async () => {
    const cut = fixtureText.slice(0, fixtureText.indexOf('<day index="2"'));
    await refused(cut, /^schedule\.xml is not a schedule: it is not well-formed XML \(line \d+: .+\)$/m);
  });

  it("refuses a billion laughs at once, without expanding it", async () => {
    const lols = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${String(i + 1)} "${`&lol${String(i)};`.repeat(10)}">`,
    ).join("");
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE schedule [<!ENTITY lol0 "lol">${lols}]>
<schedule><conference><title>&lol9;</title></conference><day index="1" date="2031-05-07"/></schedule>`;
    await refused(laughs, /^schedule\.xml is not a schedule: it declares XML entities of its own \(.+\)/m);
  });
});
