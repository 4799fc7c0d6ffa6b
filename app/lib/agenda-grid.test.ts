import { describe, expect, it } from "vitest";
import { programmeDays } from "../../common/programme-days";
import { everyEdition } from "../../tests/every-edition";
import { dayGrid, type DayGrid, type GridPlace } from "./agenda-grid";

interface Item extends GridPlace {
  id: string;
}

const at = (clock: string) => `2026-02-01T${clock}:00Z`;
const item = (id: string, room: string, from: string, to: string): Item => ({ id, room, start: at(from), end: at(to) });
const grid = (items: Item[], rooms: string[]) => dayGrid(items, rooms, (each) => each);

/** The grid as text, a row a line: each cell "id:rows×lanes", or "-:rows" for time with nothing on. */
const drawn = ({ rows }: DayGrid<Item>) =>
  rows.map(
    (row) =>
      `${row.start.slice(11, 16)} ${row.cells.map((cell) => (cell.item ? `${cell.item.id}:${String(cell.rows)}×${String(cell.lanes)}` : `-:${String(cell.rows)}`)).join(" ")}`,
  );

describe("A day's time grid", () => {
  it("has a row for each span between two instants at which a session starts or ends, each session spanning its own", () => {
    const day = grid(
      [item("a", "r1", "10:00", "11:00"), item("b", "r2", "10:00", "10:30"), item("c", "r2", "10:45", "11:15")],
      ["r1", "r2"],
    );
    expect(day.lanes).toEqual([1, 1]);
    expect(drawn(day)).toEqual(["10:00 a:3×1 b:1×1", "10:30 -:1", "10:45 c:2×1", "11:00 -:1"]);
  });

  it("sets sessions that overlap in one room side by side in lanes, the room as wide as its most at once", () => {
    const day = grid(
      [
        item("set", "r1", "20:00", "23:00"),
        item("talk", "r1", "21:00", "22:00"),
        item("other", "r2", "20:00", "21:00"),
      ],
      ["r1", "r2"],
    );
    expect(day.lanes).toEqual([2, 1]);
    // The talk in the second lane, the empty time above and below it there a cell each.
    expect(drawn(day)).toEqual(["20:00 set:3×1 -:1 other:1×1", "21:00 talk:1×1 -:2", "22:00 -:1"]);
  });

  it("widens a session into the lanes beside it that stay free for its whole time", () => {
    const day = grid(
      [item("a", "r1", "10:00", "11:00"), item("b", "r1", "10:30", "11:00"), item("c", "r1", "11:00", "12:00")],
      ["r1"],
    );
    expect(day.lanes).toEqual([2]);
    expect(drawn(day)).toEqual(["10:00 a:2×1 -:1", "10:30 b:1×1", "11:00 c:1×2"]);
  });

  it("covers every slot of every row exactly once, so the table stays a grid", () => {
    const items = [
      item("a", "r1", "09:00", "12:00"),
      item("b", "r1", "09:30", "10:00"),
      item("c", "r1", "09:30", "11:00"),
      item("d", "r2", "10:00", "10:20"),
      item("e", "r1", "11:30", "12:30"),
      item("f", "r3", "12:00", "12:30"),
    ];
    const day = grid(items, ["r1", "r2", "r3"]);
    const width = day.lanes.reduce((sum, lanes) => sum + lanes, 0);
    const taken = day.rows.map(() => 0);
    day.rows.forEach((row, index) => {
      for (const cell of row.cells) {
        for (let each = index; each < index + cell.rows; each += 1) taken[each]! += cell.lanes;
      }
    });
    expect(taken).toEqual(day.rows.map(() => width));
    expect(day.rows.flatMap((row) => row.cells.flatMap((cell) => (cell.item ? [cell.item.id] : []))).sort()).toEqual(
      items.map((each) => each.id),
    );
  });

  it("has one lane and no rows for a room with nothing on, and nothing for a day without sessions", () => {
    expect(grid([item("a", "r1", "10:00", "11:00")], ["r1", "r2"])).toEqual({
      lanes: [1, 1],
      rows: [
        {
          start: at("10:00"),
          cells: [
            { item: item("a", "r1", "10:00", "11:00"), rows: 1, lanes: 1 },
            { rows: 1, lanes: 1 },
          ],
        },
      ],
    });
    expect(grid([], ["r1"])).toEqual({ lanes: [1], rows: [] });
  });

  it.each(everyEdition)("places every session of $id's days once, in its room's lanes", ({ edition }) => {
    const roomIds = edition.rooms.map((room) => room.id);
    for (const day of programmeDays(edition.agenda, edition.event.timeZone)) {
      const grid = dayGrid(day.sessions, roomIds, (slot) => slot);
      const placed = tablePlaces(grid);
      const inRooms = day.sessions.filter((slot) => slot.room !== undefined);
      expect([...placed.keys()].map((slot) => slot.id).sort()).toEqual(inRooms.map((slot) => slot.id).sort());
      for (const [slot, column] of placed) {
        const room = roomIds.indexOf(slot.room ?? "");
        const first = grid.lanes.slice(0, room).reduce((sum, lanes) => sum + lanes, 0);
        expect(column).toBeGreaterThanOrEqual(first);
        expect(column).toBeLessThan(first + (grid.lanes[room] ?? 0));
      }
    }
  });
});

/** Where a browser's table layout puts each session's cell: its first column, each cell in the next free slot. */
function tablePlaces<T>({ lanes, rows }: DayGrid<T>): Map<T, number> {
  const width = lanes.reduce((sum, each) => sum + each, 0);
  const taken = rows.map(() => new Array<boolean>(width).fill(false));
  const places = new Map<T, number>();
  rows.forEach((row, index) => {
    let column = 0;
    for (const cell of row.cells) {
      while (taken[index]![column]) column += 1;
      if (cell.item !== undefined) places.set(cell.item, column);
      for (let each = index; each < index + cell.rows; each += 1) {
        for (let lane = column; lane < column + cell.lanes; lane += 1) {
          expect(taken[each]![lane], "a slot covered twice").toBe(false);
          taken[each]![lane] = true;
        }
      }
      column += cell.lanes;
    }
  });
  expect(
    taken.every((row) => row.every(Boolean)),
    "every slot covered",
  ).toBe(true);
  return places;
}
