import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { zonedDate, zonedHourMinute } from "../../common/time";
import { editionDir, readEditionInput, sectionFiles } from "../../content/editions";
import { everyEdition } from "../../tests/every-edition";
import { validateEdition } from "../../content/validate";
import { moveEdition } from "./move-edition";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe.each(everyEdition)("Moving a copy of $id to a new day and zone", ({ id: editionId }) => {
  it("puts every session at the same wall-clock time on the new day, with the new zone's offsets, and stays valid", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "glosaic-move-"));
    roots.push(root);
    cpSync(editionDir(editionId), path.join(root, "next"), { recursive: true });
    const before = readEditionInput("next", root);
    await moveEdition(
      "next",
      {
        name: "Next Year",
        date: "2031-03-30",
        timeZone: "Europe/Berlin",
        timeZoneLabel: "CEST",
        votingOpens: "2031-03-01T00:00:00+01:00",
        votingCloses: "2031-03-30T18:00:00+02:00",
      },
      root,
    );
    const after = readEditionInput("next", root);
    const moved = validateEdition(after, "next");
    expect(moved.event).toMatchObject({ name: "Next Year", date: "2031-03-30", timeZone: "Europe/Berlin" });
    expect(moved.event.voting).toEqual({ opens: "2031-03-01T00:00:00+01:00", closes: "2031-03-30T18:00:00+02:00" });
    const {
      timeZone: fromZone,
      date: fromDate,
      endDate,
    } = before.event as {
      timeZone: string;
      date: string;
      endDate?: string;
    };
    // Each day moves by as many days as the first: an edition of several days keeps its length.
    const shift = Date.parse("2031-03-30") - Date.parse(fromDate);
    const movedDate = (date: string) => new Date(Date.parse(date) + shift).toISOString().slice(0, 10);
    expect(moved.event.endDate).toBe(endDate === undefined ? undefined : movedDate(endDate));
    (before.agenda as { start: string }[]).forEach((slot, i) => {
      const start = moved.agenda[i]?.start ?? "";
      // 30 March 2031 is the first day of summer time in Berlin: offsets are the day's own.
      expect(zonedDate(new Date(start), "Europe/Berlin")).toBe(movedDate(zonedDate(new Date(slot.start), fromZone)));
      expect(zonedHourMinute(start, "Europe/Berlin")).toEqual(zonedHourMinute(slot.start, fromZone));
    });
    // Written as the repository formats JSON, so the lint stays clean.
    expect(readFileSync(path.join(root, "next", sectionFiles.agenda), "utf8")).toMatch(/^\[\n {2}\{\n/);
  });
});
