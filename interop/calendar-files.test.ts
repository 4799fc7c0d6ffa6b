import { describe, expect, it } from "vitest";
import { editionsOfReferenceShape } from "../tests/every-edition";
import * as m from "../app/i18n/messages";
import { dayCalendarPath, sessionCalendarPath, speakerCalendarPath, speakerPath } from "../common/site-paths";
import { sentenceList, speakersWithSessions } from "../app/lib/speaker-schedule";
import { minutesBefore } from "../common/time";
import { formatClockIn } from "../common/time-in-locale";
import { eventsIn as readEvents } from "./calendar-events";
import { calendarFiles, speakerCalendarFiles } from "./calendar-files";
import { sessionGuid } from "./guids";
import { sessionTypeWords } from "../app/lib/session-type-words";

describe.each(editionsOfReferenceShape)("The calendar files of $id", ({ edition }) => {
  // Expected values come from the edition under test; calendar-files.reference.test.ts checks the spec's own.
  const files = calendarFiles(edition);
  const speakerFiles = speakerCalendarFiles(edition);

  /** The events of a calendar file of this edition, by its path. */
  function eventsIn(path: string) {
    return readEvents([...files, ...speakerFiles], path);
  }

  const { event } = edition;
  /** A session's UID: its GUID, as in the schedule export. */
  const uid = (id: string) => sessionGuid(event.siteUrl, id);
  const onSite = (path: string) => new URL(path, event.siteUrl).href;
  const utc = (instant: string) => new Date(instant).toISOString();
  /** Every event's title names the edition after it. */
  const titled = (title: string) => `${title} (${event.name})`;
  const sessions = edition.agenda.filter((slot) => slot.type !== "Break");
  const talkOf = (slot: { talkId?: string | undefined }) => edition.talks.find((talk) => talk.id === slot.talkId);
  const nameOf = (id: string) => edition.speakers.find((speaker) => speaker.id === id)?.name ?? id;
  const onStream = (id: string) => edition.agenda.filter((slot) => slot.hostId === id || slot.speakerIds.includes(id));
  const backstageOf = (id: string) => edition.backstage.filter((session) => session.participantIds.includes(id));
  /** What a speaker is in, backstage and on stream, in time order. */
  const everything = (id: string) =>
    [...backstageOf(id), ...onStream(id)].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const opening = edition.agenda[0]!;

  /** The line an event's description names its session's recording with, and what it is expected to say. */
  /** The words a recording's line starts with, before its link. */
  const recordingWords = m.calendarRecording({ link: "" });
  const linesOf = (description: string) => description.split("\n").filter((line) => line.startsWith(recordingWords));
  const recordingLine = (recording: string | undefined) =>
    recording ? [m.calendarRecording({ link: recording })] : [];

  function speakerWhere(what: string, ids: (string | undefined)[]): string {
    const id = ids.find((candidate) => candidate !== undefined);
    if (!id) throw new Error(`the edition has no ${what}`);
    return id;
  }

  describe("Calendar files", () => {
    it("hold the whole day: every session but the breaks, in UTC, in order", () => {
      const events = eventsIn(dayCalendarPath(edition.event.name));
      expect(events.map((e) => [e.uid, e.title, e.start, e.end])).toEqual(
        sessions.map((s) => [uid(s.id), titled(s.title), utc(s.start), utc(s.end)]),
      );
      expect(events.every((e) => e.startIsUtc)).toBe(true);
      // Each session links to its talk's page, or to the agenda when it has none; all are on the public stream.
      expect(events.map((e) => e.url)).toEqual(sessions.map((s) => onSite(talkOf(s)?.path ?? "/agenda")));
      expect(events.every((e) => e.location === event.location)).toBe(true);
      expect(events.at(-1)?.end).toBe(utc(sessions.at(-1)!.end));
    });

    it("give each talk its own file, linking to its page, with the same UID as in the day's file", () => {
      const day = eventsIn(dayCalendarPath(edition.event.name)).map((e) => e.uid);
      for (const talk of edition.talks) {
        const slot = edition.agenda.find((s) => s.talkId === talk.id)!;
        const [only, ...rest] = eventsIn(sessionCalendarPath(talk.id));
        expect(rest, talk.id).toHaveLength(0);
        expect(only, talk.id).toMatchObject({
          uid: uid(slot.id),
          title: titled(talk.title),
          start: utc(slot.start),
          end: utc(slot.end),
          url: onSite(talk.path),
        });
        expect(only?.description).toContain(talk.description);
        expect(only?.description).toContain(event.links.broadcast);
        expect(day).toContain(only?.uid);
      }
    });

    it("cover every talk and the panel page", () => {
      for (const talk of edition.talks) expect(eventsIn(sessionCalendarPath(talk.id))).toHaveLength(1);
      const panelPage = edition.panelPage!;
      const [panel] = eventsIn(sessionCalendarPath(panelPage.id));
      expect(panel).toMatchObject({
        title: titled(panelPage.title),
        start: utc(panelPage.start),
        end: utc(panelPage.end),
        url: onSite(panelPage.path),
      });
      expect(files).toHaveLength(edition.talks.length + 2);
    });

    it("name a session's recording in its description, in the day's file, its talk's and the panel's; none without", () => {
      const day = eventsIn(dayCalendarPath(edition.event.name));
      expect(day.map((e) => linesOf(e.description))).toEqual(sessions.map((s) => recordingLine(s.recording)));
      for (const talk of edition.talks) {
        const slot = edition.agenda.find((s) => s.talkId === talk.id)!;
        const [only] = eventsIn(sessionCalendarPath(talk.id));
        expect(linesOf(only?.description ?? ""), talk.id).toEqual(recordingLine(slot.recording));
      }
      const panelPage = edition.panelPage;
      if (panelPage) {
        const [panel] = eventsIn(sessionCalendarPath(panelPage.id));
        expect(linesOf(panel?.description ?? "")).toEqual(recordingLine(panelPage.recording));
      }
      // Not vacuous: the edition under test has sessions with a recording (breaks are no events, so a session
      // without one is checked only where the edition has such a session).
      expect(sessions.some((s) => s.recording)).toBe(true);
    });

    it("use CRLF line endings and fold long lines, as RFC 5545 requires", () => {
      for (const file of [...files, ...speakerFiles]) {
        expect(file.body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
        for (const line of file.body.split("\r\n"))
          expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      }
    });
  });

  describe("A speaker's calendar file", () => {
    const joinNow = m.calendarJoinNow({ link: event.links.streamJoin });

    it("exists for everyone with a page, at /calendar/speakers/<id>.ics", () => {
      expect(speakerFiles.map((f) => f.path)).toEqual(
        speakersWithSessions(edition).map((speaker) => `/calendar/speakers/${speaker.id}.ics`),
      );
    });

    it("holds every session of the moderator who opens the day, with an alarm 15 minutes before the first", () => {
      const moderator = speakerWhere("moderator opening the day", [opening.hostId]);
      const events = eventsIn(speakerCalendarPath(moderator));
      expect(events.map((e) => e.uid)).toEqual(everything(moderator).map((s) => uid(s.id)));
      expect(events[0]).toMatchObject({ uid: uid(opening.id), start: utc(opening.start) });
      expect(events[0]?.alarms).toEqual([
        { action: "DISPLAY", description: joinNow, at: minutesBefore(opening.start, 15) },
      ]);
      expect(events.slice(1).every((e) => e.alarms.length === 0)).toBe(true);
    });

    it("gives everyone else an alarm 5 minutes before their first session, on the first session only", () => {
      const others = speakersWithSessions(edition).filter((speaker) => speaker.id !== opening.hostId);
      expect(others.length).toBeGreaterThan(0);
      for (const { id } of others) {
        const [first, ...rest] = eventsIn(speakerCalendarPath(id));
        expect(first?.start, id).toBe(utc(everything(id)[0]!.start));
        expect(first?.alarms, id).toEqual([
          { action: "DISPLAY", description: joinNow, at: minutesBefore(everything(id)[0]!.start, 5) },
        ]);
        expect(rest.every((e) => e.alarms.length === 0)).toBe(true);
      }
    });

    it("puts the green room first for a speaker who starts there, and the studio link as the place", () => {
      const speaker = speakerWhere(
        "speaker who starts in the green room",
        edition.backstage
          .flatMap((session) => session.participantIds)
          .filter((id) => onStream(id).length > 0 && everything(id)[0]?.type === "Green room"),
      );
      const [greenRoom] = backstageOf(speaker);
      const [first] = onStream(speaker);
      const events = eventsIn(speakerCalendarPath(speaker));
      expect(events.slice(0, 2).map((e) => e.title)).toEqual([titled(greenRoom!.title), titled(first!.title)]);
      expect(events.every((e) => e.location === event.links.streamJoin)).toBe(true);
      // The others on stage, the moderator first and named as such, and when to join, in the event's zone.
      const others = [
        ...(first!.hostId && first!.hostId !== speaker
          ? [m.speakerModeratorMark({ name: nameOf(first!.hostId) })]
          : []),
        ...first!.speakerIds.filter((id) => id !== speaker).map(nameOf),
      ];
      expect(events[1]?.description).toContain(
        others.length > 0
          ? m.calendarSessionWith({ type: sessionTypeWords(first!.type), people: sentenceList(others) })
          : m.calendarSession({ type: sessionTypeWords(first!.type) }),
      );
      const joinAt = formatClockIn(minutesBefore(greenRoom!.start, 5), event.timeZone, event.locale);
      expect(events[1]?.description).toContain(
        m.calendarJoin({ time: joinAt, zone: event.timeZoneLabel, link: event.links.streamJoin }),
      );
      const briefing = edition.briefings.find((b) => b.speakerId === speaker);
      expect(events[1]?.url).toBe(onSite(briefing?.path ?? speakerPath(speaker)));
    });

    it("names the recording of each session on stream that has one, as the day's file does", () => {
      const recordingOf = new Map(edition.agenda.map((slot) => [slot.id, slot.recording]));
      const speakers = speakersWithSessions(edition);
      for (const { id } of speakers) {
        for (const [index, e] of eventsIn(speakerCalendarPath(id)).entries()) {
          const session = everything(id)[index]!;
          const recording = recordingOf.get(session.id);
          expect(linesOf(e.description), `${id} ${session.id}`).toEqual(recordingLine(recording));
        }
      }
      expect(speakers.some(({ id }) => onStream(id).some((slot) => slot.recording))).toBe(true);
    });

    it("links a speaker without a briefing to their speaker page", () => {
      const briefed = new Set(edition.briefings.map((b) => b.speakerId));
      const speaker = speakerWhere(
        "speaker with a session and no briefing",
        speakersWithSessions(edition)
          .map((s) => s.id)
          .filter((id) => !briefed.has(id) && id !== opening.hostId),
      );
      const [first] = eventsIn(speakerCalendarPath(speaker));
      expect(first).toMatchObject({
        uid: uid(everything(speaker)[0]!.id),
        url: onSite(speakerPath(speaker)),
      });
      expect(first?.alarms.map((a) => a.at)).toEqual([minutesBefore(everything(speaker)[0]!.start, 5)]);
    });
  });
});
