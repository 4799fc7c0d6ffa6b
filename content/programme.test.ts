import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition.ts";
import { compactProgramme, stageSessions } from "./programme.ts";

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

  it("leaves out what none of its readers shows: abstracts, biographies, GUIDs, languages, tracks, recordings", () => {
    const text = JSON.stringify(programme);
    for (const key of ["bio", "abstract", "guid", "language", "track", "recording", "speakerIds", "talkId"]) {
      expect(text).not.toContain(`"${key}"`);
    }
  });

  it("gives each stage its own sessions, with their recordings and speakers' names: a room's, or all for one stream", () => {
    const stages = edition.rooms.length > 0 ? edition.rooms.map((room) => room.id) : [undefined];
    for (const room of stages) {
      const sessions = stageSessions(edition, room);
      const slots = edition.agenda.filter((slot) => room === undefined || slot.room === room);
      expect(sessions.map((session) => session.id)).toEqual(slots.map((slot) => slot.id));
      expect(sessions.map((session) => session.recording)).toEqual(slots.map((slot) => slot.recording));
      // toEqual takes a property set to undefined for one left out.
      expect(sessions.map((session) => ({ ...session, speakers: undefined, recording: undefined }))).toEqual(
        programme.sessions
          .filter((session) => room === undefined || session.room === room)
          .map((session) => ({ ...session, speakers: undefined })),
      );
      expect(sessions.map((session) => session.speakers)).toEqual(
        programme.sessions
          .filter((session) => room === undefined || session.room === room)
          .map((session) => session.speakers.map(({ name }) => ({ name }))),
      );
    }
  });
});
