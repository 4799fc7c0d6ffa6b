import * as m from "../i18n/messages";
import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { idleStage, stageOfSession, type ShowState, type StageShow } from "../../common/show-contract";
import { editionPhase, formatTimeLeft, liveDay, liveStatus, roomsLive } from "./on-air";
import { sessionOnAir } from "./overlay";
import { stageStatus } from "./stage";
import { movedInstant, movedSessions, onStageSession, showProgramme, stageShow } from "./show-schedule";
import { programmeDays } from "../../common/programme-days";

const minute = 60_000;
const later = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * minute);

/** A show with one stage touched. */
const showWith = (stage: string, change: Partial<StageShow>): ShowState => ({
  stages: { [stage]: { ...idleStage, ...change } },
  announcement: null,
});

describe("A moved instant", () => {
  it("keeps the offset it was written with, across midnight too", () => {
    expect(movedInstant("2031-05-07T10:00:00+02:00", 10)).toBe("2031-05-07T10:10:00+02:00");
    expect(movedInstant("2031-05-07T23:55:00-07:00", 10)).toBe("2031-05-08T00:05:00-07:00");
    expect(movedInstant("2031-05-07T10:00:00+05:30", -45)).toBe("2031-05-07T09:15:00+05:30");
    expect(movedInstant("2031-05-07T08:00:00.000Z", 90)).toBe("2031-05-07T09:30:00Z");
  });
});

