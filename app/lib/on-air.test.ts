import * as m from "../i18n/messages";
import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { editionPhase, formatTimeLeft, liveDay, liveStatus, nextOnAir, onAirAt, roomsLive } from "./on-air";
import { programmeDays } from "../../common/programme-days";

// Expected values come from each edition's own agenda, so these hold on any edition, and run on every edition in the
// repository and the tests' (one stream, several days, rooms side by side); on-air.reference.test.ts checks the
// spec's times on the reference edition.
const day = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
/** A session's length in seconds. */
const secondsOf = (slot: { start: string; end: string }) => (Date.parse(slot.end) - Date.parse(slot.start)) / 1000;
/** The instant `seconds` before a session ends. */
const beforeEnd = (slot: { end: string }, seconds: number) => new Date(Date.parse(slot.end) - seconds * 1000);

describe.each(everyEdition)("On air in $id", ({ edition, eventSpan, onAirSpans }) => {
  const days = programmeDays(edition.agenda, edition.event.timeZone);
  /**
   * One stream's sessions on the first day, as the strip tracks them: the whole day's without rooms, else those of
   * the first session's room.
   */
  const agenda = days[0]!.sessions.filter((slot) => slot.room === edition.agenda[0]!.room);
  const first = agenda[0]!;
  const last = agenda.at(-1)!;

  describe("Live tracking of one stream", () => {
    it("finds the first session at its first second, with all of its time left", () => {
      const status = liveStatus(new Date(first.start), agenda);
      expect(status?.current?.session.id).toBe(first.id);
      expect(status?.current?.progress).toBe(0);
      expect(status?.current?.timeLeft).toBe(formatTimeLeft(secondsOf(first)));
      expect(status?.next?.id).toBe(agenda[1]?.id);
    });

    it("reads an instant given in UTC against the schedule in the edition's zone", () => {
      // A quarter of the way through the first session, written in UTC ("...Z"), not in the zone's offset.
      const quarter = new Date(Date.parse(first.start) + (secondsOf(first) * 1000) / 4).toISOString();
      expect(quarter).toMatch(/Z$/);
      const status = liveStatus(new Date(quarter), agenda);
      expect(status?.current?.session.id).toBe(first.id);
      expect(status?.current?.timeLeft).toBe(formatTimeLeft(Math.floor((secondsOf(first) * 3) / 4)));
      expect(status?.current?.progress).toBe(25);
    });

    it("switches to m:ss down to one minute, then to seconds", () => {
      expect(liveStatus(beforeEnd(first, 60), agenda)?.current?.timeLeft).toBe(m.timeLeft({ time: "1:00" }));
      expect(liveStatus(beforeEnd(first, 59), agenda)?.current?.timeLeft).toBe(m.timeLeftSeconds({ seconds: 59 }));
    });

    it("shows the last second of a session, then says it is ending", () => {
      expect(liveStatus(beforeEnd(first, 1), agenda)?.current?.timeLeft).toBe(m.timeLeftSeconds({ seconds: 1 }));
      const ending = liveStatus(beforeEnd(first, 0.5), agenda);
      expect(ending?.current?.session.id).toBe(first.id);
      expect(ending?.current?.timeLeft).toBe(m.endingNow);
    });

    it("hands over at the instant one session ends: to the next where it starts then, else to nobody until it does", () => {
      // The first two sessions in a row with no pause between them, where the stream has them (a generated or
      // imported room may leave a pause between every two).
      const backToBack = agenda.findIndex((slot, i) => Date.parse(slot.end) === Date.parse(agenda[i + 1]?.start ?? ""));
      const index = Math.max(0, backToBack);
      const [ending, following] = [agenda[index], agenda[index + 1]];
      if (!ending || !following) throw new Error("the stream's first day has two sessions");
      const status = liveStatus(new Date(ending.end), agenda);
      if (backToBack === -1) {
        expect(status?.current ?? null).toBeNull();
        expect(status?.next?.id).toBe(following.id);
      } else {
        expect(status?.current?.session.id).toBe(following.id);
        expect(status?.next?.id).toBe(agenda[index + 2]?.id);
      }
    });

    it("has no next session during the last one", () => {
      const status = liveStatus(beforeEnd(last, 1), agenda);
      expect(status?.current?.session.id).toBe(last.id);
      expect(status?.current?.timeLeft).toBe(m.timeLeftSeconds({ seconds: 1 }));
      expect(status?.next).toBeNull();
    });

    it("is not live before the first session or once the last has ended", () => {
      const start = Date.parse(first.start);
      expect(liveStatus(new Date(start - 1000), agenda)).toBeNull();
      expect(liveStatus(new Date(last.end), agenda)).toBeNull();
      // A quarter of an hour into the first session's time of day, the day before and the day after.
      expect(liveStatus(new Date(start - day + 15 * 60_000), agenda)).toBeNull();
      expect(liveStatus(new Date(start + day + 15 * 60_000), agenda)).toBeNull();
      expect(liveStatus(new Date(start + 15 * 60_000), [])).toBeNull();
    });

    it("shows only what comes next between two sessions", () => {
      const withGap = [
        { start: "2025-04-16T10:00:00-04:00", end: "2025-04-16T10:15:00-04:00", title: "First" },
        { start: "2025-04-16T10:30:00-04:00", end: "2025-04-16T10:45:00-04:00", title: "Second" },
      ];
      const status = liveStatus(at("2025-04-16T10:20:00-04:00"), withGap);
      expect(status?.current).toBeNull();
      expect(status?.next?.title).toBe("Second");
    });
  });

  describe("The programme day on air", () => {
    const sessionsOf = (date: string) => days.find((entry) => entry.date === date)?.sessions;

    it("is the day whose sessions run at an instant, from its first start to its last end", () => {
      for (const { date, sessions } of days) {
        const start = Date.parse(sessions[0]!.start);
        const end = Math.max(...sessions.map((slot) => Date.parse(slot.end)));
        expect(
          liveDay(
            new Date(start),
            days.map((entry) => entry.sessions),
          ),
        ).toBe(sessionsOf(date));
        expect(
          liveDay(
            new Date(end - 1000),
            days.map((entry) => entry.sessions),
          ),
        ).toBe(sessionsOf(date));
        expect(liveDay(new Date(end), [sessions])).toBeNull();
        expect(liveDay(new Date(start - 1000), [sessions])).toBeNull();
      }
    });

    it("is none in the night between two days", () => {
      const twoDays = [
        [{ start: "2026-10-08T08:30:00+09:00", end: "2026-10-08T11:00:00+09:00" }],
        [{ start: "2026-10-09T08:30:00+09:00", end: "2026-10-09T09:30:00+09:00" }],
      ];
      expect(liveDay(at("2026-10-08T10:59:59+09:00"), twoDays)).toBe(twoDays[0]);
      expect(liveDay(at("2026-10-08T11:00:00+09:00"), twoDays)).toBeNull();
      expect(liveDay(at("2026-10-09T03:00:00+09:00"), twoDays)).toBeNull();
      expect(liveDay(at("2026-10-09T08:30:00+09:00"), twoDays)).toBe(twoDays[1]);
    });
  });

  describe("The edition's phase", () => {
    const first = Date.parse(edition.agenda[0]!.start);
    const last = Math.max(...edition.agenda.map((slot) => Date.parse(slot.end)));
    /** Each programme day's first start and last end, worked out here from the agenda and its zone's days. */
    const onAir = days.map(({ sessions }) => ({
      start: Date.parse(sessions[0]!.start),
      end: Math.max(...sessions.map((slot) => Date.parse(slot.end))),
    }));

    it("is on air from each programme day's first session to the end of its last", () => {
      expect(eventSpan.start).toBe(edition.agenda[0]!.start);
      expect(Date.parse(eventSpan.end)).toBe(last);
      expect(onAirSpans.map(({ start, end }) => ({ start: Date.parse(start), end: Date.parse(end) }))).toEqual(onAir);
    });

    it("is upcoming before the first session, live during each day, between two days, and over afterwards", () => {
      expect(editionPhase(new Date(first - 1000), onAirSpans)).toBe("upcoming");
      for (const [index, day] of onAir.entries()) {
        expect(editionPhase(new Date(day.start), onAirSpans)).toBe("live");
        expect(editionPhase(new Date(day.end - 1000), onAirSpans)).toBe("live");
        const next = onAir[index + 1];
        if (!next) continue;
        // The night: from the end of one day's last session to the start of the next day's first.
        expect(editionPhase(new Date(day.end), onAirSpans)).toBe("between");
        expect(editionPhase(new Date(next.start - 1000), onAirSpans)).toBe("between");
      }
      expect(editionPhase(new Date(last), onAirSpans)).toBe("over");
    });

    it("names the day on air, and the next day to go on air before the edition and between two days", () => {
      expect(nextOnAir(new Date(first - 1000), onAirSpans)).toBe(onAirSpans[0]);
      for (const [index, span] of onAirSpans.entries()) {
        expect(onAirAt(new Date(span.start), onAirSpans)).toBe(span);
        expect(onAirAt(new Date(span.end), onAirSpans)).toBeUndefined();
        expect(nextOnAir(new Date(span.end), onAirSpans)).toBe(onAirSpans[index + 1]);
      }
    });

    it("is between, not live, in the night between two days, whatever the edition's number of days", () => {
      // The edition's first day, and the same hours a day later: a two-day edition made of its own programme.
      const [firstDay] = onAirSpans;
      const shifted = (iso: string) => new Date(Date.parse(iso) + day).toISOString();
      const twoDays = [firstDay!, { start: shifted(firstDay!.start), end: shifted(firstDay!.end) }];
      const night = new Date((Date.parse(firstDay!.end) + Date.parse(twoDays[1]!.start)) / 2);
      expect(editionPhase(night, twoDays)).toBe("between");
      expect(onAirAt(night, twoDays)).toBeUndefined();
      expect(nextOnAir(night, twoDays)).toBe(twoDays[1]);
      expect(editionPhase(new Date(twoDays[1]!.start), twoDays)).toBe("live");
    });
  });
  describe("Rooms side by side", () => {
    it("follows the edition's rooms: every session on air at a start is its room's current one", () => {
      for (const slot of edition.agenda.filter((entry) => entry.room !== undefined)) {
        const instant = new Date(slot.start);
        const day = liveDay(
          instant,
          days.map((entry) => entry.sessions),
        )!;
        const status = roomsLive(instant, day, edition.rooms).find(({ room }) => room.id === slot.room);
        expect(status?.current?.session.id).toBe(slot.id);
      }
    });
  });
});

