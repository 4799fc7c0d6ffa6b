import type { Edition } from "../content";
import { onAirSpansOf } from "../content/event-span";
import { agendaDayAt, agendaDayPath, agendaPath, programmeDays } from "../common/programme-days";

/**
 * Which day's prerendered agenda answers /agenda (decision 084): the day `?day=` names, else, while the edition is
 * on, the day on air (or, between two days, the next), else the first day's, /agenda itself. Each day's page is
 * built at /agenda/<day>, so that a visitor without JavaScript reads every day from the day tabs' links. Returns
 * the path of the page to send, or undefined for any other path, an edition of one day, or the first day.
 */
export function agendaPageFor(
  edition: Pick<Edition, "agenda" | "event">,
  now: () => Date,
): (pathname: string, query: string) => string | undefined {
  const days = programmeDays(edition.agenda, edition.event.timeZone).map((day) => day.date);
  const spans = onAirSpansOf(edition.agenda, edition.event.timeZone);
  const later = new Set(days.slice(1));
  return (pathname, query) => {
    if (pathname !== agendaPath || later.size === 0) return undefined;
    const asked = new URLSearchParams(query).get("day");
    const day = asked !== null && days.includes(asked) ? asked : agendaDayAt(now(), spans, edition.event.timeZone);
    return day !== undefined && later.has(day) ? agendaDayPath(day) : undefined;
  };
}