describe.each(everyEdition)("The programme as the show runs it in $id", ({ edition, onAirSpans }) => {
  // Expected values come from the edition under test: a stage with at least three sessions on one day, and the
  // delay from its second, so that one session of that day stays as printed.
  const days = programmeDays(edition.agenda, edition.event.timeZone);
  const stages = [...new Set(edition.agenda.map(stageOfSession))];
  const { stage, day } = stages
    .flatMap((stage) =>
      days.map((day) => ({ stage, day: day.sessions.filter((session) => stageOfSession(session) === stage) })),
    )
    .find(({ day }) => day.length >= 3)!;
  const [before, from, after] = day as [(typeof day)[0], (typeof day)[0], (typeof day)[0]];
  const room = from.room;

  it("moves the session the delay is from and every later one of its stage that day, by the delay", () => {
    const moved = movedSessions(
      edition.agenda,
      onAirSpans,
      showWith(stage, { delayMinutes: 10, delayFrom: from.id }).stages,
    );
    const expected = day.filter((session) => Date.parse(session.start) >= Date.parse(from.start));
    expect([...moved.keys()].sort()).toEqual(expected.map((session) => session.id).sort());
    expect([...moved.values()].every((minutes) => minutes === 10)).toBe(true);
    expect(moved.has(before.id)).toBe(false);
    // Another stage's sessions and another day's stay as printed.
    const others = edition.agenda.filter((session) => !day.includes(session));
    expect(others.some((session) => moved.has(session.id))).toBe(false);
  });

  it("leaves the programme as it is while on time, or for a session the stage does not have", () => {
    const programme = { sessions: edition.agenda, spans: onAirSpans };
    expect(showProgramme(edition.agenda, onAirSpans, undefined)).toEqual(programme);
    const onTime = showProgramme(edition.agenda, onAirSpans, showWith(stage, { delayFrom: null }));
    expect(onTime.sessions).toBe(edition.agenda);
    const unknown = showProgramme(edition.agenda, onAirSpans, showWith(stage, { delayMinutes: 5, delayFrom: "none" }));
    expect(unknown.sessions).toBe(edition.agenda);
  });

  it("moves a session's start and end, says by how much, and keeps the day on air until its last session ends", () => {
    const last = day.at(-1)!;
    const shown = showProgramme(edition.agenda, onAirSpans, showWith(stage, { delayMinutes: 10, delayFrom: from.id }));
    const moved = shown.sessions.find((session) => session.id === last.id)!;
    expect(Date.parse(moved.start)).toBe(later(last.start, 10).getTime());
    expect(Date.parse(moved.end)).toBe(later(last.end, 10).getTime());
    expect(moved.moved).toBe(10);
    expect(shown.sessions.find((session) => session.id === before.id)).toBe(before);
    // The day stays on air until its last session ends as moved, past its printed end when that is later.
    const index = onAirSpans.findIndex(
      (span) => Date.parse(span.start) <= Date.parse(from.start) && Date.parse(from.start) < Date.parse(span.end),
    );
    const printed = onAirSpans[index]!;
    const end = Math.max(Date.parse(printed.end), later(last.end, 10).getTime());
    expect(Date.parse(shown.spans[index]!.end)).toBe(end);
    expect(editionPhase(new Date(end - 1000), shown.spans)).toBe("live");
    if (end > Date.parse(printed.end)) expect(editionPhase(new Date(end - 1000), onAirSpans)).not.toBe("live");
    expect(shown.spans).toHaveLength(onAirSpans.length);
  });

  it("keeps the session on stage past its printed end, and brings the next back once undone", () => {
    const shown = showProgramme(edition.agenda, onAirSpans, showWith(stage, { delayMinutes: 10, delayFrom: from.id }));
    const moment = later(from.end, 5);
    const printed = stageStatus(moment, onAirSpans, day, room);
    expect(printed?.current?.session.id).not.toBe(from.id);
    const status = stageStatus(moment, shown.spans, shown.sessions, room);
    expect(status?.current?.session.id).toBe(from.id);
    expect(status?.current?.timeLeft).toBe(formatTimeLeft(5 * 60));
    expect(status?.next?.id).toBe(after.id);
    expect(sessionOnAir(moment, shown.sessions, room)?.id).toBe(from.id);
    expect(sessionOnAir(moment, edition.agenda, room)?.id).toBe(printed?.current?.session.id);
    // The strip's day and rooms, from the same programme.
    const liveDays = programmeDays(shown.sessions, edition.event.timeZone).map((each) => each.sessions);
    const live = liveDay(moment, liveDays)!;
    const strip = room === undefined ? liveStatus(moment, live) : roomsLive(moment, live, [{ id: room }])[0];
    expect(strip?.current?.session.id).toBe(from.id);
  });

  it("marks a session moved early as such", () => {
    const shown = showProgramme(edition.agenda, onAirSpans, showWith(stage, { delayMinutes: -5, delayFrom: from.id }));
    const moved = shown.sessions.find((session) => session.id === from.id)!;
    expect(moved.moved).toBe(-5);
    expect(Date.parse(moved.start)).toBe(later(from.start, -5).getTime());
  });

  describe("A session on stage by hand", () => {
    const onStage = stageShow(showWith(stage, { onStage: after.id }), stage);

    it("is on air whatever the clock says, with the stage's next session after it", () => {
      const session = onStageSession(edition.agenda, onStage);
      expect(session?.id).toBe(after.id);
      const status = stageStatus(new Date(before.start), onAirSpans, day, room, session);
      expect(status?.current?.session.id).toBe(after.id);
      const next = day.find((each) => Date.parse(each.start) > Date.parse(after.start));
      expect(status?.next?.id).toBe(next?.id);
      expect(sessionOnAir(new Date(before.start), edition.agenda, room, after.id)?.id).toBe(after.id);
      // On stage, a session the overlay leaves out (a break, for the lower third) leaves it empty, clock or not.
      const others = edition.agenda.filter((each) => each.id !== after.id);
      expect(sessionOnAir(new Date(after.start), others, room, after.id)).toBeNull();
      const strip = roomsLive(new Date(before.start), day, [{ id: "stage" }], () => session);
      expect(strip[0]?.current?.session.id).toBe(after.id);
    });

    it("has all its time left before its start, and is ending once past its end", () => {
      const session = onStageSession(edition.agenda, onStage)!;
      const early = liveStatus(later(session.start, -30), day, session);
      expect(early?.current?.progress).toBe(0);
      const length = (Date.parse(session.end) - Date.parse(session.start)) / 1000;
      expect(early?.current?.timeLeft).toBe(formatTimeLeft(length));
      const late = liveStatus(later(session.end, 30), day, session);
      expect(late?.current?.progress).toBe(100);
      expect(late?.current?.timeLeft).toBe(m.endingNow);
    });

    it("is the clock's again once handed back", () => {
      expect(onStageSession(edition.agenda, idleStage)).toBeNull();
      expect(stageShow(undefined, stage)).toEqual(idleStage);
    });
  });
});
