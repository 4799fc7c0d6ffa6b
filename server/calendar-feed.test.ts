import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import type { Edition } from "../content/schema";
import { everyEdition } from "../tests/every-edition";
import * as m from "../app/i18n/messages";
import { isChoosable, personalCalendarPath, selectionQuery, sessionsParameter } from "../common/my-schedule";
import { maxChosenSessions, maxSessionsParameterLength } from "../app/lib/session-selection";
import { dayCalendarPath, sessionCalendarPath } from "../common/site-paths";
import { calendarFiles } from "../interop/calendar-files";
import { guidOfSession } from "../interop/guids";
import { feedCacheControl } from "./calendar-feed";
import { commonHeaders } from "./security-headers";
import { appHarness, type App } from "./test-support/app-harness";

const { start } = appHarness();

describe.each(everyEdition)("The calendar feed of $id", ({ edition }) => {
  const choosable = edition.agenda.filter(isChoosable);
  if (choosable.length < 3) throw new Error("The edition needs three sessions to choose from for these tests");
  const first = choosable[0]!;
  const second = choosable[1]!;
  const last = choosable.at(-1)!;
  const aBreak = edition.agenda.find((slot) => !isChoosable(slot));

  const feedUrl = (ids: readonly string[]) => `${personalCalendarPath}${selectionQuery(ids)}`;

  /** The events of a calendar as node-ical reads it, in the order the file has them. */
  function eventsOf(body: string): VEvent[] {
    const parsed = ical.sync.parseICS(body);
    const events = Object.values(parsed).filter((component): component is VEvent => component?.type === "VEVENT");
    // node-ical keys events by UID: count the file's own events too, so two with one UID could not pass as one.
    expect(events).toHaveLength(body.split("BEGIN:VEVENT\r\n").length - 1);
    return events;
  }

  /** What a calendar app shows of an event; DTSTAMP (when it was written) aside. */
  const shown = (event: VEvent) => ({
    uid: event.uid,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url,
    start: event.start.toISOString(),
    end: event.end?.toISOString(),
  });

  function expectOneLine400(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toMatch(/^[^\r\n]+\n$/);
  }

  const get = (app: App, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  describe("The calendar feed of chosen sessions", () => {
    it("holds exactly the chosen sessions, in time order, each as the whole day's calendar file has it", async () => {
      const app = await start({ edition });
      const chosen = [last, first, ...(aBreak ? [aBreak] : [])];
      const response = await get(app, feedUrl(chosen.map((slot) => slot.id)));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(response.headers["cache-control"]).toBe(feedCacheControl);
      for (const [name, value] of Object.entries(commonHeaders({ hsts: false }))) {
        expect(response.headers[name], name).toBe(value);
      }
      expect(response.headers["set-cookie"]).toBeUndefined();

      const events = eventsOf(response.body);
      // A break is never an event, as in the day's file.
      expect(events.map((event) => event.uid)).toEqual([first, last].map((slot) => guidOfSession(edition, slot.id)));
      const day = eventsOf(
        calendarFiles(edition).find((file) => file.path === dayCalendarPath(edition.event.name))!.body,
      );
      expect(events.map(shown)).toEqual(
        events.map((event) => shown(day.find((candidate) => candidate.uid === event.uid)!)),
      );
      expect(events.map((event) => event.start.toISOString())).toEqual(
        [first, last].map((slot) => new Date(slot.start).toISOString()),
      );
    });

    it("is named as the visitor's schedule and asks subscribed calendars to refresh hourly", async () => {
      const app = await start({ edition });
      const response = await get(app, feedUrl([first.id]));
      expect(ical.sync.parseICS(response.body).vcalendar?.["WR-CALNAME"]).toBe(
        m.calendarMySchedule({ event: edition.event.name }),
      );
      const lines = response.body.split("\r\n");
      expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
      expect(lines).toContain("X-PUBLISHED-TTL:PT1H");
      // Every line ends in CRLF and none is longer than 75 octets (RFC 5545 section 3.1).
      expect(response.body.endsWith("END:VCALENDAR\r\n")).toBe(true);
      expect(response.body.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
      expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    });

    it("gives a session the UID of its own calendar file", async () => {
      const app = await start({ edition });
      // A visitor's choice, not the whole of a large programme: a feed's address of 1,100 ids is past what a request
      // line may hold, and a schedule of that many is nobody's.
      const talks = choosable.filter((slot) => slot.talkId !== undefined).slice(0, 100);
      const response = await get(app, feedUrl(talks.map((slot) => slot.id)));
      const files = calendarFiles(edition);
      const feed = eventsOf(response.body).map((event) => event.uid);
      expect(feed).toHaveLength(talks.length);
      for (const slot of talks) {
        const own = eventsOf(files.find((file) => file.path === sessionCalendarPath(slot.talkId!))!.body);
        expect(feed, slot.id).toContain(own[0]?.uid);
      }
    });

    it("leaves out ids the programme does not have, and answers ids it has none of with an empty calendar", async () => {
      const app = await start({ edition });
      const some = await get(app, feedUrl(["no-such-session", second.id, "gone-since-last-month"]));
      expect(some.statusCode).toBe(200);
      expect(eventsOf(some.body).map((event) => event.uid)).toEqual([guidOfSession(edition, second.id)]);

      const none = await get(app, feedUrl(["no-such-session"]));
      expect(none.statusCode).toBe(200);
      expect(none.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      const parsed = ical.sync.parseICS(none.body);
      expect(parsed.vcalendar?.type).toBe("VCALENDAR");
      expect(eventsOf(none.body)).toEqual([]);
    });

    it("refuses a missing, malformed or repeated selection with a 400 and one line of text", async () => {
      const app = await start({ edition });
      for (const url of [
        personalCalendarPath,
        `${personalCalendarPath}?other=1`,
        `${personalCalendarPath}?${sessionsParameter}=`,
        `${personalCalendarPath}?${sessionsParameter}=${first.id},,${second.id}`,
        `${personalCalendarPath}?${sessionsParameter}=${first.id},`,
        `${personalCalendarPath}?${sessionsParameter}=Not-An-Id`,
        `${personalCalendarPath}?${sessionsParameter}=a%0Ab`,
        `${personalCalendarPath}?${sessionsParameter}=%3Cscript%3E`,
        `${personalCalendarPath}?${sessionsParameter}=a%`,
        `${personalCalendarPath}?${sessionsParameter}=${first.id}&${sessionsParameter}=${second.id}`,
      ]) {
        const response = await get(app, url);
        expectOneLine400(response);
        expect(response.headers["cache-control"], url).toBe("no-cache");
        expect(response.headers["content-security-policy"], url).toBe(
          commonHeaders({ hsts: false })["content-security-policy"],
        );
      }
    });

    it("refuses a selection of too many sessions or too many characters", async () => {
      const app = await start({ edition });
      const many = Array.from({ length: maxChosenSessions + 1 }, (_, i) => `session-${String(i)}`);
      const tooMany = await get(app, feedUrl(many));
      expectOneLine400(tooMany);
      expect(tooMany.body).toContain(String(maxChosenSessions));

      const long = `${personalCalendarPath}?${sessionsParameter}=${"a".repeat(maxSessionsParameterLength + 1)}`;
      const tooLong = await get(app, long);
      expectOneLine400(tooLong);
      expect(tooLong.body).toContain(String(maxSessionsParameterLength));

      // At the limits it answers.
      expect((await get(app, feedUrl(many.slice(0, maxChosenSessions)))).statusCode).toBe(200);
    });

    it("answers HEAD with GET's headers, 304 to a copy it still holds, and 405 to other methods", async () => {
      const app = await start({ edition });
      const url = feedUrl([first.id, second.id]);
      const full = await get(app, url);
      const head = await app.inject({ method: "HEAD", url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe("");
      for (const name of ["content-type", "content-length", "cache-control", "etag"]) {
        expect(head.headers[name], name).toBe(full.headers[name]);
      }
      expect(full.headers["content-length"]).toBe(String(Buffer.byteLength(full.body)));

      const etag = String(full.headers.etag);
      const again = await get(app, url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect((await get(app, feedUrl([first.id]), { "if-none-match": etag })).statusCode).toBe(200);

      for (const method of ["POST", "PUT", "DELETE"] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, method).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD");
      }
    });

    it("moves a session with the programme: an hour later, under the same UID", async () => {
      const hour = 60 * 60 * 1000;
      const later = (instant: string) => new Date(Date.parse(instant) + hour).toISOString();
      const moved: Edition = structuredClone(edition);
      const slot = moved.agenda.find((candidate) => candidate.id === second.id)!;
      slot.start = later(slot.start);
      slot.end = later(slot.end);

      const url = feedUrl([first.id, second.id]);
      const before = eventsOf((await get(await start({ edition }), url)).body);
      const after = eventsOf((await get(await start({ edition: moved }), url)).body);
      const uid = guidOfSession(edition, second.id);
      const movedOf = (events: VEvent[]) => events.find((event) => event.uid === uid)!;
      const [was, is] = [movedOf(before), movedOf(after)];
      expect(is.start.toISOString()).toBe(later(was.start.toISOString()));
      expect(is.end?.toISOString()).toBe(later(was.end!.toISOString()));
      expect(is.summary).toBe(was.summary);
      // The session that stayed is unchanged.
      const stayed = (events: VEvent[]) => events.filter((event) => event.uid !== uid).map(shown);
      expect(stayed(after)).toEqual(stayed(before));
    });

    it("is answered on a connection too, before the built site's not-found page, without a 5xx for odd queries", async () => {
      const app = await start({ edition });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (typeof address !== "object" || !address) throw new Error("not listening");
      const base = `http://127.0.0.1:${String(address.port)}`;

      const response = await fetch(`${base}${feedUrl([first.id])}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(eventsOf(await response.text()).map((event) => event.uid)).toEqual([guidOfSession(edition, first.id)]);
      const head = await fetch(`${base}${feedUrl([first.id])}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(response.headers.get("content-length"));

      for (const query of [
        "%",
        "%zz",
        "sessions=%E0%A4%A",
        "sessions[]=a",
        "sessions=a&sessions=",
        "sessions=%00",
        "&&&",
      ]) {
        const odd = await fetch(`${base}${personalCalendarPath}?${query}`);
        expect(odd.status, query).toBe(400);
        expect(await odd.text(), query).toMatch(/^[^\r\n]+\n$/);
      }
    });
  });
});
