import { describe, expect, it } from "vitest";
import { editionsOfReferenceShape } from "../tests/every-edition";
import type { EditionInput } from "./schema";
import { personalCalendarName, personalCalendarPath } from "../common/my-schedule";
import { sessionCalendarPath } from "../common/site-paths";
import { isoOffset, zoneOffsetMinutes } from "../common/time";
import { ContentError, fillPlaceholders, validateEdition } from "./validate";

describe.each(editionsOfReferenceShape)("Content validation of $id", ({ id: editionId, input: editionInput }) => {
  /** A deep copy of the shipped edition's input, for tests that break one thing. */
  function input(): EditionInput {
    return structuredClone(editionInput);
  }

  const { timeZone } = editionInput.event;
  const day = 24 * 60 * 60 * 1000;

  /** An instant as the content writes it: the wall clock at `offset` minutes from UTC, then that offset. */
  function writtenWithOffset(instant: number, offset: number): string {
    return `${new Date(instant + offset * 60_000).toISOString().slice(0, 19)}${isoOffset(offset)}`;
  }

  /** An instant written in the edition's zone, with the offset that zone has at that instant. */
  function inEditionZone(instant: number): string {
    return writtenWithOffset(instant, zoneOffsetMinutes(new Date(instant), timeZone));
  }

  /** The days a time must fall on, as validation says them. */
  const { date, endDate } = editionInput.event;
  const onTheDays = endDate ? `between ${date} and ${endDate}` : `on ${date}`;

  /** Two slots of the same room (or of the one stream) that follow each other. */
  function consecutiveInOneRoom(edition: EditionInput) {
    for (const [i, first] of edition.agenda.entries()) {
      const second = edition.agenda.slice(i + 1).find((slot) => slot.room === first.room);
      if (second) return [first, second] as const;
    }
    throw new Error("The edition has no room with two sessions");
  }

  /** The edition with two rooms: its own if it has them, else every session in a first room and an empty second. */
  function withTwoRooms(): EditionInput {
    const copy = input();
    if ((copy.rooms ?? []).length >= 2) return copy;
    copy.rooms = [
      { id: "room-a", name: "Room A" },
      { id: "room-b", name: "Room B" },
    ];
    for (const slot of copy.agenda) slot.room = "room-a";
    return copy;
  }

  function problemsOf(broken: EditionInput): string[] {
    try {
      validateEdition(broken, editionId);
    } catch (error) {
      if (error instanceof ContentError) return error.problems;
      throw error;
    }
    return [];
  }

  describe("Content validation", () => {
    it("accepts the shipped edition", () => {
      expect(problemsOf(input())).toEqual([]);
    });

    it("rejects a session whose speaker does not exist", () => {
      const broken = input();
      broken.agenda[0]!.speakerIds = ["nobody-at-all"];
      expect(problemsOf(broken)).toContain(
        `agenda slot "${broken.agenda[0]!.id}" refers to unknown speaker "nobody-at-all"`,
      );
    });

    it("rejects an agenda slot that points to a missing talk", () => {
      const broken = input();
      const slot = broken.agenda.find((s) => s.talkId)!;
      slot.talkId = "no-such-talk";
      expect(problemsOf(broken)).toContain(`agenda slot "${slot.id}" refers to unknown talk "no-such-talk"`);
    });

    it("rejects two agenda sessions that overlap on the one stream, and accepts them in one room", () => {
      const oneStream = input();
      delete oneStream.rooms;
      for (const slot of oneStream.agenda) delete slot.room;
      delete oneStream.stage;
      const [first, second] = consecutiveInOneRoom(oneStream);
      // The second session starts halfway through the first.
      second.start = inEditionZone((Date.parse(first.start) + Date.parse(first.end)) / 2);
      expect(problemsOf(oneStream)).toContain(`agenda slots "${first.id}" and "${second.id}" overlap`);

      // In a room, as real programmes have them (decision 069): the agenda shows them side by side.
      const inRooms = withTwoRooms();
      const [a, b] = consecutiveInOneRoom(inRooms);
      b.start = inEditionZone((Date.parse(a.start) + Date.parse(a.end)) / 2);
      b.speakerIds = [];
      delete b.hostId;
      expect(problemsOf(inRooms).filter((problem) => problem.includes("overlap"))).toEqual([]);
    });

    it("refuses control characters and noncharacters in any text, naming the record and the character", () => {
      const broken = input();
      const [slot] = broken.agenda;
      slot!.title = "Opening\u0001";
      broken.speakers[0]!.name = "Ada\uFFFE";
      broken.event.headline = "Line\r\nbreak";
      const problems = problemsOf(broken);
      expect(problems).toContain(`agenda "${slot!.id}" title: holds U+0001, which no page can show: remove it`);
      expect(problems).toContain(
        `speakers "${broken.speakers[0]!.id}" name: holds U+FFFE, which no page can show: remove it`,
      );
      expect(problems).toContain("event.headline: holds U+000D, which no page can show: remove it");
      // Tabs and line ends are text.
      const fine = input();
      fine.talks[0]!.description = "One\tparagraph.\n\nAnother.";
      expect(problemsOf(fine)).toEqual([]);
    });

    it("takes tracks with unique slugs and names and #rrggbb colours, and holds slots to them", () => {
      const withTracks = input();
      const [slot, other] = withTracks.agenda;
      withTracks.tracks = [
        { slug: "security", name: "Security", color: "#0347b4" },
        { slug: "art-beauty", name: "Art & Beauty", color: "#F9B000" },
      ];
      slot!.track = "Security";
      expect(problemsOf(withTracks)).toEqual([]);
      // An edition without tracks leaves a slot's track free text, as it always has.
      const free = input();
      free.agenda[0]!.track = "Anything";
      expect(problemsOf(free)).toEqual([]);

      other!.track = "Hardware";
      withTracks.tracks.push(
        { slug: "security", name: "Security again", color: "#123456" },
        { slug: "art", name: "Art & Beauty", color: "#654321" },
      );
      const problems = problemsOf(withTracks);
      expect(problems).toContain(`agenda slot "${other!.id}" names track "Hardware", which tracks.json does not list`);
      expect(problems).toContain('track slug "security" is used more than once');
      expect(problems).toContain('track name "Art & Beauty" is used more than once');
      const badColour = input();
      badColour.tracks = [{ slug: "art", name: "Art", color: "red" }];
      expect(problemsOf(badColour)).toContain('tracks "art" color: a track\'s color is #rrggbb');
    });

    it("accepts sessions at the same time in two rooms, and refuses a speaker in both", () => {
      const parallel = withTwoRooms();
      const [first, second] = consecutiveInOneRoom(parallel);
      const otherRoom = parallel.rooms!.find((room) => room.id !== first.room)!.id;
      // The second session moves to the other room, at the first one's time, with people of its own.
      second.room = otherRoom;
      second.start = first.start;
      second.end = first.end;
      const firstPeople = [...(first.hostId ? [first.hostId] : []), ...(first.speakerIds ?? [])];
      const own = (second.speakerIds ?? []).filter((id) => !firstPeople.includes(id) && id !== second.hostId);
      second.speakerIds = own;
      if (second.hostId && firstPeople.includes(second.hostId)) delete second.hostId;
      parallel.agenda.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
      const booked = (problems: string[]) => problems.filter((p) => p.includes(`"${second.id}"`));
      expect(booked(problemsOf(parallel))).toEqual([]);

      const person = parallel.speakers.find((s) => !own.includes(s.id) && s.id !== second.hostId)!.id;
      first.speakerIds = [...(first.speakerIds ?? []), person];
      second.speakerIds = [...own, person];
      expect(problemsOf(parallel)).toContain(
        `speaker "${person}" is booked in "${first.id}" and "${second.id}" at the same time`,
      );
    });

    it("requires every session to name a room of the edition when it has rooms, and none when it has not", () => {
      const rooms = withTwoRooms();
      const [slot] = rooms.agenda;
      slot!.room = "the-moon";
      expect(problemsOf(rooms)).toContain(`agenda slot "${slot!.id}" refers to unknown room "the-moon"`);
      delete slot!.room;
      expect(problemsOf(rooms)).toContain(`agenda slot "${slot!.id}" names no room (the edition has rooms)`);
      const stream = input();
      stream.rooms = [];
      for (const s of stream.agenda) delete s.room;
      stream.agenda[0]!.room = "room-a";
      expect(problemsOf(stream)).toContain(
        `agenda slot "${stream.agenda[0]!.id}" names room "room-a" but the edition has no rooms`,
      );
    });

    it("refuses a page path that collides with a fixed page, a speaker's page or the site's own files", () => {
      const broken = input();
      const [first, second, third] = broken.talks;
      first!.path = "/agenda";
      second!.path = `/speakers/${broken.speakers[0]!.id}`;
      third!.path = "/calendar/talks";
      const problems = problemsOf(broken);
      expect(problems).toContain(`talk "${first!.id}": its path /agenda collides with the fixed page /agenda`);
      expect(problems).toContain(
        `talk "${second!.id}": its path ${second!.path} collides with the page of speaker "${broken.speakers[0]!.id}"`,
      );
      expect(problems).toContain(
        `talk "${third!.id}": its path /calendar/talks collides with the site's /calendar/ files`,
      );
    });

    it("refuses a talk in the speakers' folder, whose route is the speakers' pages'", () => {
      const broken = input();
      const talk = broken.talks[0]!;
      talk.path = "/speakers/no-such-speaker";
      expect(problemsOf(broken)).toContain(
        `talk "${talk.id}": its path /speakers/no-such-speaker is in /speakers/, the folder of the speakers' pages`,
      );
    });

    it("refuses a talk whose calendar file would be the feed of a visitor's chosen sessions", () => {
      const broken = input();
      const talk = broken.talks[0]!;
      for (const slot of broken.agenda) if (slot.talkId === talk.id) slot.talkId = personalCalendarName;
      talk.id = personalCalendarName;
      expect(problemsOf(broken)).toContain(
        `"${personalCalendarName}" would share its calendar file with the feed of a visitor's chosen sessions`,
      );
      // The name refused is the one whose calendar file is the feed's path.
      expect(sessionCalendarPath(personalCalendarName)).toBe(personalCalendarPath);
    });

    it("spans several days when the event has an end date, and keeps sessions within them", () => {
      const longer = input();
      const last = longer.agenda.at(-1)!;
      const nextDay = (instant: string) => inEditionZone(Date.parse(instant) + day);
      // The last session moves to the day after the edition's last day.
      last.start = nextDay(last.start);
      last.end = nextDay(last.end);
      const lastDay = longer.event.endDate ?? longer.event.date;
      expect(problemsOf(longer)).toContain(
        `agenda slot "${last.id}": ${last.start} is not ${onTheDays} in ${timeZone}`,
      );
      const after = new Date(Date.parse(`${lastDay}T12:00:00Z`) + day).toISOString().slice(0, 10);
      longer.event.endDate = after;
      expect(problemsOf(longer).filter((p) => p.includes(`"${last.id}"`))).toEqual([]);
      longer.event.endDate = "2000-01-01";
      expect(problemsOf(longer)).toContain(`event endDate 2000-01-01 is before its date ${longer.event.date}`);
    });

    it("rejects a time that is not on the conference day", () => {
      const broken = input();
      const slot = broken.agenda[0]!;
      // The same wall-clock time two weeks earlier, written with the zone's offset on that day.
      slot.start = inEditionZone(Date.parse(slot.start) - 14 * day);
      expect(problemsOf(broken)).toContain(
        `agenda slot "${slot.id}": ${slot.start} is not ${onTheDays} in ${timeZone}`,
      );
    });

    it("rejects a time written with the wrong offset for the zone", () => {
      const broken = input();
      const slot = broken.agenda[0]!;
      const instant = Date.parse(slot.start);
      const offset = zoneOffsetMinutes(new Date(instant), timeZone);
      // The same instant, written an hour behind the zone's offset on the day.
      slot.start = writtenWithOffset(instant, offset - 60);
      expect(problemsOf(broken)).toContain(
        `agenda slot "${slot.id}": ${slot.start} has offset ${isoOffset(offset - 60)} but ${timeZone} is ${isoOffset(offset)}`,
      );
    });

    it("rejects an id used twice", () => {
      const broken = input();
      broken.sponsors[1]!.id = broken.sponsors[0]!.id;
      expect(problemsOf(broken)).toContain(`sponsor id "${broken.sponsors[0]!.id}" is used more than once`);
    });

    it("rejects a talk that is not on the agenda", () => {
      const broken = input();
      const slot = broken.agenda.find((s) => s.talkId)!;
      const talkId = slot.talkId!;
      delete slot.talkId;
      expect(problemsOf(broken)).toContain(`talk "${talkId}" is on the agenda 0 times, not once`);
    });

    it("rejects a speaker booked in two places at once", () => {
      const broken = input();
      const panel = broken.agenda[0]!;
      const next = broken.agenda[1]!;
      panel.speakerIds = [...(panel.speakerIds ?? []), next.speakerIds![0]!];
      next.start = panel.start;
      expect(problemsOf(broken).join("\n")).toMatch(/is booked in/);
    });

    it("lets two sessions of an imported schedule share a person at once, but not a session added by hand", () => {
      const clashing = input();
      const panel = clashing.agenda[0]!;
      const next = clashing.agenda[1]!;
      panel.speakerIds = [...(panel.speakerIds ?? []), next.speakerIds![0]!];
      next.start = panel.start;
      // Overlapping in one stream is a rule of its own: the second session moves to a room beside the first.
      clashing.rooms = [
        { id: "one", name: "One" },
        { id: "two", name: "Two" },
      ];
      for (const slot of clashing.agenda) slot.room = slot === next ? "two" : "one";
      panel.guid = "8079583e-8321-506c-95af-fd2903a5f075";
      expect(problemsOf(clashing).join("\n")).toMatch(/is booked in/);
      next.guid = "0b2b6a1e-5d6f-5b51-9a39-3f0d9c1b7a11";
      expect(problemsOf(clashing).join("\n")).not.toMatch(/is booked in/);
    });

    it("takes questions for every type but Break unless the edition names its types, and refuses a type no session has", () => {
      const edition = input();
      expect(validateEdition(edition, editionId).event.questions).toEqual({
        ...(editionInput.event.questions?.sessionTypes
          ? { sessionTypes: editionInput.event.questions.sessionTypes }
          : {}),
        opensMinutesBefore: editionInput.event.questions?.opensMinutesBefore ?? 24 * 60,
        moderation: editionInput.event.questions?.moderation ?? "pre",
      });
      const type = edition.agenda[0]?.type ?? "";
      edition.event.questions = { sessionTypes: [type, `${type}s`] };
      expect(() => validateEdition(edition, editionId)).toThrow(`no session of the agenda has type "${type}s"`);
      edition.event.questions = { moderation: "live" as "pre" };
      expect(() => validateEdition(edition, editionId)).toThrow(ContentError);
    });

    it("takes one stream for an edition without rooms and each room's for an edition with rooms, nothing else", () => {
      const edition = withTwoRooms();
      const room = edition.rooms?.[0]?.id ?? "";
      const problemsWith = (stream: unknown) => {
        edition.stage = { rooms: { [room]: stream as { provider: "vimeo"; video: string } } };
        return problemsOf(edition).join("\n");
      };
      expect(problemsWith({ provider: "vimeo", video: "76979871" })).toBe("");
      expect(problemsWith({ provider: "youtube", video: "abcdefghijk" })).toBe("");
      expect(problemsWith({ provider: "hls", url: "http://127.0.0.1:8080/live.m3u8" })).toBe("");
      expect(problemsWith({ provider: "hls", url: "http://stream.example.org/live.m3u8" })).toMatch(
        /^stage\.rooms\..+: a stream's playlist is an https URL/m,
      );
      expect(problemsWith({ provider: "youtube", video: "https://youtu.be/abc" })).toMatch(/YouTube video id/);
      edition.stage = { rooms: { nowhere: { provider: "vimeo", video: "76979871" } } };
      expect(problemsOf(edition)).toContain('stage rooms: the edition has no room "nowhere"');
      edition.stage = { stream: { provider: "vimeo", video: "76979871" } };
      expect(problemsOf(edition)).toContain("stage stream: the edition has rooms; name each room's stream");

      // One stream: the edition's own, when it has no rooms.
      const single = input();
      if ((single.rooms ?? []).length === 0) {
        single.stage = { stream: { provider: "youtube", video: "abcdefghijk" } };
        expect(validateEdition(single, editionId).stage).toEqual({ stream: single.stage.stream, rooms: {} });
      }
    });

    it("rejects a malformed field, naming its record by id", () => {
      const broken = input();
      const sponsor = broken.sponsors[0] as { id: string; url: string };
      sponsor.url = "http://insecure.example";
      expect(problemsOf(broken)).toContainEqual(expect.stringMatching(new RegExp(`^sponsors "${sponsor.id}" url: `)));
      (broken.event as { date: string }).date = "16 April";
      expect(problemsOf(broken)).toContainEqual(expect.stringMatching(/^event\.date: /));
    });

    it("takes a session's recording as an http(s) URL and refuses any other, saying what it must be", () => {
      const copy = input();
      const slot = copy.agenda[0]!;
      slot.recording = "http://video.example.org/v/opening";
      expect(problemsOf(copy)).toEqual([]);
      for (const url of ["javascript:alert(1)", "ftp://video.example.org/opening.mp4", "opening.mp4"]) {
        slot.recording = url;
        expect(problemsOf(copy)).toEqual([
          `agenda "${slot.id}" recording: recordings are http(s) URLs, such as a video page`,
        ]);
      }
    });

    it("fills {name}, {date} and {edition} in the event's texts and links from the edition", () => {
      const copy = input();
      const event = copy.event as Record<string, unknown> & { links: Record<string, string> };
      event.name = "GLOSAIC 2031";
      event.date = "2031-05-07";
      // The date is written in the edition's language: English here, whatever the edition under test speaks.
      event.locale = "en";
      // One day; an edition of several says its span (below).
      delete event.endDate;
      event.description = "{name} streams on {date}.";
      event.links.register = "https://forms.example.com/{edition}/register";
      const { input: filled, problems } = fillPlaceholders(copy, "glosaic-2031");
      expect(problems).toEqual([]);
      const result = filled.event as typeof event;
      expect(result.description).toBe("GLOSAIC 2031 streams on May 7, 2031.");
      expect(result.links.register).toBe("https://forms.example.com/glosaic-2031/register");
      expect(result.name).toBe("GLOSAIC 2031");
      event.endDate = "2031-05-09";
      expect((fillPlaceholders(copy, "glosaic-2031").input.event as typeof event).description).toBe(
        "GLOSAIC 2031 streams on May 7–9, 2031.",
      );
    });

    it("names an unknown placeholder and the field that holds it", () => {
      const broken = input();
      (broken.event as { conclusion: { message: string } }).conclusion.message = "Thanks for {year}!";
      expect(problemsOf(broken)).toContainEqual(
        "event conclusion message: {year} is not a placeholder (use {name}, {date}, {edition})",
      );
    });
  });
});
