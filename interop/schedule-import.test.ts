import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { defaultEditionId, editionPublicDir, readEditionInput, sectionFiles } from "../content/editions";
import { personalCalendarName } from "../common/my-schedule";
import type { EditionInput } from "../content/schema";
import { scheduleJson, scheduleModel } from "./schedule-export";
import {
  expectRefused,
  importedEdition,
  listing,
  refusalOf,
  runImport,
  scheduleFile,
  serve,
  tempFolder,
} from "./schedule-test-support";
import { accessiblePalette } from "./import/accessible-palette";
import { importSchedule } from "./schedule-import";

// Two cases run the command as an organiser does (an import and a refusal), a Node process compiling TypeScript: a few
// seconds on a quiet machine, more than Vitest's default 5 s on a busy one; the others call the import in this
// process. The limit stops a hang, not slowness.
vi.setConfig({ testTimeout: 60_000 });

/**
 * `npm run import`: a pretalx or frab schedule.json becomes a valid edition folder, or updates one imported before;
 * what it mends it says, what it cannot take it refuses in one line with nothing written. The files are the real
 * pretalx export in interop/formats (as schedule-export.test.ts reads it) and variants of it made here; every
 * expected value comes from the file, not from an edition of the repository.
 */

const formatsDir = path.join(import.meta.dirname, "formats");
const democonFile = path.join(formatsDir, "pretalx-democon.json");

/* The file's shape, as far as these tests read and change it. */
interface FilePerson {
  id?: number;
  code?: string;
  guid?: string;
  name?: string;
  public_name?: string;
  biography?: string | null;
  avatar?: string | null;
  answers?: unknown[];
  links?: { title?: string; url: string }[];
}
interface FileSession {
  guid: string;
  date?: string;
  duration: string;
  room: string;
  slug: string;
  end?: string;
  url?: string;
  title: string;
  type: string;
  track: string | null;
  description: string;
  abstract: string;
  persons: FilePerson[];
  links: { type?: string; title?: string; url?: string }[];
  [extra: string]: unknown;
}
interface FileSchedule {
  schedule: {
    base_url?: string;
    conference: {
      acronym: string;
      title: string;
      time_zone_name?: string;
      timeslot_duration?: string;
      tracks?: { name?: string; slug?: string; color?: string }[];
      rooms: { name: string; guid: string }[];
      days: { date: string; rooms: Record<string, FileSession[]> }[];
      [extra: string]: unknown;
    };
  };
}

const democon = (): FileSchedule => JSON.parse(readFileSync(democonFile, "utf8")) as FileSchedule;
const sessionsOf = (file: FileSchedule) =>
  file.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat());

/** WCAG 2 contrast ratio between two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("Importing the real pretalx export", () => {
  const file = democon();
  const sessions = sessionsOf(file);
  const root = tempFolder("democon");
  const run = runImport([democonFile, "--root", root]);

  it("writes a valid edition: every session on the agenda in time order with its talk page, over the file's days and rooms", async () => {
    const { status, stdout, stderr } = await run;
    expect(stderr).toBe("");
    expect(status).toBe(0);
    const id = file.schedule.conference.acronym;
    const edition = importedEdition(root, id);
    // DemoCon: 36 sessions over 3 days in 2 rooms.
    expect(edition.agenda).toHaveLength(sessions.length);
    expect(new Set(edition.agenda.map((slot) => slot.start.slice(0, 10))).size).toBe(
      file.schedule.conference.days.length,
    );
    expect(edition.rooms.map((room) => room.name)).toEqual(file.schedule.conference.rooms.map((room) => room.name));
    expect(stdout).toContain(
      `${String(sessions.length)} sessions over ${String(file.schedule.conference.days.length)} days in ${String(file.schedule.conference.rooms.length)} rooms`,
    );
    expect(edition.event).toMatchObject({ name: file.schedule.conference.title, presentedLive: 0 });
    expect(edition.event.endDate).toBe(file.schedule.conference.days.at(-1)?.date);
    expect([edition.backstage, edition.demos, edition.sponsors, edition.briefings]).toEqual([[], [], [], []]);

    const starts = edition.agenda.map((slot) => Date.parse(slot.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const session of sessions) {
      const slot = edition.agenda.find((s) => s.guid === session.guid);
      expect(slot, session.slug).toBeDefined();
      expect(slot).toMatchObject({ id: session.slug, title: session.title, type: session.type });
      expect(slot?.track).toBe(session.track ?? undefined);
      expect(edition.rooms.find((room) => room.id === slot?.room)?.name).toBe(session.room);
      // The same instants, whatever offsets they are written with.
      expect(Date.parse(slot?.start ?? "")).toBe(Date.parse(session.date ?? ""));
      const [hours = 0, minutes = 0] = session.duration.split(":").map(Number);
      expect(Date.parse(slot?.end ?? "") - Date.parse(slot?.start ?? "")).toBe((hours * 60 + minutes) * 60_000);
      const talk = edition.talks.find((t) => t.id === slot?.talkId);
      expect(talk).toMatchObject({
        path: `/talks/${slot?.talkId ?? ""}`,
        title: session.title,
        description: session.description,
        abstract: session.abstract,
        originUrl: session.url,
        tags: session.track ? [session.track] : [],
      });
      const names = slot?.speakerIds.map((ref) => edition.speakers.find((s) => s.id === ref)?.name);
      expect(names).toEqual(session.persons.map((person) => person.public_name ?? person.name));
    }
  });

  it("keeps the zone the file names and writes its times in it, saying so", async () => {
    const { stdout } = await run;
    const edition = importedEdition(root, file.schedule.conference.acronym);
    const zone = file.schedule.conference.time_zone_name;
    expect(edition.event.timeZone).toBe(zone);
    // DemoCon says UTC but writes +01:00: the import says which it kept.
    expect(stdout).toMatch(new RegExp(`names the zone ${zone ?? ""} but writes \\d+ times at [+-]\\d{2}:\\d{2}`));
  });

  it("gives a room that shares another's guid a guid of its own, and says so", async () => {
    const { stdout } = await run;
    const edition = importedEdition(root, file.schedule.conference.acronym);
    const guids = edition.rooms.map((room) => room.guid);
    expect(new Set(guids).size).toBe(guids.length);
    expect(guids[0]).toBe(file.schedule.conference.rooms[0]?.guid);
    expect(stdout).toMatch(/share a guid with an earlier room were given a new one/);
  });

  it("makes one speaker of each person, with their biography and a readable initials portrait", async () => {
    await run;
    const edition = importedEdition(root, file.schedule.conference.acronym);
    const persons = new Map(sessions.flatMap((s) => s.persons).map((person) => [person.code, person]));
    expect(edition.speakers).toHaveLength(persons.size);
    for (const person of persons.values()) {
      const speaker = edition.speakers.find((s) => s.name === person.public_name);
      expect(speaker?.bio).toBe(person.biography ?? undefined);
      const svg = readFileSync(
        path.join(editionPublicDir(file.schedule.conference.acronym, root), speaker!.portrait),
        "utf8",
      );
      expect(svg).toMatch(/role="img"/);
      expect(svg).toContain(`<title id="t">${person.public_name ?? ""}</title>`);
      const [, fill = ""] = /<rect [^>]*fill="(#[0-9A-F]{6})"/.exec(svg) ?? [];
      expect(accessiblePalette).toContain(fill);
    }
    for (const background of accessiblePalette) expect(contrast(background, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
  });

  it("prints one line per kind of change", async () => {
    const { stdout } = await run;
    const notes = stdout.split("\n").filter((line) => line.startsWith("- "));
    const kinds = notes.map((line) => line.split(":")[0]);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(notes.find((line) => line.startsWith("- Fill these in"))).toMatch(/siteUrl.*example\.org/);
  });
});

describe("Persons in either shape", () => {
  /** DemoCon with its persons rewritten by `shape`. */
  function reshaped(shape: (person: FilePerson) => FilePerson): FileSchedule {
    const file = democon();
    for (const session of sessionsOf(file)) session.persons = session.persons.map(shape);
    return file;
  }

  it("gives the same speakers and the same sessions' speakers from frab's shape and pretalx's", async () => {
    const frabIds = new Map<string, number>();
    const frab = reshaped((person) => {
      const id = frabIds.get(person.code ?? "") ?? frabIds.size + 1;
      frabIds.set(person.code ?? "", id);
      return { id, public_name: person.public_name ?? "" };
    });
    const pretalx = reshaped((person) => ({
      code: person.code ?? "",
      name: person.public_name ?? "",
      biography: person.biography ?? null,
      avatar: null,
    }));
    const editions = [];
    for (const [shape, file] of Object.entries({ frab, pretalx })) {
      const root = tempFolder(shape);
      await importSchedule({ source: scheduleFile(file), editionId: "shapes", root });
      editions.push(importedEdition(root, "shapes"));
    }
    const [fromFrab, fromPretalx] = editions;
    const people = (edition: typeof fromFrab) => edition?.speakers.map(({ id, name }) => ({ id, name }));
    expect(people(fromFrab)).toEqual(people(fromPretalx));
    expect(people(fromFrab)).toHaveLength(frabIds.size);
    expect(fromFrab?.agenda.map((slot) => slot.speakerIds)).toEqual(fromPretalx?.agenda.map((slot) => slot.speakerIds));
    // frab's shape carries no biography; pretalx's does.
    expect(fromFrab?.speakers.every((speaker) => speaker.bio === undefined)).toBe(true);
    expect(fromPretalx?.speakers.every((speaker) => speaker.bio)).toBe(true);
  });
});

