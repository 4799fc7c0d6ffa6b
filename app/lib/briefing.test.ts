import { describe, expect, it } from "vitest";
import type { AgendaSlot, BackstageSession, Briefing, Edition } from "../../content/schema";
import { editionsOfReferenceShape } from "../../tests/every-edition";
import { briefingBadgeColour, briefingBanner, briefingView, timelineOf } from "./briefing";
import { minutesBefore, zonedDate } from "../../common/time";
import { formatClock, formatTimeRange, formatWeekdayDate } from "./time-in-edition-language";
import * as m from "../i18n/messages";

describe.each(editionsOfReferenceShape)("Briefings in $id", ({ edition }) => {
  /*
   * Every expected value here comes from the edition under test: its agenda, backstage and speakers, and the rules
   * of the spec (a speaker joins 5 minutes before their first session, the moderator who opens the day 15). The
   * reference edition's own briefings, word for word, are in briefing.reference.test.ts.
   */
  const { event } = edition;
  const eventZone = { timeZone: event.timeZone, label: event.timeZoneLabel };

  /** The speaker's briefing in the edition, or one made for them: any speaker's briefing works the same way. */
  function briefingOf(speakerId: string, from: Edition = edition): Briefing {
    return (
      from.briefings.find((b) => b.speakerId === speakerId) ?? {
        slug: speakerId,
        path: `/speakers/${speakerId}`,
        speakerId,
        badges: ["Speaker", "Talk"],
      }
    );
  }

  function view(briefing: Briefing, from: Edition = edition) {
    const result = briefingView(from, briefing);
    if (!result.found) throw new Error(`briefing ${briefing.slug} has no speaker`);
    return result;
  }

  function timeline(briefing: Briefing, zone = eventZone, from: Edition = edition) {
    const { sessions, joinTime } = view(briefing, from);
    if (!joinTime) throw new Error(`briefing ${briefing.slug} has no join time`);
    return timelineOf(sessions, joinTime, zone, event.date).map((step) => `${step.time} ${step.what}`);
  }

  /** The one speaker the edition has for a case, or an error that says what the edition lacks. */
  function speakerWhere(what: string, ids: (string | undefined)[]): string {
    const id = ids.find((candidate) => candidate !== undefined);
    if (!id) throw new Error(`the edition has no ${what}`);
    return id;
  }

  const onStream = (id: string): AgendaSlot[] =>
    edition.agenda.filter((slot) => slot.hostId === id || slot.speakerIds.includes(id));
  const backstageOf = (id: string): BackstageSession[] =>
    edition.backstage.filter((session) => session.participantIds.includes(id));
  const nameOf = (id: string) => edition.speakers.find((speaker) => speaker.id === id)?.name;

  /** "10:00 - 10:30am CEST": a session's times as the timeline writes them in the event's zone. */
  const range = (session: { start: string; end: string }) =>
    m.briefingTimeAt({ time: formatTimeRange(session.start, session.end, event.timeZone), zone: event.timeZoneLabel });
  /** "9:55am CEST join the stream (virtual green room)": the first step, `lead` minutes before `start`. */
  const joinStep = (start: string, lead: number) =>
    `${m.briefingTimeAt({ time: formatClock(minutesBefore(start, lead), event.timeZone), zone: event.timeZoneLabel })} ${m.briefingStepJoin}`;
  /** "session", or "session (first of 7)" for a speaker with more than one session on stream. */
  const sessionWord = (id: string) =>
    onStream(id).length > 1 ? m.briefingStepFirstSession({ count: onStream(id).length }) : m.briefingStepSession;

  const opening = edition.agenda[0]!;
  /** The moderator who opens the day. */
  const openingHost = speakerWhere("moderator opening the day", [opening.hostId]);
  /** A speaker (not the moderator) on a moderated panel. */
  const panellist = speakerWhere(
    "panellist on a moderated panel",
    edition.agenda.filter((slot) => slot.type === "Panel" && slot.hostId).flatMap((slot) => slot.speakerIds),
  );
  /** A speaker whose day starts backstage, in the green room, before their session on stream. */
  const greenRoomSpeaker = speakerWhere(
    "speaker who starts in the green room",
    edition.backstage
      .flatMap((session) => session.participantIds)
      .filter(
        (id) => onStream(id).length > 0 && Date.parse(backstageOf(id)[0]!.start) < Date.parse(onStream(id)[0]!.start),
      ),
  );
  /** A speaker with one session on stream and nothing backstage, who does not open the day. */
  const soloSpeaker = speakerWhere(
    "speaker with a single session and no green room",
    edition.agenda
      .flatMap((slot) => slot.speakerIds)
      .filter((id) => id !== openingHost && onStream(id).length === 1 && backstageOf(id).length === 0),
  );

  describe("The banner a briefing opens with", () => {
    const tokyo = { name: "Tokyo edition", date: "2026-10-01", timeZone: "Asia/Tokyo" };

    it("counts the days, says the spec's line the day before, and thanks afterwards", () => {
      // The edition's own event, and one in a zone whose day starts before UTC's (Asia/Tokyo, UTC+9).
      for (const event of [edition.event, tokyo]) {
        const day = 24 * 60 * 60 * 1000;
        // Noon UTC falls on the same calendar day in both zones.
        const daysFromEvent = (days: number) => new Date(Date.parse(`${event.date}T12:00:00Z`) + days * day);
        expect(briefingBanner(daysFromEvent(-10), event)).toBe(m.briefingDaysToGo({ count: 10 }));
        expect(briefingBanner(daysFromEvent(-2), event)).toBe(m.briefingDaysToGo({ count: 2 }));
        expect(briefingBanner(daysFromEvent(-1), event)).toBe(m.briefingTomorrow);
        expect(briefingBanner(daysFromEvent(0), event)).toBe(m.briefingToday);
        expect(briefingBanner(daysFromEvent(1), event)).toBe(m.briefingThanks({ event: event.name }));
      }
    });

    it("turns over at midnight in the event's zone, not in UTC", () => {
      // 23:30 on 30 September in Tokyo is 14:30 UTC; 00:30 on 1 October there is still 30 September in UTC.
      expect(briefingBanner(new Date("2026-09-30T14:30:00Z"), tokyo)).toBe(m.briefingTomorrow);
      expect(briefingBanner(new Date("2026-09-30T15:30:00Z"), tokyo)).toBe(m.briefingToday);
    });
  });

  describe("A briefing's speaker and sessions", () => {
    it("without a configuration entry shows the speaker's record and the agenda's own titles", () => {
      const { speaker, sessions } = view(briefingOf(panellist), { ...edition, briefingConfig: {} });
      const record = edition.speakers.find((s) => s.id === panellist)!;
      expect(speaker).toEqual({
        name: record.name,
        firstName: record.name.split(" ")[0],
        title: record.title,
        portrait: record.portrait,
      });
      const own = [...backstageOf(panellist), ...onStream(panellist)];
      expect(sessions.map((s) => s.title).sort()).toEqual(own.map((s) => s.title).sort());
    });

    it("takes the session title and the speaker from its '{slug}-qa' configuration entry when there is one", () => {
      const briefing = { ...briefingOf(greenRoomSpeaker), configKey: `${briefingOf(greenRoomSpeaker).slug}-qa` };
      const configured: Edition = {
        ...edition,
        briefingConfig: {
          [briefing.configKey]: {
            title: "Open models in production",
            speaker: { name: "Mara Quint", title: "Co-founder, Example Models", imgUrl: "/portraits/mara.svg" },
          },
        },
      };
      const { speaker, sessions, joinTime } = view(briefing, configured);
      expect(speaker).toEqual({
        name: "Mara Quint",
        firstName: "Mara",
        title: "Co-founder, Example Models",
        portrait: "/portraits/mara.svg",
      });
      // Sessions on stream take the entry's title; the green room keeps its own, as the audience never sees it.
      expect(sessions.map((s) => s.title)).toEqual([
        ...backstageOf(greenRoomSpeaker).map((s) => s.title),
        ...onStream(greenRoomSpeaker).map(() => "Open models in production"),
      ]);
      expect(joinTime).toBe(view(briefingOf(greenRoomSpeaker)).joinTime);
    });

    it("keeps the default speaker when the entry renames only the session", () => {
      const briefing = { ...briefingOf(soloSpeaker), configKey: "solo-qa" };
      const configured: Edition = { ...edition, briefingConfig: { "solo-qa": { title: "Renamed" } } };
      expect(view(briefing, configured).speaker.name).toBe(nameOf(soloSpeaker));
      expect(view(briefing, configured).sessions[0]?.title).toBe("Renamed");
    });

    it("names a panellist's fellow panellists and the moderator, and no panel for the moderator", () => {
      const slot = onStream(panellist).find((s) => s.type === "Panel" && s.hostId)!;
      const { panel } = view(briefingOf(panellist));
      expect(panel?.panellists.map((p) => p.name)).toEqual(
        slot.speakerIds.filter((id) => id !== panellist).map(nameOf),
      );
      expect(panel?.moderator.name).toBe(nameOf(slot.hostId!));
      expect(view(briefingOf(slot.hostId!)).panel).toBeUndefined();
    });
  });

  describe("A briefing's timeline", () => {
    it("has the moderator who opens the day join 15 minutes early, for the first of their sessions", () => {
      expect(view(briefingOf(openingHost)).sessions).toHaveLength(
        onStream(openingHost).length + backstageOf(openingHost).length,
      );
      expect(timeline(briefingOf(openingHost))).toEqual([
        joinStep(opening.start, 15),
        `${range(opening)} ${sessionWord(openingHost)}`,
      ]);
    });

    it("has a speaker with one session join 5 minutes before it", () => {
      const [session] = onStream(soloSpeaker);
      expect(view(briefingOf(soloSpeaker)).sessions).toHaveLength(1);
      expect(timeline(briefingOf(soloSpeaker))).toEqual([
        joinStep(session!.start, 5),
        `${range(session!)} ${m.briefingStepSession}`,
      ]);
    });

    it("has a speaker with the green room first join 5 minutes before it, then go on to their session", () => {
      const [greenRoom] = backstageOf(greenRoomSpeaker);
      const [first] = onStream(greenRoomSpeaker);
      expect(view(briefingOf(greenRoomSpeaker)).sessions.map((s) => s.type)).toEqual([
        "Green room",
        ...onStream(greenRoomSpeaker).map((s) => s.type),
      ]);
      expect(timeline(briefingOf(greenRoomSpeaker))).toEqual([
        joinStep(greenRoom!.start, 5),
        `${range(greenRoom!)} ${m.briefingStepGreenRoom}`,
        `${range(first!)} ${sessionWord(greenRoomSpeaker)}`,
      ]);
    });

    it("has a speaker who is only backstage (a rehearsal) join before it, which is all they have", () => {
      // A tech check before the day opens, for someone with no session on stream.
      const rehearsal: BackstageSession = {
        id: "tech-check-only",
        start: minutesBefore(opening.start, 40),
        end: minutesBefore(opening.start, 25),
        type: "Green room",
        title: "Tech check rehearsal",
        participantIds: ["rehearsal-only"],
      };
      const withRehearsal: Edition = {
        ...edition,
        speakers: [...edition.speakers, { ...edition.speakers[0]!, id: "rehearsal-only", name: "Rae Hearsal" }],
        backstage: [...edition.backstage, rehearsal],
      };
      expect(timeline(briefingOf("rehearsal-only"), eventZone, withRehearsal)).toEqual([
        joinStep(rehearsal.start, 5),
        `${range(rehearsal)} ${m.briefingStepGreenRoom}`,
      ]);
    });
  });

  describe("The timeline in a visitor's own zone", () => {
    const briefing = briefingOf(soloSpeaker);
    const { joinTime } = view(briefing);
    // UTC+14 and UTC-11 are 25 hours apart, so the event's day is another day in at least one of them.
    const faraway = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find(
      (zone) => zonedDate(new Date(joinTime!), zone) !== event.date,
    )!;

    it("writes the day beside a time that falls on another day than the event's", () => {
      const [session] = onStream(soloSpeaker);
      const at = (time: string, instant: string) =>
        zonedDate(new Date(instant), faraway) === event.date
          ? m.briefingTimeAt({ time, zone: "GMT+X" })
          : m.briefingTimeAtOn({ time, zone: "GMT+X", day: formatWeekdayDate(instant, faraway) });
      const times = timelineOf(view(briefing).sessions, joinTime!, { timeZone: faraway, label: "GMT+X" }, event.date);
      expect(times.map((step) => step.time)).toEqual([
        at(formatClock(joinTime!, faraway), joinTime!),
        at(formatTimeRange(session!.start, session!.end, faraway), session!.start),
      ]);
      // The join time, at least, is on another day there, and says which.
      expect(times[0]?.time).toContain(formatWeekdayDate(joinTime!, faraway));
    });

    it("writes no day beside the times in the event's own zone, which are all on the event's day", () => {
      for (const b of edition.briefings) {
        const result = briefingView(edition, b);
        if (!result.found || !result.joinTime) continue;
        for (const step of timelineOf(result.sessions, result.joinTime, eventZone, event.date)) {
          expect(step.time, b.slug).not.toMatch(/\(/);
        }
      }
    });
  });

  describe("A briefing whose speaker record is missing", () => {
    const briefing = briefingOf(soloSpeaker);
    const withoutSpeaker: Edition = { ...edition, speakers: edition.speakers.filter((s) => s.id !== soloSpeaker) };

    it("is 'not found', not a page about nobody", () => {
      expect(briefingView(withoutSpeaker, briefing)).toEqual({ found: false, briefing });
    });

    it("is still found when its configuration entry stands in a speaker", () => {
      const configured: Edition = {
        ...withoutSpeaker,
        briefingConfig: {
          "stand-in": { speaker: { name: "Ola Berg", title: "Engineer", imgUrl: "/portraits/o.svg" } },
        },
      };
      expect(view({ ...briefing, configKey: "stand-in" }, configured).speaker.name).toBe("Ola Berg");
    });
  });

  describe("Briefing badge colours", () => {
    it("are purple for Panel, green for the green room and blue for everything else (spec §9)", () => {
      expect(briefingBadgeColour("Panel")).toBe("purple");
      expect(briefingBadgeColour("Green room")).toBe("green");
      for (const label of ["Speaker", "Moderator", "Host", "Demo", "Talk", "Q&A", "Submitted Demo"]) {
        expect(briefingBadgeColour(label)).toBe("blue");
      }
    });
  });
});
