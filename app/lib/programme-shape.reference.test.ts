import { describe, expect, it } from "vitest";
import { programmeShape } from "./programme-shape";

/**
 * The agenda header's English words for every shape of programme, which the reference edition (one day, one stream)
 * shows only the first of. programme-shape.test.ts checks which message any edition takes.
 */
describe("The agenda's header in English", () => {
  it("says how the sessions are spread: one stream, rooms, days", () => {
    expect(`24${programmeShape(0, 1)}`).toBe("24 sessions, one stream.");
    expect(`24${programmeShape(0, 3)}`).toBe("24 sessions over 3 days, one stream.");
    expect(`36${programmeShape(2, 3)}`).toBe("36 sessions in 2 rooms over 3 days.");
    expect(`12${programmeShape(2, 1)}`).toBe("12 sessions in 2 rooms.");
    expect(`5${programmeShape(1, 1)}`).toBe("5 sessions in one room.");
  });
});
