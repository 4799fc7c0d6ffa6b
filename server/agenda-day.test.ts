import { describe, expect, it } from "vitest";
import { onAirSpansOf } from "../content/event-span";
import { agendaDayPath, programmeDays } from "../common/programme-days";
import { everyEdition } from "../tests/every-edition";
import { agendaPageFor } from "./agenda-day";

describe.each(everyEdition)("The agenda's page for an address, in $id", ({ edition }) => {
  const days = programmeDays(edition.agenda, edition.event.timeZone).map((day) => day.date);
  const spans = onAirSpansOf(edition.agenda, edition.event.timeZone);
  const before = new Date(Date.parse(spans[0]!.start) - 1000);
  const pageAt = (now: Date) => agendaPageFor(edition, () => now);

  it("is each later day's own page for ?day=, the first day's (/agenda) for the first or an unknown day", () => {
    const page = pageAt(before);
    for (const [index, day] of days.entries()) {
      expect(page("/agenda", `day=${day}&room=x`)).toBe(index === 0 ? undefined : agendaDayPath(day));
    }
    expect(page("/agenda", "day=1999-01-01")).toBeUndefined();
    expect(page("/agenda", "")).toBeUndefined();
    expect(page("/talks_demos", `day=${days.at(-1)!}`)).toBeUndefined();
  });

  it("while the edition is on, the day on air when the address names none", () => {
    for (const [index, span] of spans.entries()) {
      const page = pageAt(new Date(Date.parse(span.start) + 1000));
      expect(page("/agenda", "")).toBe(index === 0 ? undefined : agendaDayPath(days[index]!));
      expect(page("/agenda", `day=${days[0]!}`)).toBeUndefined();
    }
    expect(pageAt(new Date(Date.parse(spans.at(-1)!.end) + 1000))("/agenda", "")).toBeUndefined();
  });
});
