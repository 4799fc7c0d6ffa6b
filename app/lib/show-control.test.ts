import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { compactProgramme } from "../../content/programme";
import {
  announcementLimits,
  idleStage,
  mainStage,
  type Announcement,
  type ShowState,
} from "../../common/show-contract";
import {
  changedSince,
  clampDelay,
  controlStages,
  defaultDelayFrom,
  hasBackupStream,
  undoOf,
  viewersGraph,
} from "./show-control";

const minute = 60_000;

describe.each(everyEdition)("The control room of $id", ({ edition }) => {
  const programme = compactProgramme(edition);
  const stages = controlStages(programme);

  it("has a stage per room (or the one stream), each with its sessions in time order, every session on one", () => {
    expect(stages.map((stage) => stage.id)).toEqual(
      edition.rooms.length > 0 ? edition.rooms.map((room) => room.id) : [mainStage],
    );
    const placed = stages.flatMap((stage) => stage.sessions.map((session) => session.id));
    expect(placed.toSorted()).toEqual(edition.agenda.map((slot) => slot.id).toSorted());
    for (const stage of stages) {
      const starts = stage.sessions.map((session) => Date.parse(session.start));
      expect(starts).toEqual(starts.toSorted((a, b) => a - b));
      for (const session of stage.sessions) expect(session.room).toBe(stage.room);
    }
  });

  it("starts a delay from the stage's own delay, else the session on air, else the next, else the last", () => {
    for (const { sessions } of stages) {
      const [first, second] = sessions;
      const last = sessions.at(-1);
      if (!first || !last) continue;
      const at = (time: number) => defaultDelayFrom(new Date(time), sessions, idleStage);
      expect(at(Date.parse(first.start) - minute)).toBe(first.id);
      // Mid-session, one on air then (in a room where sessions overlap, any of those running).
      const middle = (Date.parse(first.start) + Date.parse(first.end)) / 2;
      const running = sessions.filter(
        (session) => Date.parse(session.start) <= middle && middle < Date.parse(session.end),
      );
      expect(running.map((session) => session.id)).toContain(at(middle));
      expect(at(Date.parse(last.end) + minute)).toBe(last.id);
      if (second) {
        const late = { ...idleStage, delayMinutes: 10, delayFrom: second.id };
        expect(defaultDelayFrom(new Date(Date.parse(first.start)), sessions, late)).toBe(second.id);
      }
    }
  });

  it("offers a backup stream where stage.json names one for that stage, and only there", () => {
    for (const stage of stages) {
      const backup = edition.stage.backup;
      const named = stage.room === undefined ? backup?.stream : backup?.rooms[stage.room];
      expect(hasBackupStream(edition.stage, stage.room)).toBe(named !== undefined);
    }
  });
});

