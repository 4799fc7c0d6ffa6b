import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { zonedIso } from "../common/time";
import { readEditionInput, sectionFiles } from "../content/editions";
import type { EditionInput } from "../content/schema";
import { validateEdition } from "../content/validate";
import { importSchedule } from "./schedule-import";
import { blackHole, scheduleFile, tempFolder } from "./schedule-test-support";
import { largeSchedule, type GeneratedSchedule, type GeneratedSession } from "./test-support/large-schedule";

// Two imports of 1,100 sessions and 1,200 speakers, each written, formatted and validated: tens of seconds on a busy
// machine. The limit stops a hang, not slowness (npm run bench:import measures the time).
vi.setConfig({ testTimeout: 240_000 });

/**
 * A programme of FOSDEM's size (the generator's tidy default), its avatars on a server that never answers: the
 * import writes it whole, and a re-import of a changed export keeps, at that size, what the organiser added by hand.
 */

const sessionsOf = (schedule: GeneratedSchedule) =>
  schedule.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat());
const personsOf = (sessions: GeneratedSession[]) =>
  new Map(sessions.flatMap((s) => s.persons.map((person) => [person.guid, person] as const)));

describe("A programme of FOSDEM's size", () => {
  it("imports whole with no network, and a changed export keeps what was added by hand", async () => {
    const file = largeSchedule({ avatars: `${(await blackHole()).origin}/avatars/` });
    const sessions = sessionsOf(file);
    const { conference } = file.schedule;
    const root = tempFolder("root");
    // One avatar's wait shortened so that the test does not wait 15 s for the server that never answers.
    const avatarTimeouts = { eachMs: 1_000, allMs: 60_000 };

    const first = await importSchedule({ source: scheduleFile(file), root, avatarTimeouts });
    const id = first.editionId;
    const dir = path.join(root, id);
    const read = () => readEditionInput(id, root);
    expect(first).toMatchObject({
      sessions: sessions.length,
      days: conference.days.length,
      rooms: conference.rooms?.length,
      speakers: personsOf(sessions).size,
      portraits: { downloaded: 0, initials: personsOf(sessions).size },
    });
    expect(first.notes.filter((note) => note.startsWith("Avatars"))).toHaveLength(1);
    const imported = validateEdition(read(), id);
    expect(imported.agenda).toHaveLength(sessions.length);
    expect(imported.rooms).toHaveLength(conference.rooms?.length ?? 0);
    expect(imported.speakers).toHaveLength(personsOf(sessions).size);

    // The organiser's hand: a biography for a speaker the file gives none, highlights on a talk, and a session of
    // their own (no guid) early in the morning, before anything of the file's.
    const edited = read();
    const write = (section: keyof EditionInput, value: unknown) => {
      writeFileSync(path.join(dir, sectionFiles[section]), JSON.stringify(value, null, 2));
    };
    const withoutBio = sessions.flatMap((s) => s.persons).find((person) => person.biography === null);
    const bioSpeaker = edited.speakers.find((speaker) => speaker.name === withoutBio?.name);
    expect(bioSpeaker?.bio).toBeUndefined();
    if (bioSpeaker) bioSpeaker.bio = "Written by hand.";
    const highlighted = edited.talks[0];
    if (highlighted) highlighted.highlights = ["Picked by hand"];
    const firstSlot = edited.agenda[0];
    const handSlot = {
      id: "early-meetup",
      start: zonedIso(
        new Date(Date.parse(firstSlot?.start ?? "") - 180 * 60_000).toISOString(),
        conference.time_zone_name,
      ),
      end: zonedIso(
        new Date(Date.parse(firstSlot?.start ?? "") - 150 * 60_000).toISOString(),
        conference.time_zone_name,
      ),
      type: "Meetup",
      title: "Early meetup",
      room: firstSlot?.room,
      speakerIds: [],
    };
    write("speakers", edited.speakers);
    write("talks", edited.talks);
    write("agenda", [handSlot, ...edited.agenda]);
    validateEdition(read(), id);

    // The newer export: three sessions moved two hours earlier (before their room's first), three retitled, three
    // gone, and a new one at 08:00 in another room.
    const next = structuredClone(file);
    const nextSessions = sessionsOf(next);
    const firstsOfRooms = [...new Set(nextSessions.map((s) => s.room))].map((room) => {
      const found = nextSessions.find((s) => s.room === room && s.start === "09:00");
      if (!found) throw new Error("every room's day starts at 09:00");
      return found;
    });
    const moved = firstsOfRooms.slice(1, 4).map((s) => {
      s.date = zonedIso(new Date(Date.parse(s.date) - 120 * 60_000).toISOString(), conference.time_zone_name);
      s.start = "07:00";
      return s;
    });
    const retitled = nextSessions.slice(100, 103).map((s) => {
      s.title = `${s.title} (retitled)`;
      return s;
    });
    const gone = nextSessions.slice(-3);
    for (const day of next.schedule.conference.days) {
      for (const [room, list] of Object.entries(day.rooms)) day.rooms[room] = list.filter((s) => !gone.includes(s));
    }
    const before = firstsOfRooms[4];
    if (!before) throw new Error("the programme has 35 rooms");
    const added: GeneratedSession = {
      ...before,
      guid: "0f1e2d3c-4b5a-5968-8776-a5b4c3d2e1f0",
      id: 99_999,
      code: "NEWONE",
      slug: "largeconf-2031-99999-a-new-session",
      url: "https://pretalx.example.org/largeconf-2031/talk/NEWONE/",
      title: "A new session",
      date: zonedIso(new Date(Date.parse(before.date) - 60 * 60_000).toISOString(), conference.time_zone_name),
      start: "08:00",
      duration: "00:30",
      persons: [
        {
          code: "NEWPER",
          guid: "1e2d3c4b-5a69-5877-96a5-b4c3d2e1f00f",
          name: "Nova Nowak",
          public_name: "Nova Nowak",
          biography: "New here.",
        },
      ],
    };
    next.schedule.conference.days[0]?.rooms[before.room]?.unshift(added);

    const second = await importSchedule({ source: scheduleFile(next), root, avatarTimeouts });
    expect(second.created).toBe(false);
    const updated = validateEdition(read(), id);
    expect(updated.agenda).toHaveLength(sessions.length - gone.length + 1 + 1);
    for (const s of moved) {
      expect(Date.parse(updated.agenda.find((slot) => slot.guid === s.guid)?.start ?? "")).toBe(Date.parse(s.date));
    }
    for (const s of retitled) expect(updated.agenda.find((slot) => slot.guid === s.guid)?.title).toBe(s.title);
    for (const s of gone) expect(updated.agenda.find((slot) => slot.guid === s.guid)).toBeUndefined();
    expect(updated.agenda.find((slot) => slot.guid === added.guid)?.title).toBe(added.title);
    expect(updated.speakers.find((speaker) => speaker.name === "Nova Nowak")?.bio).toBe("New here.");
    // What the hand added stays.
    expect(updated.agenda.find((slot) => slot.id === handSlot.id)).toMatchObject(handSlot);
    expect(updated.speakers.find((speaker) => speaker.id === bioSpeaker?.id)?.bio).toBe("Written by hand.");
    expect(updated.talks.find((talk) => talk.id === highlighted?.id)?.highlights).toEqual(["Picked by hand"]);
    // Every speaker kept the portrait drawn at the first import: the avatars' host still does not answer.
    expect(updated.speakers.every((speaker) => speaker.portrait === `/portraits/${speaker.id}.svg`)).toBe(true);
  });
});
