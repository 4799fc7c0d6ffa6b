import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { chosenSessions } from "./chosen-sessions";
import { isChoosable } from "../../common/my-schedule";

const slot = (id: string, start: string, end: string, type = "Talk") => ({ id, type, start, end });

describe("chosenSessions", () => {
  it.each(everyEdition)(
    "lists the chosen sessions of $id in the agenda's order, whatever the order chosen",
    ({ edition: { agenda } }) => {
      const choosable = agenda.filter(isChoosable);
      const ids = choosable.map((session) => session.id).reverse();
      expect(chosenSessions(agenda, ids).sessions.map((session) => session.id)).toEqual(
        choosable.map((session) => session.id),
      );
    },
  );

  it.each(everyEdition)(
    "reports ids $id's programme does not have as sessions, breaks included, and nothing else",
    ({ edition: { agenda } }) => {
      const [kept] = agenda.filter(isChoosable);
      const breaks = agenda.filter((session) => !isChoosable(session)).map((session) => session.id);
      const { sessions, dropped } = chosenSessions(agenda, [kept!.id, "dropped-since", ...breaks]);
      expect(sessions.map((session) => session.id)).toEqual([kept!.id]);
      expect(dropped).toEqual(["dropped-since", ...breaks]);
    },
  );

  it("marks sessions that run at the same time, and not those that merely meet", () => {
    const programme = [
      slot("a", "2031-05-07T10:00:00+02:00", "2031-05-07T11:00:00+02:00"),
      slot("b", "2031-05-07T10:30:00+02:00", "2031-05-07T11:30:00+02:00"),
      slot("c", "2031-05-07T11:30:00+02:00", "2031-05-07T12:00:00+02:00"),
      slot("d", "2031-05-07T10:15:00+02:00", "2031-05-07T10:45:00+02:00"),
    ];
    const overlaps = Object.fromEntries(
      chosenSessions(programme, ["a", "b", "c", "d"]).sessions.map((s) => [s.id, s.overlaps.map((o) => o.id)]),
    );
    expect(overlaps).toEqual({ a: ["b", "d"], b: ["a", "d"], c: [], d: ["a", "b"] });
    // Only chosen sessions count: leave b out and a no longer overlaps it.
    expect(chosenSessions(programme, ["a", "c"]).sessions.map((s) => s.overlaps.length)).toEqual([0, 0]);
  });
});
