import { describe, expect, it } from "vitest";
import { edition } from "../content";
import { schedulePaths } from "../common/schedule-paths";
import { scheduleFiles, scheduleJson, scheduleModel } from "./schedule-export";

/**
 * The reference edition's programme export, with the spec's day and sessions. schedule-export.test.ts validates the
 * export of any edition against the schemas. GUIDs are UUID v5 of https://glosaic.example/sessions/<id>, as Python's
 * uuid.uuid5(uuid.NAMESPACE_URL, ...) gives them.
 */
const json = scheduleJson(scheduleModel(edition));
const conference = json.schedule.conference;
const sessions = conference.days.flatMap((day) => Object.values(day.rooms).flat());

describe("The reference edition's schedule export", () => {
  it("names GLOSAIC 2025 with the acronym glosaic, on 16 April 2025 in New York's zone, in five-minute slots", () => {
    expect(conference).toMatchObject({
      acronym: "glosaic",
      title: "GLOSAIC 2025",
      start: "2025-04-16",
      end: "2025-04-16",
      daysCount: 1,
      time_zone_name: "America/New_York",
      timeslot_duration: "00:05",
      url: "https://glosaic.example/",
    });
    expect(conference.days[0]).toMatchObject({
      day_start: "2025-04-16T10:00:00-04:00",
      day_end: "2025-04-16T15:35:00-04:00",
    });
    expect(conference.rooms.map((room) => room.name)).toEqual(["Glosaic livestream"]);
  });

  it("holds the 24 sessions, the opening panel first with its moderator and three panellists", () => {
    expect(sessions).toHaveLength(24);
    expect(sessions[0]).toMatchObject({
      guid: "d833da66-1c5d-515d-bf6a-247d3cd858c1",
      date: "2025-04-16T10:00:00-04:00",
      start: "10:00",
      duration: "00:30",
      slug: "glosaic-opening-panel",
      title: "Panel Discussion on AI and ML",
      type: "Panel",
      url: "https://glosaic.example/agenda",
    });
    expect(sessions[0]?.persons.map((person) => person.name)).toEqual([
      "Adaeze Fontaine",
      "Leilani Kealoha",
      "Rustam Nazarov",
      "Ingrid Solberg",
    ]);
  });

  it("links the Nomic talk to its page and its recording, with its description and the same GUID as its calendar file", () => {
    expect(sessions[1]).toMatchObject({
      guid: "cead56fc-5429-5148-a3ac-d0d4d3e076f9",
      start: "10:30",
      duration: "00:15",
      url: "https://glosaic.example/nomic",
      persons: [
        expect.objectContaining({ name: "Yuki Morimoto", url: "https://glosaic.example/speakers/yuki-morimoto" }),
      ],
    });
    expect(sessions[1]?.abstract).toContain("interactive maps");
    expect(sessions[1]?.links).toContainEqual({
      type: "media",
      title: "Recording",
      url: "https://stream.example.com/glosaic-2025/recordings/talk-nomic",
    });
  });

  it("ends with the last session at 3:30pm ET, five minutes long", () => {
    expect(sessions.at(-1)).toMatchObject({ start: "15:30", duration: "00:05" });
  });

  it("tells the build log that the wordmark was lowercased for the acronym", () => {
    expect(scheduleFiles(edition, schedulePaths).notes).toEqual(['acronym "glosaic" from "GLOSAIC": lowercased']);
  });
});
