import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition.ts";
import { compactProgramme } from "./programme.ts";

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

  it("leaves out what none of its readers shows: abstracts, biographies, GUIDs, languages, tracks", () => {
    const text = JSON.stringify(programme);
    for (const key of ["bio", "abstract", "guid", "language", "track", "speakerIds", "talkId", "hostId"]) {
      expect(text).not.toContain(`"${key}"`);
    }
  });
});