describe("Refusals: one line naming the record, exit code 1, nothing written", () => {
  const refused = (content: FileSchedule | string, message: RegExp) => expectRefused(scheduleFile(content), message);

  it("refuses a file that is not JSON", async () => {
    await refused('{"schedule": {"conference": ', /^schedule\.json is not a schedule: it is not JSON$/m);
  });

  it("says a refusal as the command: its one line on stderr, exit code 1, nothing on stdout, nothing written", async () => {
    const root = tempFolder("refused-command");
    const { status, stdout, stderr } = await runImport([scheduleFile("Not found\n"), "--root", root]);
    expect(stderr).toBe("schedule.json is not a schedule: it is neither JSON nor XML\n");
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(readdirSync(root)).toEqual([]);
  });

  it("refuses JSON that is not a schedule", async () => {
    await refused(
      { schedule: { conference: { title: "No days" } } } as unknown as FileSchedule,
      /^schedule\.json is not a schedule: it has no schedule\.conference\.days$/m,
    );
  });

  it("refuses a session in a room the file does not list", async () => {
    const file = democon();
    const day = file.schedule.conference.days[0]!;
    const [roomName, list] = Object.entries(day.rooms)[0]!;
    const moved = list.pop()!;
    day.rooms["Blue Room"] = [{ ...moved, room: "Blue Room" }];
    expect(roomName).not.toBe("Blue Room");
    await refused(
      file,
      new RegExp(`session "${moved.slug}" is in room "Blue Room", which conference\\.rooms does not list`),
    );
  });

  it("refuses a session without a start", async () => {
    const file = democon();
    const session = sessionsOf(file)[3]!;
    delete session.date;
    await refused(file, new RegExp(`session "${session.slug}" has no start \\(date\\)$`, "m"));
  });

  it("refuses a programme the edition's rules refuse: a session whose calendar file would be a visitor's feed", async () => {
    const file = democon();
    const session = sessionsOf(file)[2]!;
    session.slug = personalCalendarName;
    await refused(file, new RegExp(`would be invalid: "${personalCalendarName}" would share its calendar file`));
  });

  it("refuses a URL that does not answer with a schedule", async () => {
    const origin = await serve({});
    const root = tempFolder("refused-url");
    expect(await refusalOf({ source: `${origin}/missing.json`, root })).toBe(
      `${origin}/missing.json could not be fetched: the server answered 404`,
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it("leaves an edition imported before as it was when a newer file is refused", async () => {
    const root = tempFolder("refused-update");
    await importSchedule({ source: democonFile, editionId: "kept", root });
    const before = listing(root);
    const file = democon();
    delete sessionsOf(file)[1]!.date;
    await refusalOf({ source: scheduleFile(file), root, editionId: "kept" });
    expect(listing(root)).toEqual(before);
  });
});

describe("Refusing to merge into another edition", () => {
  it("refuses to update an edition that holds no imported session, and leaves it as it was", async () => {
    const root = tempFolder("hand-made");
    cpSync(path.resolve("editions", defaultEditionId), path.join(root, "hand-made"), { recursive: true });
    const before = listing(root);
    expect(await refusalOf({ source: democonFile, root, editionId: "hand-made" })).toBe(
      "editions/hand-made exists and holds no imported session: import into a new edition (--edition <another id>)",
    );
    expect(listing(root)).toEqual(before);
  });

  it("refuses to update an edition of another event", async () => {
    const root = tempFolder("other-event");
    await importSchedule({ source: democonFile, editionId: "first", root });
    const before = listing(root);
    const other = democon();
    for (const [i, session] of sessionsOf(other).entries()) {
      session.guid = session.guid.replace(/^.{8}/, String(i).padStart(8, "0"));
    }
    await expect(importSchedule({ source: scheduleFile(other), editionId: "first", root })).rejects.toThrow(
      "schedule.json shares no session (by guid) with editions/first: is it another event? Import it with --edition <another id>",
    );
    expect(listing(root)).toEqual(before);
  });
});

describe("What real exports break, mended and said", () => {
  it("normalises slugs, long acronyms, extra fields, a missing zone, URLs and empty descriptions, one line per kind", async () => {
    const file = democon();
    const conference = file.schedule.conference;
    conference.acronym = "DemoCon_Winter.Edition-2020-with-a-very-long-acronym-indeed";
    delete conference.time_zone_name;
    conference.x_organiser_note = "internal";
    const sessions = sessionsOf(file);
    const [dotted, capital, noUrl, empty] = sessions;
    dotted!.slug = "democon.25.Focused";
    capital!.slug = "DemoCon-26-Quality";
    dotted!.pretalx_internal = 1;
    delete noUrl!.url;
    noUrl!.links = [{ title: "Slides", url: "ftp://files.example.org/slides.pdf" }, { title: "No address" }];
    empty!.description = "";
    capital!.persons[0]!.links = [{ title: "Blog", url: "http://blog.example.org/" }];

    const root = tempFolder("mended");
    const result = await importSchedule({ source: scheduleFile(file), root });
    const edition = importedEdition(root, result.editionId);
    const said = (pattern: RegExp) => result.notes.filter((note) => pattern.test(note));

    // Long acronym: a kebab-case id of at most 40 characters, cut at a word.
    expect(result.editionId).toMatch(/^democon-winter-edition-2020[a-z0-9-]*$/);
    expect(result.editionId.length).toBeLessThanOrEqual(40);
    expect(said(/edition id ".+" was made of the acronym/)).toHaveLength(1);
    // Slugs with dots and capitals: lowercase kebab-case ids, one line for both.
    expect(edition.agenda.map((slot) => slot.id)).toEqual(
      expect.arrayContaining(["democon-25-focused", "democon-26-quality"]),
    );
    expect(said(/slugs were normalised/)).toHaveLength(1);
    expect(said(/slugs were normalised/)[0]).toContain('"democon.25.Focused" → "democon-25-focused"');
    expect(said(/slugs were normalised/)[0]).toContain('"DemoCon-26-Quality" → "democon-26-quality"');
    // Extra fields: ignored and named.
    expect(said(/outside the schedule\.json schema were ignored/)[0]).toMatch(
      /conference\.x_organiser_note.*sessions\.pretalx_internal/,
    );
    // No zone: the one offset of every time decides (+01:00 is Etc/GMT-1), and the instants stay.
    expect(edition.event.timeZone).toBe("Etc/GMT-1");
    expect(said(/names no time zone: every time is at \+01:00, so the edition is in Etc\/GMT-1/)).toHaveLength(1);
    for (const session of sessions) {
      const slot = edition.agenda.find((s) => s.guid === session.guid);
      expect(Date.parse(slot?.start ?? "")).toBe(Date.parse(session.date ?? ""));
    }
    // URLs: a session without one has no origin link; links without an http(s) address are left out; http to https.
    const talkOf = (session: FileSession | undefined) =>
      edition.talks.find((t) => t.id === edition.agenda.find((s) => s.guid === session?.guid)?.talkId);
    expect(talkOf(noUrl)?.originUrl).toBeUndefined();
    expect(talkOf(noUrl)?.links).toEqual([]);
    expect(said(/without an http\(s\) url have no link/)).toHaveLength(1);
    expect(said(/Links without an http\(s\) URL were left out/)).toHaveLength(1);
    const blogger = edition.speakers.find((s) => s.name === capital!.persons[0]!.public_name);
    expect(blogger?.links).toEqual([{ label: "Blog", url: "https://blog.example.org/" }]);
    expect(said(/links on http were changed to https/)).toHaveLength(1);
    // An empty description: the abstract stands in.
    expect(talkOf(empty)?.description).toBe(empty!.abstract);
    expect(said(/without a description show their abstract/)).toHaveLength(1);
  });

  it("refuses a file without a zone whose times have several offsets, in one line", async () => {
    const file = democon();
    delete file.schedule.conference.time_zone_name;
    const session = sessionsOf(file)[0]!;
    session.date = session.date!.replace("+01:00", "+02:00");
    const root = tempFolder("offsets");
    expect(await refusalOf({ source: scheduleFile(file), root })).toMatch(
      /names no time zone and its times have several offsets \(.*\): add --time-zone$/,
    );
    expect(readdirSync(root)).toEqual([]);
  });
});

describe("What merged and hand-made exports hold, kept and said (decision 069)", () => {
  /** Imports a file into a folder of its own and reads the edition back, validated as the build does. */
  async function imported(file: FileSchedule, root = tempFolder("odd")) {
    const result = await importSchedule({ source: scheduleFile(file), editionId: "odd", root });
    return { result, edition: importedEdition(root, "odd"), root };
  }
  /** The one note line that matches, which each kind has. */
  const noteOf = (notes: string[], pattern: RegExp) => {
    const found = notes.filter((note) => pattern.test(note));
    expect(found, String(pattern)).toHaveLength(1);
    return found[0] ?? "";
  };
  const minutes = (slot: { start: string; end: string } | undefined) =>
    (Date.parse(slot?.end ?? "") - Date.parse(slot?.start ?? "")) / 60_000;

  it("keeps the speakers' wish not to be recorded, and lifts it when a newer export no longer says it", async () => {
    const file = democon();
    const [marked, other] = sessionsOf(file);
    marked!.do_not_record = true;
    const { edition, root } = await imported(file);
    const slotOf = (e: typeof edition, guid: string | undefined) => e.agenda.find((slot) => slot.guid === guid);
    expect(slotOf(edition, marked!.guid)?.doNotRecord).toBe(true);
    expect(slotOf(edition, other!.guid)?.doNotRecord).toBeUndefined();
    marked!.do_not_record = false;
    const again = await imported(file, root);
    expect(slotOf(again.edition, marked!.guid)?.doNotRecord).toBeUndefined();
  });

  it("keeps one of a session the file holds twice, and both of two sessions that share a guid, the later under a stable new one", async () => {
    const file = democon();
    const day = Object.values(file.schedule.conference.days[0]!.rooms)[0]!;
    const [copied, sharer] = sessionsOf(file);
    // A merged export: the same session twice, and another session with the first one's guid.
    day.push(structuredClone(copied!));
    const [, , third] = day;
    third!.guid = sharer!.guid;
    const { result, edition, root } = await imported(file);
    expect(edition.agenda).toHaveLength(sessionsOf(democon()).length);
    expect(edition.agenda.filter((slot) => slot.guid === copied!.guid)).toHaveLength(1);
    const sharing = edition.agenda.filter((slot) => [sharer!.slug, third!.slug].includes(slot.id));
    expect(sharing.map((slot) => slot.title).sort()).toEqual([sharer!.title, third!.title].sort());
    expect(edition.agenda.find((slot) => slot.id === sharer!.slug)?.guid).toBe(sharer!.guid);
    const derived = edition.agenda.find((slot) => slot.id === third!.slug)?.guid;
    expect(derived).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-/);
    expect(noteOf(result.notes, /holds twice.*kept once/)).toContain(`session "${copied!.slug}"`);
    expect(noteOf(result.notes, /share a guid with an earlier, different session/)).toContain(
      `session "${third!.slug}" (shared ${sharer!.guid} with session "${sharer!.slug}", now ${derived ?? ""})`,
    );
    // A re-import of the same file finds both again by their guids: nothing dropped, nothing added.
    const again = await importSchedule({ source: scheduleFile(file), editionId: "odd", root });
    const reread = importedEdition(root, "odd");
    expect(reread.agenda.map(({ id, guid }) => ({ id, guid }))).toEqual(
      edition.agenda.map(({ id, guid }) => ({ id, guid })),
    );
    expect(again.notes.filter((note) => /no longer in the file/.test(note))).toEqual([]);
  });

  it("keeps sessions that overlap in one room, as the file says, and says where", async () => {
    const file = democon();
    const list = Object.values(file.schedule.conference.days[0]!.rooms)[0]!;
    list[1]!.date = list[0]!.date;
    const { result, edition } = await imported(file);
    const [first, second] = [list[0]!, list[1]!].map((session) => edition.agenda.find((s) => s.guid === session.guid));
    expect(first?.room).toBe(second?.room);
    expect(first?.start).toBe(second?.start);
    const pair = [first?.id, second?.id].sort((a, b) => (a ?? "").localeCompare(b ?? ""));
    expect(noteOf(result.notes, /overlap in a room/)).toBe(
      `Sessions that overlap in a room were kept as the file says (shown side by side): "${pair[0] ?? ""}" and "${pair[1] ?? ""}" in "${first?.room ?? ""}"`,
    );
  });

  it("gives sessions of no length a timeslot (or 5 minutes), and mends ends before starts, one line per kind", async () => {
    const file = democon();
    file.schedule.conference.timeslot_duration = "00:15";
    const [zero, atStart, pastMidnight, farBack, farBackNoDuration, noDuration] = sessionsOf(file);
    zero!.duration = "00:00";
    atStart!.end = atStart!.date;
    // 23:30 to 00:30, written with the start's date.
    pastMidnight!.date = pastMidnight!.date!.replace(/T.*/, "T23:30:00+01:00");
    pastMidnight!.end = pastMidnight!.date.replace(/T.*/, "T00:30:00+01:00");
    // An end two days before the start: the duration says how long (01:00); with none, the two are swapped.
    const twoDaysBefore = (date: string) => new Date(Date.parse(date) - 2 * 24 * 3600_000).toISOString();
    farBack!.end = twoDaysBefore(farBack!.date!);
    farBack!.duration = "01:00";
    farBackNoDuration!.end = twoDaysBefore(farBackNoDuration!.date!);
    delete (farBackNoDuration as { duration?: string }).duration;
    delete (noDuration as { duration?: string }).duration;
    const { result, edition } = await imported(file);
    const slotOf = (session: FileSession | undefined) => edition.agenda.find((s) => s.guid === session?.guid);
    expect([zero, atStart, noDuration].map((session) => minutes(slotOf(session)))).toEqual([15, 15, 15]);
    expect(noteOf(result.notes, /of no length/)).toMatch(/given one timeslot of the file, 15 minutes:/);
    expect(Date.parse(slotOf(pastMidnight)?.end ?? "")).toBe(Date.parse(pastMidnight!.end) + 24 * 3600_000);
    expect(minutes(slotOf(pastMidnight))).toBe(60);
    noteOf(result.notes, /at a time past midnight, end the next day/);
    expect(minutes(slotOf(farBack))).toBe(60);
    expect(Date.parse(slotOf(farBack)?.start ?? "")).toBe(Date.parse(farBack!.date!));
    noteOf(result.notes, /more than a day before they start last their duration/);
    expect(Date.parse(slotOf(farBackNoDuration)?.start ?? "")).toBe(Date.parse(farBackNoDuration!.end));
    expect(Date.parse(slotOf(farBackNoDuration)?.end ?? "")).toBe(Date.parse(farBackNoDuration!.date!));
    noteOf(result.notes, /with no duration, had the two swapped/);

    // A file with no grid of times: 5 minutes.
    const plain = democon();
    delete plain.schedule.conference.timeslot_duration;
    sessionsOf(plain)[0]!.duration = "0:00";
    const { result: noGrid, edition: noGridEdition } = await imported(plain);
    expect(minutes(noGridEdition.agenda.find((s) => s.guid === sessionsOf(plain)[0]!.guid))).toBe(5);
    expect(noteOf(noGrid.notes, /of no length/)).toMatch(/given 5 minutes:/);
  });

  it("takes a session on the night after the last day into the edition's days", async () => {
    const file = democon();
    const last = sessionsOf(file).at(-1)!;
    const lastDay = file.schedule.conference.days.at(-1)!.date;
    const night = { ...structuredClone(last), guid: "0b5a3c2e-1d4f-4a6b-8c9d-0e1f2a3b4c5d", slug: "democon-night" };
    const next = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
    night.date = `${next}T01:00:00+01:00`;
    Object.values(file.schedule.conference.days.at(-1)!.rooms)[0]!.push(night);
    const { edition } = await imported(file);
    expect(edition.agenda.at(-1)?.id).toBe("democon-night");
    expect(edition.event.endDate).toBe(next);
  });

  it("tells apart people a merged export gives one id but two names, and keeps one person of one id and name", async () => {
    const file = democon();
    const [first, second, third] = sessionsOf(file);
    first!.persons = [{ id: 123, public_name: "Ada Example" }];
    second!.persons = [{ id: 123, public_name: "Bob Other" }];
    third!.persons = [{ id: 123, public_name: "Ada Example" }];
    const { result, edition } = await imported(file);
    const named = (name: string) => edition.speakers.filter((s) => s.name === name);
    expect(named("Ada Example")).toHaveLength(1);
    expect(named("Bob Other")).toHaveLength(1);
    const slotOf = (session: FileSession | undefined) => edition.agenda.find((s) => s.guid === session?.guid);
    expect(slotOf(first)?.speakerIds).toEqual(slotOf(third)?.speakerIds);
    expect(slotOf(second)?.speakerIds).toEqual([named("Bob Other")[0]?.id]);
    expect(noteOf(result.notes, /share a code or id with someone of another name/)).toContain(
      '"Ada Example" and "Bob Other" (id 123)',
    );
  });

  it("takes the rooms from the days where the file lists none, and keeps sessions without people", async () => {
    const file = democon();
    delete (file.schedule.conference as { rooms?: unknown }).rooms;
    const alone = sessionsOf(file)[4]!;
    alone.persons = [];
    const { edition } = await imported(file);
    const names = [...new Set(sessionsOf(file).map((session) => session.room))];
    expect(edition.rooms.map((room) => room.name)).toEqual(names);
    expect(edition.agenda.find((slot) => slot.guid === alone.guid)?.speakerIds).toEqual([]);
  });

  it("removes control characters and noncharacters from every text, and writes line ends as LF, said", async () => {
    const file = democon();
    const [session] = sessionsOf(file);
    const title = session!.title;
    session!.title = `${title}\u0001\uFFFE`;
    session!.description = "First line\r\nsecond line\u0007.\r\n\r\nA paragraph\uFDD0.";
    session!.persons[0]!.public_name = `${session!.persons[0]!.public_name ?? ""}\u009F`;
    const { result, edition } = await imported(file);
    const slot = edition.agenda.find((s) => s.guid === session!.guid);
    expect(slot?.title).toBe(title);
    expect(edition.talks.find((t) => t.id === slot?.talkId)?.description).toBe(
      "First line\nsecond line.\n\nA paragraph.",
    );
    expect(edition.speakers.find((s) => s.id === slot?.speakerIds[0])?.name).toBe(
      sessionsOf(democon())[0]!.persons[0]!.public_name,
    );
    const note = noteOf(result.notes, /Control characters and noncharacters.*were removed/);
    expect(note).toContain(`"${session!.slug}" (U+0001, U+FFFE)`);
    noteOf(result.notes, /Line ends written as CR LF or CR were written as LF/);
  });

  it("turns HTML into plain text, paragraphs kept, and leaves Markdown as it is", async () => {
    const file = democon();
    const [html, markdown] = sessionsOf(file);
    html!.description = '<p>Tools &amp; <b>tricks</b>.</p><p>See <a href="https://example.org/more">more</a>.</p>';
    html!.abstract = "Fish &amp; chips";
    markdown!.description = "**Bold** words.\n\n- a list\n- of items";
    const { result, edition } = await imported(file);
    const talkOf = (session: FileSession | undefined) =>
      edition.talks.find((t) => t.id === edition.agenda.find((s) => s.guid === session?.guid)?.talkId);
    expect(talkOf(html)?.description).toBe("Tools & tricks.\n\nSee more [https://example.org/more].");
    expect(talkOf(html)?.abstract).toBe("Fish & chips");
    expect(talkOf(markdown)?.description).toBe(markdown!.description);
    expect(noteOf(result.notes, /written in HTML became plain text/)).toContain(`session "${html!.slug}"`);
  });

  it("writes the file's tracks with their colours, and tracks only the sessions name in the accessible palette", async () => {
    const file = democon();
    const named = [...new Set(sessionsOf(file).map((session) => session.track))].filter(Boolean) as string[];
    expect(named.length).toBeGreaterThanOrEqual(2);
    const [listed, unlisted] = named as [string, string];
    file.schedule.conference.tracks = [
      { name: listed, slug: "listed-track", color: "#a4a300" },
      { name: "Unused", color: "teal" },
    ];
    const { result, edition } = await imported(file);
    expect(edition.tracks[0]).toEqual({ slug: "listed-track", name: listed, color: "#a4a300" });
    const unused = edition.tracks.find((track) => track.name === "Unused");
    expect(unused?.slug).toBe("unused");
    expect(accessiblePalette).toContain(unused?.color);
    const fromSessions = edition.tracks.find((track) => track.name === unlisted);
    expect(fromSessions?.slug).toBe(unlisted.toLowerCase());
    expect(accessiblePalette).toContain(fromSessions?.color);
    expect(fromSessions?.color).not.toBe(unused?.color);
    expect(noteOf(result.notes, /Tracks without a #rrggbb colour/)).toContain('"Unused" ("teal")');
    expect(noteOf(result.notes, /Tracks the sessions name that conference\.tracks does not list/)).toContain(
      `"${unlisted}"`,
    );
    // Every slot's track is one of the edition's.
    const names = new Set(edition.tracks.map((track) => track.name));
    expect(edition.agenda.filter((slot) => slot.track && !names.has(slot.track))).toEqual([]);
  });

  it("keeps a track's colour set by hand, and a track added by hand, through a re-import", async () => {
    const root = tempFolder("tracks-by-hand");
    await importSchedule({ source: democonFile, editionId: "odd", root });
    const input = readEditionInput("odd", root);
    const [first] = input.tracks ?? [];
    expect(first).toBeDefined();
    const tracks = [
      { ...first!, color: "#123456" },
      ...(input.tracks ?? []).slice(1),
      { slug: "by-hand", name: "By hand", color: "#654321" },
    ];
    writeFileSync(path.join(root, "odd", sectionFiles.tracks), JSON.stringify(tracks, null, 2));
    await importSchedule({ source: democonFile, editionId: "odd", root });
    expect(importedEdition(root, "odd").tracks).toEqual(tracks);
  });

  it("gives a session listed in several languages the first, and a room its English description", async () => {
    const file = democon();
    const [session] = sessionsOf(file);
    session!.language = "de, en";
    const room = file.schedule.conference.rooms[0]!;
    Object.assign(room, { description_de: "Der graue Raum", description_en: "The grey room" });
    const { result, edition } = await imported(file);
    expect(edition.agenda.find((s) => s.guid === session!.guid)?.language).toBe("de");
    noteOf(result.notes, /several languages were given the first/);
    expect(edition.rooms.find((r) => r.name === room.name)?.description).toBe("The grey room");
    expect(result.notes.filter((note) => note.includes("description_"))).toEqual([]);
  });
});

describe("Portraits", () => {
  // A 1x1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );

  it("downloads an avatar into the edition's portraits, and draws initials where it cannot", async () => {
    const origin = await serve({
      "/avatars/one.png": { type: "image/png", body: png },
      "/avatars/script.svg": { type: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>' },
    });
    const file = democon();
    // Relative avatars are read against the file's base_url, as the schema says.
    file.schedule.base_url = `${origin}/schedule/`;
    const persons = sessionsOf(file).flatMap((s) => s.persons);
    const avatars: Record<string, string> = {};
    const [withPng, withSvg, withMissing] = [...new Set(persons.map((p) => p.code))];
    avatars[withPng!] = "/avatars/one.png";
    avatars[withSvg!] = `${origin}/avatars/script.svg`;
    avatars[withMissing!] = `${origin}/avatars/gone.png`;
    for (const person of persons) {
      const avatar = avatars[person.code ?? ""];
      if (avatar) person.avatar = avatar;
    }

    const root = tempFolder("avatars");
    const result = await importSchedule({ source: scheduleFile(file), editionId: "avatars", root });
    const edition = importedEdition(root, "avatars");
    const portraitOf = (code: string | undefined) =>
      edition.speakers.find((s) => s.name === persons.find((p) => p.code === code)?.public_name)?.portrait ?? "";
    expect(portraitOf(withPng)).toMatch(/^\/portraits\/[a-z0-9-]+\.png$/);
    expect(readFileSync(path.join(editionPublicDir("avatars", root), portraitOf(withPng)))).toEqual(png);
    // An SVG from elsewhere could carry script on our origin; a missing image is no image: initials for both.
    for (const code of [withSvg, withMissing]) expect(portraitOf(code)).toMatch(/\.svg$/);
    const failed = result.notes.filter((note) => note.startsWith("Avatars that could not be downloaded"));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/not a PNG, JPEG or WebP image/);
    expect(failed[0]).toMatch(/HTTP 404/);
    expect(result.portraits).toEqual({ downloaded: 1, initials: edition.speakers.length - 1 });
  });
});

describe("Importing again: a newer export of the same event", () => {
  it("updates the edition in place: sessions matched by guid keep their ids, what was added by hand stays", async () => {
    const root = tempFolder("reimport");
    const id = "democon";
    await importSchedule({ source: democonFile, editionId: id, root });
    const dir = path.join(root, id);
    const read = () => readEditionInput(id, root);
    const write = (section: keyof EditionInput, value: unknown) => {
      writeFileSync(path.join(dir, sectionFiles[section]), JSON.stringify(value, null, 2));
    };

    // The organiser's hand: a renamed session and page, a host, highlights, a speaker's title and links, the event's
    // links, a sponsor, a demo, a briefing, a green room, and a session of their own in a gap of a room.
    const first = read();
    const renamed = first.agenda[0]!;
    const renamedGuid = renamed.guid;
    const host = first.speakers.at(-1)!;
    const talk = first.talks.find((t) => t.id === renamed.talkId)!;
    talk.id = "opening";
    talk.path = "/opening";
    talk.highlights = ["A live demo"];
    Object.assign(renamed, { id: "opening", talkId: "opening", hostId: host.id });
    const speaker = first.speakers[0]!;
    Object.assign(speaker, {
      title: "Maintainer, Example Project",
      links: [{ label: "Site", url: "https://example.com/" }],
    });
    const event = first.event as { links: Record<string, string> };
    event.links.register = "https://tickets.example.com/democon";
    cpSync(path.join(editionPublicDir("glosaic-2025"), "logos"), path.join(dir, "public", "logos"), {
      recursive: true,
    });
    const logo = readdirSync(path.join(dir, "public", "logos"))[0]!;
    const sponsors = [
      { id: "acme", name: "Acme", logo: `/logos/${logo}`, url: "https://acme.example.com", role: "Sponsor" },
    ];
    const demos = [
      {
        id: "demo-1",
        title: "A demo",
        presenterId: speaker.id,
        description: "It works.",
        votes: 3,
        tags: ["Demo"],
        projectUrl: "https://demo.example.com",
      },
    ];
    const briefings = [
      {
        slug: speaker.id,
        path: `/speakers/${speaker.id}-briefing`,
        speakerId: speaker.id,
        badges: ["Speaker", "Talk"],
      },
    ];
    const greenRoom = {
      id: "green-room",
      start: new Date(Date.parse(renamed.start) - 30 * 60_000).toISOString(),
      end: renamed.start,
      type: "Green room",
      title: "Green room",
      participantIds: [speaker.id],
    };
    greenRoom.start = greenRoom.start.replace(/\.000Z$/, "+00:00");
    // A gap of at least half an hour between two sessions of one room.
    const gap = first.agenda.flatMap((slot) => {
      const next = first.agenda.find((s) => s.room === slot.room && Date.parse(s.start) >= Date.parse(slot.end));
      return next && Date.parse(next.start) - Date.parse(slot.end) >= 30 * 60_000 ? [{ slot, next }] : [];
    })[0]!;
    const handSlot = {
      id: "hallway-meetup",
      start: gap.slot.end,
      end: new Date(Date.parse(gap.slot.end) + 30 * 60_000).toISOString().replace(/\.000Z$/, "+00:00"),
      type: "Meetup",
      title: "Hallway meetup",
      room: gap.slot.room,
      speakerIds: [],
    };
    const agenda = [...first.agenda, handSlot].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    write("agenda", agenda);
    write("talks", first.talks);
    write("speakers", first.speakers);
    write("event", first.event);
    write("sponsors", sponsors);
    write("demos", demos);
    write("briefings", briefings);
    write("backstage", [greenRoom]);
    importedEdition(root, id);

    // The newer export: one session gone, one new, one retitled, a biography rewritten.
    const file = democon();
    // The session that goes: one with a person in no other session, who should go with it.
    const appearances = (code: string | undefined) =>
      sessionsOf(file).filter((s) => s.persons.some((p) => p.code === code)).length;
    const gone = sessionsOf(file)
      .filter((s) => s.guid !== renamedGuid && !s.persons.some((p) => p.public_name === speaker.name))
      .findLast((s) => s.persons.some((p) => appearances(p.code) === 1))!;
    const goneOnly = gone.persons.filter((p) => appearances(p.code) === 1);
    expect(goneOnly.length).toBeGreaterThan(0);
    const day = file.schedule.conference.days
      .flatMap((d) => Object.values(d.rooms))
      .find((list) => list.includes(gone))!;
    day.splice(day.indexOf(gone), 1);
    const added: FileSession = {
      ...gone,
      guid: "5d0c2d6e-6f3a-5b7e-8c1d-2e4f6a8b0c1d",
      slug: "democon-99-a-new-session",
      title: "A new session",
      url: "http://localhost/democon/talk/NEWONE/",
      persons: [{ id: 999, code: "NEWONE", public_name: "Nova Newcomer", biography: "New here." }],
    };
    day.push(added);
    const retitled = sessionsOf(file).find((s) => s.guid === renamedGuid)!;
    retitled.title = "A better title";
    const speakerPerson = sessionsOf(file)
      .flatMap((s) => s.persons)
      .find((p) => p.public_name === speaker.name)!;
    for (const person of sessionsOf(file).flatMap((s) => s.persons)) {
      if (person.code === speakerPerson.code) person.biography = "A rewritten biography.";
    }

    await importSchedule({ source: scheduleFile(file), root, editionId: id });
    const updated = importedEdition(root, id);

    const opening = updated.agenda.find((slot) => slot.guid === renamedGuid);
    expect(opening).toMatchObject({ id: "opening", talkId: "opening", hostId: host.id, title: "A better title" });
    expect(updated.talks.find((t) => t.id === "opening")).toMatchObject({
      path: "/opening",
      title: "A better title",
      highlights: ["A live demo"],
    });
    expect(updated.agenda.find((slot) => slot.guid === gone.guid)).toBeUndefined();
    expect(updated.talks.find((t) => t.title === gone.title)).toBeUndefined();
    expect(updated.agenda.find((slot) => slot.guid === added.guid)).toMatchObject({
      id: added.slug,
      title: added.title,
    });
    expect(updated.talks.find((t) => t.id === added.slug)?.path).toBe(`/talks/${added.slug}`);
    expect(updated.agenda.find((slot) => slot.id === "hallway-meetup")).toMatchObject(handSlot);
    // Every other session keeps its id.
    for (const slot of first.agenda.filter((s) => s !== renamed && s.guid !== gone.guid)) {
      expect(updated.agenda.find((s) => s.guid === slot.guid)?.id).toBe(slot.id);
    }
    expect(updated.agenda).toHaveLength(first.agenda.length + 1);

    const kept = updated.speakers.find((s) => s.id === speaker.id);
    expect(kept).toMatchObject({
      title: "Maintainer, Example Project",
      links: [{ label: "Site", url: "https://example.com/" }],
      bio: "A rewritten biography.",
      portrait: speaker.portrait,
    });
    expect(updated.speakers.find((s) => s.name === "Nova Newcomer")).toBeDefined();
    for (const person of goneOnly) expect(updated.speakers.find((s) => s.name === person.public_name)).toBeUndefined();
    expect(updated.event.links.register).toBe("https://tickets.example.com/democon");
    expect(updated.sponsors.map((s) => s.id)).toEqual(["acme"]);
    expect(updated.demos.map((d) => d.id)).toEqual(["demo-1"]);
    expect(updated.briefings.map((b) => b.slug)).toEqual([speaker.id]);
    expect(updated.backstage.map((b) => b.id)).toEqual(["green-room"]);
    expect(existsSync(path.join(dir, "public", "logos", logo))).toBe(true);
  });
});

describe("Importing from a URL", () => {
  it("fetches the schedule with Node's fetch and imports it", async () => {
    const origin = await serve({
      "/democon/schedule/export/schedule.json": { type: "application/json", body: readFileSync(democonFile) },
    });
    const root = tempFolder("url");
    await importSchedule({ source: `${origin}/democon/schedule/export/schedule.json`, root, editionId: "from-url" });
    expect(importedEdition(root, "from-url").agenda).toHaveLength(sessionsOf(democon()).length);
  });
});

describe("The round trip: import, export, import again", () => {
  it("gives the same programme: titles, times, rooms, types, tracks and their colours, languages, persons and GUIDs", async () => {
    const first = tempFolder("round-trip-1");
    await importSchedule({ source: democonFile, editionId: "trip", root: first });
    const imported = importedEdition(first, "trip");
    const json = scheduleJson(scheduleModel(imported)) as unknown as FileSchedule;
    // Its avatars are the first site's portraits, on a placeholder domain no test should ask for.
    for (const session of sessionsOf(json)) for (const person of session.persons) delete person.avatar;
    const exported = scheduleFile(json);
    const second = tempFolder("round-trip-2");
    const result = await importSchedule({ source: exported, editionId: "trip", root: second });
    const again = importedEdition(second, "trip");

    const programme = (edition: typeof imported) =>
      edition.agenda.map((slot) => {
        const talk = edition.talks.find((t) => t.id === slot.talkId);
        return {
          guid: slot.guid,
          title: slot.title,
          start: Date.parse(slot.start),
          end: Date.parse(slot.end),
          room: edition.rooms.find((room) => room.id === slot.room)?.name,
          type: slot.type,
          track: slot.track,
          language: slot.language,
          persons: slot.speakerIds.map((ref) => edition.speakers.find((s) => s.id === ref)?.name),
          abstract: talk?.abstract,
          description: talk?.description,
          originUrl: talk?.originUrl,
        };
      });
    expect(programme(again)).toEqual(programme(imported));
    expect(again.rooms.map(({ name, guid }) => ({ name, guid }))).toEqual(
      imported.rooms.map(({ name, guid }) => ({ name, guid })),
    );
    // The tracks with their colours, which the export lists as the newer schedule.json does.
    expect(again.tracks).toEqual(imported.tracks);
    expect(imported.tracks.length).toBeGreaterThan(0);
    expect(again.event).toMatchObject({
      name: imported.event.name,
      date: imported.event.date,
      endDate: imported.event.endDate,
      timeZone: imported.event.timeZone,
    });
    expect(again.speakers.map(({ name, bio }) => ({ name, bio }))).toEqual(
      imported.speakers.map(({ name, bio }) => ({ name, bio })),
    );
    // Our own export meets the schema: the second import had nothing to mend about its zone or room GUIDs.
    expect(result.notes.filter((note) => /zone|guid/.test(note))).toEqual([]);
  });
});

describe("Recordings", () => {
  /**
   * The real export with a recording on its first sessions, in the ways exporters write one, and links that are
   * not: the edition's recordings page, and a second video link after a session's recording (the first wins).
   */
  function withRecordings() {
    const file = democon();
    const [slides, upper, ccc, plural] = sessionsOf(file);
    slides!.links = [
      { title: "Slides", url: "https://files.example.org/slides.pdf" },
      { type: "media", title: "Recording", url: "https://video.example.org/v/first" },
      { title: "Video", url: "https://files.example.org/demo.mp4" },
    ];
    upper!.links = [{ title: "VIDEO RECORDING", url: "https://video.example.org/v/second" }];
    ccc!.links = [{ title: "Watch again", url: "https://media.ccc.de/v/democon-third" }];
    // The whole event's recordings page, as our own export links it beside each session's: not one session's.
    plural!.links = [{ type: "media", title: "Recordings", url: "https://video.example.org/democon" }];
    return { file, slides: slides!, upper: upper!, ccc: ccc!, plural: plural! };
  }

  it("takes a link titled Recording, Video or Video recording (any case), or a media.ccc.de video, as the session's", async () => {
    const { file, slides, upper, ccc, plural } = withRecordings();
    const root = tempFolder("recordings");
    const result = await importSchedule({ source: scheduleFile(file), editionId: "recorded", root });
    const edition = importedEdition(root, result.editionId);
    const slotOf = (session: FileSession) => edition.agenda.find((slot) => slot.guid === session.guid);
    const linksOf = (session: FileSession) => edition.talks.find((t) => t.id === slotOf(session)?.talkId)?.links;
    expect(slotOf(slides)?.recording).toBe("https://video.example.org/v/first");
    expect(linksOf(slides)).toEqual([
      { label: "Slides", url: "https://files.example.org/slides.pdf" },
      { label: "Video", url: "https://files.example.org/demo.mp4" },
    ]);
    expect(slotOf(upper)?.recording).toBe("https://video.example.org/v/second");
    expect(slotOf(ccc)?.recording).toBe("https://media.ccc.de/v/democon-third");
    for (const session of [upper, ccc]) expect(linksOf(session)).toEqual([]);
    expect(slotOf(plural)?.recording).toBeUndefined();
    expect(linksOf(plural)).toEqual([{ label: "Recordings", url: "https://video.example.org/democon" }]);
    const recorded = new Set([slides, upper, ccc].map((session) => session.guid));
    expect(edition.agenda.filter((slot) => slot.recording).map((slot) => slot.guid)).toEqual(
      edition.agenda.filter((slot) => recorded.has(slot.guid ?? "")).map((slot) => slot.guid),
    );
  });

  it("keeps them through our own export: import, export, import again", async () => {
    const first = tempFolder("recordings-trip-1");
    await importSchedule({ source: scheduleFile(withRecordings().file), editionId: "trip", root: first });
    const imported = importedEdition(first, "trip");
    const json = scheduleJson(scheduleModel(imported)) as unknown as FileSchedule;
    for (const session of sessionsOf(json)) for (const person of session.persons) delete person.avatar;
    const second = tempFolder("recordings-trip-2");
    await importSchedule({ source: scheduleFile(json), editionId: "trip", root: second });
    const again = importedEdition(second, "trip");
    const recordings = (edition: typeof imported) =>
      edition.agenda.flatMap((slot) => (slot.recording ? [[slot.guid, slot.recording]] : []));
    expect(recordings(imported)).toHaveLength(3);
    expect(recordings(again)).toEqual(recordings(imported));
    // Nor is a recording also kept among the talk's links the second time, nor a talk's video link taken for one.
    const recorded = new Set(recordings(imported).map(([, url]) => url));
    expect(again.talks.flatMap((talk) => talk.links).filter((link) => recorded.has(link.url))).toEqual([]);
    expect(again.talks.flatMap((talk) => talk.links)).toContainEqual({
      label: "Video",
      url: "https://files.example.org/demo.mp4",
    });
  });

  it("keeps a recording added by hand when a newer file has none, and takes the file's when it has one", async () => {
    const root = tempFolder("recordings-by-hand");
    await importSchedule({ source: democonFile, editionId: "hand", root });
    const input = readEditionInput("hand", root);
    const [byHand, replaced] = input.agenda;
    byHand!.recording = "https://video.example.org/by-hand";
    replaced!.recording = "https://video.example.org/old";
    writeFileSync(path.join(root, "hand", sectionFiles.agenda), JSON.stringify(input.agenda, null, 2));
    const file = democon();
    const fileSession = sessionsOf(file).find((session) => session.guid === replaced!.guid)!;
    fileSession.links = [{ title: "Video", url: "https://video.example.org/new" }];
    await importSchedule({ source: scheduleFile(file), editionId: "hand", root });
    const again = importedEdition(root, "hand");
    const recordingOf = (guid: string | undefined) => again.agenda.find((slot) => slot.guid === guid)?.recording;
    expect(recordingOf(byHand!.guid)).toBe("https://video.example.org/by-hand");
    expect(recordingOf(replaced!.guid)).toBe("https://video.example.org/new");
  });
});

describe("The DemoCon test edition", () => {
  it("is exactly what the import writes from the real pretalx export, so the tests of an imported programme test that", async () => {
    // tests/editions/democon was written by `npm run import -- interop/formats/pretalx-democon.json --edition
    // democon --root tests/editions`; its LICENCE.txt (the export's, EUPL), stage.json (the rooms' streams, which a
    // schedule does not name) and tests.json were added by hand.
    const committed = path.resolve("tests/editions/democon");
    const root = tempFolder("democon-again");
    await importSchedule({ source: democonFile, editionId: "democon", root });
    const filesIn = (dir: string): string[] =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((name) => statSync(path.join(dir, name)).isFile())
        .sort();
    const handAdded = ["LICENCE.txt", "stage.json", "tests.json"];
    const fresh = path.join(root, "democon");
    expect(filesIn(committed).filter((name) => !handAdded.includes(name))).toEqual(filesIn(fresh));
    for (const name of filesIn(fresh)) {
      expect(readFileSync(path.join(committed, name), "utf8"), name).toBe(readFileSync(path.join(fresh, name), "utf8"));
    }
    expect(readFileSync(path.join(committed, "LICENCE.txt"), "utf8")).toBe(
      readFileSync(path.join(formatsDir, "LICENCE.txt"), "utf8"),
    );
  });
});
