import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { formatClock } from "./time-in-edition-language";
import {
  joinTimeOf,
  participantsText,
  roleOf,
  sentenceList,
  sessionsOf,
  speakersWithSessions,
} from "./speaker-schedule";

/**
 * The reference edition's speakers as the spec gives them: the moderator's seven sessions, the join times it states
 * in Eastern Time, and its people by name. speaker-schedule.test.ts checks the same rules on any edition.
 */
const ny = edition.event.timeZone;
const briefingFor = (badges: string[]) => {
  const briefing = edition.briefings.find(
    (b) =>
      b.path.startsWith("/speakers/") && b.badges.join() === badges.join() && sessionsOf(edition, b.speakerId).length,
  );
  if (!briefing) throw new Error(`no briefing with badges ${badges.join()}`);
  return briefing;
};
const joinClock = (speakerId: string) => {
  const join = joinTimeOf(edition, speakerId);
  return join && formatClock(join, ny);
};

describe("When speakers join the stream", () => {
  it("has the moderator who opens the day join 15 minutes early, at 9:45am", () => {
    expect(joinClock(briefingFor(["Moderator", "Host"]).speakerId)).toBe("9:45am");
  });

  it("has everyone else join 5 minutes before their first session, giving the spec's stated times", () => {
    const panel = edition.briefings.filter((b) => b.badges.join() === "Speaker,Panel");
    const joins = panel.map((b) => joinClock(b.speakerId)).sort();
    expect(joins).toEqual(["9:40am", "9:55am"]);
    expect(joinClock(briefingFor(["Speaker", "Demo"]).speakerId)).toBe("12:30pm");
    expect(
      joinClock(
        edition.briefings.find((b) => b.slug !== "test-speaker" && b.badges.join() === "Speaker,Talk")!.speakerId,
      ),
    ).toBe("12:15pm");
  });
});

describe("A speaker's sessions", () => {
  it("lists the moderator's seven sessions in order, each with its other participants", () => {
    const sessions = sessionsOf(edition, briefingFor(["Moderator", "Host"]).speakerId);
    expect(sessions).toHaveLength(7);
    expect(sessions.map((s) => s.type)).toEqual(["Panel", "Q&A", "Q&A", "Q&A", "Q&A", "Q&A", "Q&A"]);
    expect(sessions[0]?.others).toHaveLength(3);
  });

  it("puts the green room before the panel for the panellist who joins at 9:40am", () => {
    const panellist = edition.briefings.find(
      (b) => b.badges.join() === "Speaker,Panel" && sessionsOf(edition, b.speakerId).length === 2,
    )!;
    expect(sessionsOf(edition, panellist.speakerId).map((s) => s.type)).toEqual(["Green room", "Panel"]);
  });

  it("names the moderator apart from fellow speakers, and never the speaker themselves", () => {
    const [panel] = sessionsOf(edition, "leilani-kealoha");
    expect(panel?.host?.name).toBe("Adaeze Fontaine");
    expect(participantsText(panel!)).toBe("Adaeze Fontaine (moderator), Rustam Nazarov and Ingrid Solberg");
    const [hosted] = sessionsOf(edition, "adaeze-fontaine");
    expect(hosted?.host).toBeUndefined();
    expect(participantsText(hosted!)).toBe("Leilani Kealoha, Rustam Nazarov and Ingrid Solberg");
  });

  it("writes names as the spec's sentences read them, with no comma before the last", () => {
    expect(sentenceList(["Ada", "Ben"])).toBe("Ada and Ben");
    expect(sentenceList(["Ada", "Ben", "Cy"])).toBe("Ada, Ben and Cy");
  });

  it("labels moderators and speakers", () => {
    expect(roleOf(edition, briefingFor(["Moderator", "Host"]).speakerId)).toBe("Moderator");
    expect(roleOf(edition, briefingFor(["Speaker", "Demo"]).speakerId)).toBe("Speaker");
  });

  it("gives a page to everyone with a session and to nobody without one", () => {
    const withPages = speakersWithSessions(edition).map((s) => s.id);
    const presentersOnly = edition.demos
      .map((demo) => demo.presenterId)
      .filter((id) => sessionsOf(edition, id).length === 0);
    expect(withPages.length).toBeGreaterThanOrEqual(25);
    for (const id of presentersOnly) expect(withPages).not.toContain(id);
  });
});
