import { describe, expect, it } from "vitest";
import { editionsOfReferenceShape } from "../../tests/every-edition";
import * as m from "../i18n/messages";
import { minutesBefore } from "../../common/time";
import {
  joinTimeOf,
  participantsText,
  roleOf,
  sentenceList,
  sessionsOf,
  speakersWithSessions,
} from "./speaker-schedule";

describe.each(editionsOfReferenceShape)("Speakers' schedules in $id", ({ edition }) => {
  /*
   * Expected values come from the edition's agenda and backstage, read directly, and the spec's rules: a speaker
   * joins 5 minutes before their first session, the moderator who opens the day 15. The reference edition's people
   * and times, word for word, are in speaker-schedule.reference.test.ts.
   */
  const onStream = (id: string) => edition.agenda.filter((slot) => slot.hostId === id || slot.speakerIds.includes(id));
  const backstageOf = (id: string) => edition.backstage.filter((session) => session.participantIds.includes(id));
  /** Everything a speaker is in, on stream and backstage, in time order. */
  const everything = (id: string) =>
    [...backstageOf(id), ...onStream(id)].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const nameOf = (id: string) => edition.speakers.find((speaker) => speaker.id === id)?.name;

  function speakerWhere(what: string, ids: (string | undefined)[]): string {
    const id = ids.find((candidate) => candidate !== undefined);
    if (!id) throw new Error(`the edition has no ${what}`);
    return id;
  }

  const opening = edition.agenda[0]!;
  const openingHost = speakerWhere("moderator opening the day", [opening.hostId]);
  const panel = edition.agenda.find((slot) => slot.type === "Panel" && slot.hostId && slot.speakerIds.length > 1);
  const panellist = speakerWhere("panellist on a moderated panel", panel?.speakerIds ?? []);
  const greenRoomSpeaker = speakerWhere(
    "speaker who starts in the green room",
    edition.backstage
      .flatMap((session) => session.participantIds)
      .filter((id) => onStream(id).length > 0 && everything(id)[0]?.type === "Green room"),
  );

  describe("When speakers join the stream", () => {
    it("has the moderator who opens the day join 15 minutes before it", () => {
      expect(joinTimeOf(edition, openingHost)).toBe(minutesBefore(opening.start, 15));
    });

    it("has everyone else join 5 minutes before their first session, green room included", () => {
      const others = speakersWithSessions(edition).filter((speaker) => speaker.id !== openingHost);
      expect(others.length).toBeGreaterThan(0);
      for (const { id } of others) {
        expect(joinTimeOf(edition, id), id).toBe(minutesBefore(everything(id)[0]!.start, 5));
      }
      expect(joinTimeOf(edition, greenRoomSpeaker)).toBe(minutesBefore(backstageOf(greenRoomSpeaker)[0]!.start, 5));
    });

    it("has no join time for someone without a session", () => {
      expect(joinTimeOf(edition, "nobody")).toBeUndefined();
    });
  });

  describe("A speaker's sessions", () => {
    it("lists the moderator's sessions in order, each with its other participants", () => {
      const sessions = sessionsOf(edition, openingHost);
      const expected = everything(openingHost);
      expect(sessions.map((s) => [s.id, s.type])).toEqual(expected.map((s) => [s.id, s.type]));
      expected.forEach((session, index) => {
        const people = "participantIds" in session ? session.participantIds : [session.hostId, ...session.speakerIds];
        const others = new Set(people.filter((id) => id !== undefined && id !== openingHost));
        expect(new Set(sessions[index]?.others.map((other) => other.id)), session.id).toEqual(others);
      });
    });

    it("puts the green room before the session on stream for a speaker who starts backstage", () => {
      expect(sessionsOf(edition, greenRoomSpeaker).map((s) => s.type)).toEqual([
        "Green room",
        ...onStream(greenRoomSpeaker).map((s) => s.type),
      ]);
    });

    it("names the moderator apart from fellow speakers, and never the speaker themselves", () => {
      const fellows = panel!.speakerIds.filter((id) => id !== panellist).map((id) => nameOf(id)!);
      const onPanel = sessionsOf(edition, panellist).find((s) => s.id === panel!.id);
      expect(onPanel?.host?.name).toBe(nameOf(panel!.hostId!));
      expect(participantsText(onPanel!)).toBe(
        sentenceList([m.speakerModeratorMark({ name: nameOf(panel!.hostId!)! }), ...fellows]),
      );
      const hosted = sessionsOf(edition, panel!.hostId!).find((s) => s.id === panel!.id);
      expect(hosted?.host).toBeUndefined();
      expect(participantsText(hosted!)).toBe(sentenceList(panel!.speakerIds.map((id) => nameOf(id)!)));
    });

    it("writes names as a sentence of the edition's language reads them", () => {
      expect(sentenceList([])).toBe("");
      expect(sentenceList(["Ada"])).toBe("Ada");
      const names = ["Ada", "Ben", "Cy"];
      expect(sentenceList(names)).toMatch(/^Ada\b.+\bBen\b.+\bCy$/);
      // English as the spec writes it is pinned in speaker-schedule.reference.test.ts; other languages are Intl's.
      if (!m.writesAsSpec) {
        expect(sentenceList(names)).toBe(new Intl.ListFormat(m.locale, { type: "conjunction" }).format(names));
      }
    });

    it("labels moderators, who host a session, and speakers, who do not", () => {
      expect(roleOf(edition, openingHost)).toBe(m.speakerRoleModerator);
      expect(roleOf(edition, panellist)).toBe(m.speakerRoleSpeaker);
      for (const { id } of speakersWithSessions(edition)) {
        expect(roleOf(edition, id), id).toBe(
          edition.agenda.some((slot) => slot.hostId === id) ? m.speakerRoleModerator : m.speakerRoleSpeaker,
        );
      }
    });

    it("gives a page to everyone with a session and to nobody without one", () => {
      const withPages = speakersWithSessions(edition).map((s) => s.id);
      expect(withPages).toEqual(edition.speakers.filter((s) => everything(s.id).length > 0).map((s) => s.id));
      expect(withPages).toContain(openingHost);
      const presentersOnly = edition.demos.map((demo) => demo.presenterId).filter((id) => everything(id).length === 0);
      for (const id of presentersOnly) expect(withPages).not.toContain(id);
    });
  });
});
