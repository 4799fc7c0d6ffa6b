/**
 * A day of a programme with rooms as a time grid (decision 084): a column per room, or several where sessions of
 * the room overlap (lanes), and a row for each span between two instants at which a session starts or ends, so that
 * each session's cell spans exactly the rows of its time. The agenda draws it as an HTML table: cells placed by
 * rowspan and colspan, with no style of their own, and the rooms and times as the headers a screen reader reads
 * with each session.
 */

/** Where an item sits: its times and its room. */
export interface GridPlace {
  start: string;
  end: string;
  room?: string | undefined;
}

/** A cell that starts at a row: a session, spanning its rows and the free lanes beside it, or time with nothing on. */
export type GridCell<T> = { item: T; rows: number; lanes: number } | { item?: undefined; rows: number; lanes: 1 };

export interface GridRow<T> {
  /** The instant the row starts. */
  start: string;
  /** The cells that start at this row, in column order; the other columns are covered by cells above. */
  cells: GridCell<T>[];
}

export interface DayGrid<T> {
  /** Each room's number of lanes (at least one), in the order of the rooms given. */
  lanes: number[];
  rows: GridRow<T>[];
}

/**
 * Lays out one day. `placeOf` reads an item's times and room; items of no room given are left out. A session's
 * lane is the first of its room that is free at its start (sessions in start order, the longer first), and it
 * widens into the lanes to its right that stay free for its whole time, so a session overlaps nothing but is as
 * wide as it can be.
 */
export function dayGrid<T>(
  items: readonly T[],
  roomIds: readonly string[],
  placeOf: (item: T) => GridPlace,
): DayGrid<T> {
  const placed = items.map((item) => {
    const place = placeOf(item);
    return { item, room: place.room, start: place.start, from: Date.parse(place.start), to: Date.parse(place.end) };
  });
  const instants = [...new Set(placed.flatMap(({ from, to }) => [from, to]))].sort((a, b) => a - b);
  const rowOf = new Map(instants.map((instant, index) => [instant, index]));
  const starts = new Map(placed.map(({ from, start }) => [from, start]));
  const rowCount = Math.max(instants.length - 1, 0);
  const rowStart = (row: number) => starts.get(instants[row] ?? 0) ?? new Date(instants[row] ?? 0).toISOString();

  // Each room's columns: per lane, per row, the session that covers it.
  const columns = roomIds.map((room) => {
    const inRoom = placed
      .filter((session) => session.room === room)
      .sort((a, b) => a.from - b.from || b.to - a.to)
      .map((session) => ({ ...session, first: rowOf.get(session.from) ?? 0, last: rowOf.get(session.to) ?? 0 }));
    const laneEnds: number[] = [];
    const laneOf = inRoom.map((session) => {
      const free = laneEnds.findIndex((end) => end <= session.from);
      const lane = free === -1 ? laneEnds.length : free;
      laneEnds[lane] = session.to;
      return lane;
    });
    const lanes = Math.max(laneEnds.length, 1);
    const covered = Array.from({ length: lanes }, () => new Array<boolean>(rowCount).fill(false));
    const isFree = (lane: number, first: number, last: number) =>
      covered[lane]?.slice(first, last).every((taken) => !taken) ?? false;
    const cover = (lane: number, first: number, last: number) => covered[lane]?.fill(true, first, last);
    const cells: { lane: number; row: number; cell: GridCell<T> }[] = [];
    inRoom.forEach((session, index) => {
      const lane = laneOf[index] ?? 0;
      cover(lane, session.first, session.last);
      cells.push({
        lane,
        row: session.first,
        cell: { item: session.item, rows: session.last - session.first, lanes: 1 },
      });
    });
    // Widen each session into the free lanes to its right, in start order.
    for (const entry of cells) {
      const { cell, lane, row } = entry;
      if (cell.item === undefined) continue;
      let width = 1;
      while (isFree(lane + width, row, row + cell.rows)) {
        cover(lane + width, row, row + cell.rows);
        width += 1;
      }
      entry.cell = { item: cell.item, rows: cell.rows, lanes: width };
    }
    // What is left in each lane: runs of rows with nothing on, one cell each.
    covered.forEach((rows, lane) => {
      let row = 0;
      while (row < rowCount) {
        if (rows[row]) {
          row += 1;
          continue;
        }
        const first = row;
        while (row < rowCount && !rows[row]) row += 1;
        cells.push({ lane, row: first, cell: { rows: row - first, lanes: 1 } });
      }
    });
    return { lanes, cells };
  });

  const rows: GridRow<T>[] = Array.from({ length: rowCount }, (_, row) => ({ start: rowStart(row), cells: [] }));
  columns.forEach(({ cells }) => {
    // In lane order within the room, so that the table places each cell in its lane.
    for (const { row, cell } of [...cells].sort((a, b) => a.row - b.row || a.lane - b.lane))
      rows[row]?.cells.push(cell);
  });
  return { lanes: columns.map((column) => column.lanes), rows };
}
