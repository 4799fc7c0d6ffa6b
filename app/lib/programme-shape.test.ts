import { describe, expect, it } from "vitest";
import * as m from "../i18n/messages";
import { programmeShape } from "./programme-shape";

describe("The agenda's header", () => {
  // The English words are pinned in programme-shape.reference.test.ts; here, which message each programme takes.
  it("says how the sessions are spread: one stream, rooms, days", () => {
    expect(programmeShape(0, 1)).toBe(m.programmeShapeOneStream({ days: 1 }));
    expect(programmeShape(0, 3)).toBe(m.programmeShapeOneStream({ days: 3 }));
    expect(programmeShape(2, 3)).toBe(m.programmeShapeRooms({ rooms: 2, days: 3 }));
    expect(programmeShape(1, 1)).toBe(m.programmeShapeRooms({ rooms: 1, days: 1 }));
    expect(programmeShape(0, 3)).not.toBe(programmeShape(0, 1));
    expect(programmeShape(2, 1)).not.toBe(programmeShape(1, 1));
  });
});
