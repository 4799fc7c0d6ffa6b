import * as m from "../i18n/messages";
import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { nextDayWords } from "./next-day";
import { zonedDate } from "../../common/time";
import { formatClock, formatDayName } from "./time-in-edition-language";

describe.each(everyEdition)("Between two days in $id", ({ edition }) => {
  const { timeZone, timeZoneLabel } = edition.event;
  // Each day's start, the edition's own if it has several days; else its day and the same hour a day later.
  const starts = [...new Set(edition.agenda.map((slot) => zonedDate(new Date(slot.start), timeZone)))].map(
    (date) => edition.agenda.find((slot) => zonedDate(new Date(slot.start), timeZone) === date)!.start,
  );
  const spans = (
    starts.length > 1 ? starts : [starts[0]!, new Date(Date.parse(starts[0]!) + 24 * 60 * 60 * 1000).toISOString()]
  ).map((start) => ({ start }));

  it("the site names the next day, its date and the time the stream is back, in the event's zone", () => {
    for (const [index, { start }] of spans.entries()) {
      if (index === 0) continue;
      const date = zonedDate(new Date(start), timeZone);
      expect(nextDayWords(start, spans, edition.event)).toEqual({
        day: index + 1,
        date,
        heading: m.nextDaySeeYou({ day: index + 1 }),
        message: m.nextDayOver({
          done: index,
          days: spans.length,
          weekday: formatDayName(date, "long"),
          time: formatClock(start, timeZone),
          zone: timeZoneLabel,
        }),
      });
    }
  });
});