describe("Live tracking of rooms side by side", () => {
  const rooms = [
    { id: "main", name: "Main" },
    { id: "lab", name: "Lab" },
    { id: "annex", name: "Annex" },
  ];
  const sessions = [
    { id: "keynote", start: "2026-10-08T09:00:00+09:00", end: "2026-10-08T09:30:00+09:00", room: "main" },
    { id: "workshop", start: "2026-10-08T09:00:00+09:00", end: "2026-10-08T10:00:00+09:00", room: "lab" },
    { id: "annex-late", start: "2026-10-08T09:10:00+09:00", end: "2026-10-08T09:20:00+09:00", room: "annex" },
    { id: "talk", start: "2026-10-08T09:40:00+09:00", end: "2026-10-08T10:00:00+09:00", room: "main" },
  ];
  const summary = (iso: string) =>
    roomsLive(at(iso), sessions, rooms).map(
      ({ room, current, next }) => `${room.id}: ${current?.session.id ?? "-"} then ${next?.id ?? "-"}`,
    );

  it("gives each room its own session on air and its own next one, in the rooms' order", () => {
    expect(summary("2026-10-08T09:05:00+09:00")).toEqual([
      "main: keynote then talk",
      "lab: workshop then -",
      "annex: - then annex-late",
    ]);
    const main = roomsLive(at("2026-10-08T09:15:00+09:00"), sessions, rooms)[0];
    expect(main?.current?.timeLeft).toBe(m.timeLeft({ time: "15:00" }));
    expect(main?.current?.progress).toBe(50);
  });

  it("shows a room between two of its sessions by what is next, and leaves out a room done for the day", () => {
    expect(summary("2026-10-08T09:35:00+09:00")).toEqual(["main: - then talk", "lab: workshop then -"]);
  });

  it("puts on air the session that started last where a room's sessions overlap, and the earlier once it ends", () => {
    const overlapping = [
      { id: "dj-set", start: "2026-10-08T20:00:00+09:00", end: "2026-10-08T23:00:00+09:00", room: "main" },
      { id: "cleanup", start: "2026-10-08T21:00:00+09:00", end: "2026-10-08T21:30:00+09:00", room: "main" },
    ];
    const onAir = (iso: string) => roomsLive(at(iso), overlapping, rooms).map((s) => s.current?.session.id);
    expect(onAir("2026-10-08T20:30:00+09:00")).toEqual(["dj-set"]);
    expect(onAir("2026-10-08T21:10:00+09:00")).toEqual(["cleanup"]);
    expect(onAir("2026-10-08T21:30:00+09:00")).toEqual(["dj-set"]);
  });
});

describe("Time left", () => {
  it("is written m:ss from a minute up, seconds under a minute, and 'Ending now' at zero", () => {
    expect(formatTimeLeft(1800)).toBe(m.timeLeft({ time: "30:00" }));
    expect(formatTimeLeft(605)).toBe(m.timeLeft({ time: "10:05" }));
    expect(formatTimeLeft(60)).toBe(m.timeLeft({ time: "1:00" }));
    expect(formatTimeLeft(59)).toBe(m.timeLeftSeconds({ seconds: 59 }));
    expect(formatTimeLeft(1)).toBe(m.timeLeftSeconds({ seconds: 1 }));
    expect(formatTimeLeft(0)).toBe(m.endingNow);
  });
});
