import { isChoosable } from "../../common/my-schedule";

interface Timed {
  id: string;
  type: string;
  start: string;
  end: string;
}

/** A chosen session, with the other chosen sessions it runs at the same time as (rooms side by side), in time order. */
export type ChosenSession<T extends Timed> = T & { overlaps: T[] };

/**
 * What a visitor's stored choice means in the current programme: the chosen sessions in the agenda's (time) order,
 * each with the chosen sessions it overlaps, and the ids the programme no longer has as a session (dropped or
 * renamed since the choice), which the page reports once and then forgets.
 */
export function chosenSessions<T extends Timed>(
  agenda: readonly T[],
  ids: readonly string[],
): { sessions: ChosenSession<T>[]; dropped: string[] } {
  const wanted = new Set(ids);
  const slots = agenda.filter((slot) => isChoosable(slot) && wanted.has(slot.id));
  const found = new Set(slots.map((slot) => slot.id));
  const sessions = slots.map((slot) => ({
    ...slot,
    // Two sessions overlap when each starts before the other ends; one that starts as another ends does not.
    overlaps: slots.filter(
      (other) =>
        other !== slot &&
        Date.parse(other.start) < Date.parse(slot.end) &&
        Date.parse(slot.start) < Date.parse(other.end),
    ),
  }));
  return { sessions, dropped: ids.filter((id) => !found.has(id)) };
}
