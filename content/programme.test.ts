import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition.ts";
import { searchKey } from "../common/search-text.ts";
import { compactProgramme, programmeSearch } from "./programme.ts";

describe.each(everyEdition)("The compact programme of $id", ({ edition }) => {
  const programme = compactProgramme(edition);
  const speakers = new Map(edition.speakers.map((speaker) => [speaker.id, speaker]));
  const paths = new Map(edition.talks.map((talk) => [talk.id, talk.path]));

  it("has the rooms, by id and name, in the edition's order", () => {
    expect(programme.rooms).toEqual(edition.rooms.map((room) => ({ id: room.id, name: room.name })));
  });

  it("has every agenda slot in the agenda's order, with its times, type, room, page and speakers' names", () => {
    expect(programme.sessions.map((session) => session.id)).toEqual(edition.agenda.map((slot) => slot.id));
    programme.sessions.forEach((session, index) => {
      const slot = edition.agenda[index]!;
      expect(session).toMatchObject({ title: slot.title, start: slot.start, end: slot.end, type: slot.type });
      expect(session.room).toBe(slot.room);
      expect(session.path).toBe(slot.talkId === undefined ? undefined : paths.get(slot.talkId));
      expect(session.speakers).toEqual(
        slot.speakerIds.map((id) => {
          const speaker = speakers.get(id)!;
          return speaker.title === undefined ? { name: speaker.name } : { name: speaker.name, title: speaker.title };
        }),
      );
    });
  });

  it("has each session's moderator by name and its recording, where it has them", () => {
    programme.sessions.forEach((session, index) => {
      const slot = edition.agenda[index]!;
      expect(session.host).toBe(slot.hostId === undefined ? undefined : speakers.get(slot.hostId)!.name);
      expect(session.recording).toBe(slot.recording);
    });
  });

  it("lists the talks' pages in the catalogue's order, the line-up's", () => {
    expect(programme.talks).toEqual(edition.talks.map((talk) => talk.path));
  });

  it("has the tracks, and each session's track by slug and its language, where the edition gives them", () => {
    expect(programme.tracks).toEqual(edition.tracks.map(({ slug, name, color }) => ({ slug, name, color })));
    programme.sessions.forEach((session, index) => {
      const slot = edition.agenda[index]!;
      expect(session.track).toBe(edition.tracks.find((track) => track.name === slot.track)?.slug);
      expect(session.lang).toBe(slot.language);
    });
  });

  it("leaves out what none of its readers shows: abstracts, biographies, GUIDs", () => {
    const text = JSON.stringify(programme);
    for (const key of ["bio", "abstract", "guid", "language", "speakerIds", "talkId", "hostId"]) {
      expect(text).not.toContain(`"${key}"`);
    }
  });
});

describe.each(everyEdition)("The search file of $id", ({ edition }) => {
  const search = programmeSearch(edition);

  it("has, for each session with a page, every word of its abstract and description, folded, once", () => {
    const withPage = edition.agenda.filter((slot) => slot.talkId !== undefined);
    expect(Object.keys(search)).toEqual(withPage.map((slot) => slot.id));
    for (const slot of withPage) {
      const talk = edition.talks.find((each) => each.id === slot.talkId)!;
      const words = searchKey(`${talk.abstract ?? ""} ${talk.description}`).split(" ");
      expect(new Set(search[slot.id]!.split(" "))).toEqual(new Set(words));
      expect(search[slot.id]!.split(" ")).toHaveLength(new Set(words).size);
    }
  });
});