describe("The undo of a show action", () => {
  const now = new Date("2026-10-08T10:00:00Z");
  const announcement: Announcement = {
    id: "a-1",
    text: "Lunch is served <b>upstairs</b>",
    link: "https://example.org/lunch",
    level: "urgent",
    until: new Date(now.getTime() + 25.5 * minute).toISOString(),
  };
  const show = (stage: Partial<typeof idleStage>, shown: Announcement | null = null): ShowState => ({
    stages: { lab: { ...idleStage, ...stage } },
    announcement: shown,
  });

  it("puts a stage back on time from the same session, or back to its earlier delay", () => {
    const action = { action: "delay", stage: "lab", minutes: 10, from: "s-2" } as const;
    expect(undoOf(action, show({}), now)).toEqual({ action: "delay", stage: "lab", minutes: 0, from: "s-2" });
    expect(undoOf(action, show({ delayMinutes: 5, delayFrom: "s-1" }), now)).toEqual({
      action: "delay",
      stage: "lab",
      minutes: 5,
      from: "s-1",
    });
  });

  it("puts back the session on stage (or the clock) and the stream", () => {
    expect(undoOf({ action: "on-stage", stage: "lab", session: "s-3" }, show({}), now)).toEqual({
      action: "on-stage",
      stage: "lab",
      session: null,
    });
    expect(undoOf({ action: "on-stage", stage: "lab", session: null }, show({ onStage: "s-3" }), now)).toEqual({
      action: "on-stage",
      stage: "lab",
      session: "s-3",
    });
    expect(undoOf({ action: "stream", stage: "lab", source: "slate" }, show({ stream: "backup" }), now)).toEqual({
      action: "stream",
      stage: "lab",
      source: "backup",
    });
  });

  it("is not sent once what the action set has been changed since, by anyone, and is sent over other changes", () => {
    const late = show({ delayMinutes: 10, delayFrom: "s-2" });
    const delay = { action: "delay", stage: "lab", minutes: 10, from: "s-2" } as const;
    expect(changedSince(delay, late, late)).toBe(false);
    expect(changedSince(delay, late, show({ delayMinutes: 15, delayFrom: "s-2" }))).toBe(true);
    expect(changedSince(delay, late, show({ delayMinutes: 10, delayFrom: "s-3" }))).toBe(true);
    // The same stage's stream, or another stage, changed meanwhile: the delay is still the moderator's own.
    expect(changedSince(delay, late, show({ delayMinutes: 10, delayFrom: "s-2", stream: "slate" }))).toBe(false);
    expect(changedSince(delay, late, { ...late, stages: { ...late.stages, hall: idleStage } })).toBe(false);
    const slate = { action: "stream", stage: "lab", source: "slate" } as const;
    expect(changedSince(slate, show({ stream: "slate" }), show({ stream: "backup" }))).toBe(true);
    const byHand = { action: "on-stage", stage: "lab", session: "s-3" } as const;
    expect(changedSince(byHand, show({ onStage: "s-3" }), show({}))).toBe(true);
    expect(changedSince(byHand, show({ onStage: "s-3" }), show({ onStage: "s-3", delayMinutes: 5 }))).toBe(false);
    const announce = { action: "announce", text: "Doors open" } as const;
    expect(changedSince(announce, show({}, announcement), show({}, announcement))).toBe(false);
    expect(changedSince(announce, show({}, announcement), show({}, { ...announcement, id: "a-2" }))).toBe(true);
    expect(changedSince({ action: "clear-announcement" }, show({}), show({}, announcement))).toBe(true);
  });

  it("takes a stage the show does not list (yet) as idle", () => {
    expect(undoOf({ action: "stream", stage: "hall", source: "slate" }, show({}), now)).toEqual({
      action: "stream",
      stage: "hall",
      source: "main",
    });
  });

  it("clears a first announcement, and makes the one before again for the minutes it had left", () => {
    const announce = { action: "announce", text: "Doors open" } as const;
    expect(undoOf(announce, show({}), now)).toEqual({ action: "clear-announcement" });
    const again = {
      action: "announce",
      text: announcement.text,
      link: announcement.link,
      level: "urgent",
      minutes: 26,
    };
    expect(undoOf(announce, show({}, announcement), now)).toEqual(again);
    expect(undoOf({ action: "clear-announcement" }, show({}, announcement), now)).toEqual(again);
    expect(undoOf({ action: "clear-announcement" }, show({}, { ...announcement, until: null }), now)).toEqual({
      ...again,
      minutes: null,
    });
  });

  it("does not bring back an announcement whose time was up", () => {
    const ended = { ...announcement, until: new Date(now.getTime() - minute).toISOString() };
    expect(undoOf({ action: "clear-announcement" }, show({}, ended), now)).toEqual({ action: "clear-announcement" });
  });

  it("keeps the minutes within the contract's limits", () => {
    const far = {
      ...announcement,
      until: new Date(now.getTime() + 3 * announcementLimits.minutes * minute).toISOString(),
    };
    expect(undoOf({ action: "clear-announcement" }, show({}, far), now)).toMatchObject({
      minutes: announcementLimits.minutes,
    });
    expect(clampDelay(250, { min: -60, max: 240 })).toBe(240);
    expect(clampDelay(-70, { min: -60, max: 240 })).toBe(-60);
    expect(clampDelay(15, { min: -60, max: 240 })).toBe(15);
  });
});

describe("The viewers' graph", () => {
  it("runs from the first minute to the last, the peak at the top and none at the bottom", () => {
    const graph = viewersGraph(
      [
        ["2026-10-08T09:00:00Z", 0],
        ["2026-10-08T09:01:00Z", 4],
        ["2026-10-08T09:04:00Z", 2],
      ],
      300,
      60,
    );
    expect(graph.points).toBe("0,60 75,0 300,30");
    expect(graph.peak).toEqual({ count: 4, minute: "2026-10-08T09:01:00Z" });
  });

  it("draws one minute as a flat line across, and nothing without a minute", () => {
    expect(viewersGraph([["2026-10-08T09:00:00Z", 3]], 300, 60).points).toBe("0,0 300,0");
    expect(viewersGraph([], 300, 60)).toEqual({ points: "", peak: undefined });
  });

  it("keeps a day of no viewers on the floor", () => {
    expect(
      viewersGraph(
        [
          ["2026-10-08T09:00:00Z", 0],
          ["2026-10-08T09:01:00Z", 0],
        ],
        300,
        60,
      ).points,
    ).toBe("0,60 300,60");
  });
});
