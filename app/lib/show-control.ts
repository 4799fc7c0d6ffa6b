import {
  announcementLimits,
  currentAnnouncement,
  idleStage,
  mainStage,
  stageOfSession,
  type ShowAction,
  type ShowState,
  type StageShow,
} from "../../common/show-contract";
import type { Programme, ProgrammeSession } from "../../content/programme";
import type { Stage } from "../../content";
import { streamOf } from "./stage";

/**
 * What the control room on /moderate decides (issue 44), apart from how it draws it: the stages and their sessions,
 * the session a delay starts from by default, the action that undoes another, and the viewers' graph.
 */

export interface ControlStage {
  /** The stage's id: its room's, or `main` in an edition without rooms. */
  id: string;
  /** Its room's name; undefined for the one stream, which the page names in its own words. */
  name: string | undefined;
  /** Its room's id; undefined for the one stream. */
  room: string | undefined;
  /** Its sessions in time order. */
  sessions: ProgrammeSession[];
}

/** Sends an action from a part of the control room (a stage's id, or "announcement"); true when the server took it. */
export type Send = (where: string, action: ShowAction) => Promise<boolean>;

/** The edition's stages: each room's in the programme's order, or the one stream. */
export function controlStages(programme: Pick<Programme, "rooms" | "sessions">): ControlStage[] {
  const inTime = programme.sessions.toSorted((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const of = (stage: string) => inTime.filter((session) => stageOfSession(session) === stage);
  if (programme.rooms.length === 0)
    return [{ id: mainStage, name: undefined, room: undefined, sessions: of(mainStage) }];
  return programme.rooms.map((room) => ({ id: room.id, name: room.name, room: room.id, sessions: of(room.id) }));
}

/** Whether the stage has a backup stream to switch to (stage.json's `backup`): the server refuses one it has not. */
export function hasBackupStream(stage: Stage, room: string | undefined): boolean {
  return stage.backup !== undefined && streamOf(stage.backup, room) !== undefined;
}

/** Whether a stage runs otherwise than the printed programme and the clock say: late or early, by hand, or off main. */
export function runsAsPrinted(state: StageShow): boolean {
  return state.delayMinutes === 0 && state.onStage === null && state.stream === "main";
}

/** A stage's show, or the idle one for a stage the server has not listed (yet). */
export function stageShow(show: ShowState | undefined, stage: string): StageShow {
  return show?.stages[stage] ?? idleStage;
}

/**
 * The session a new delay starts from, unless the moderator picks another: the one the stage already runs late
 * from, else the one on air by the clock (the last to start, as the stage says), else the next to start, else the
 * stage's last. Undefined for a stage without sessions.
 */
export function defaultDelayFrom(
  now: Date,
  sessions: readonly ProgrammeSession[],
  stage: StageShow,
): string | undefined {
  if (stage.delayFrom !== null) return stage.delayFrom;
  const at = now.getTime();
  const onAir = sessions.findLast((session) => Date.parse(session.start) <= at && at < Date.parse(session.end));
  return (onAir ?? sessions.find((session) => Date.parse(session.start) > at) ?? sessions.at(-1))?.id;
}

/** A delay in minutes kept within the contract's limits: a quick "+10" near the top cannot be refused for it. */
export function clampDelay(minutes: number, limits: { min: number; max: number }): number {
  return Math.min(limits.max, Math.max(limits.min, minutes));
}

/**
 * The action that puts back what `action` changed, from the show as it stood before it. A delay goes back to the
 * stage's earlier delay (or to on time from the same session), the stage and the stream to what they were, and an
 * announcement to the one shown before (made again, for the minutes it had left, so a new id) or to none.
 */
export function undoOf(action: ShowAction, before: ShowState, now: Date): ShowAction {
  switch (action.action) {
    case "delay": {
      const stage = stageShow(before, action.stage);
      return stage.delayFrom === null
        ? { action: "delay", stage: action.stage, minutes: 0, from: action.from }
        : { action: "delay", stage: action.stage, minutes: stage.delayMinutes, from: stage.delayFrom };
    }
    case "on-stage":
      return { action: "on-stage", stage: action.stage, session: stageShow(before, action.stage).onStage };
    case "stream":
      return { action: "stream", stage: action.stage, source: stageShow(before, action.stage).stream };
    case "announce":
    case "clear-announcement": {
      const shown = currentAnnouncement(before, now);
      if (!shown) return { action: "clear-announcement" };
      const left =
        shown.until === null
          ? null
          : Math.min(
              announcementLimits.minutes,
              Math.max(1, Math.ceil((Date.parse(shown.until) - now.getTime()) / 60_000)),
            );
      return { action: "announce", text: shown.text, link: shown.link, level: shown.level, minutes: left };
    }
  }
}

/**
 * Whether what `action` set has been changed since its answer (`after`), by another moderator or another screen:
 * an Undo then would overwrite that change rather than put back the moderator's own, so it is not sent.
 */
export function changedSince(action: ShowAction, after: ShowState, now: ShowState): boolean {
  switch (action.action) {
    case "delay": {
      const [was, is] = [stageShow(after, action.stage), stageShow(now, action.stage)];
      return was.delayMinutes !== is.delayMinutes || was.delayFrom !== is.delayFrom;
    }
    case "on-stage":
      return stageShow(after, action.stage).onStage !== stageShow(now, action.stage).onStage;
    case "stream":
      return stageShow(after, action.stage).stream !== stageShow(now, action.stage).stream;
    case "announce":
    case "clear-announcement":
      return (after.announcement?.id ?? null) !== (now.announcement?.id ?? null);
  }
}

/** The viewers' day as a graph: a polyline's points in a box of `width` by `height`, with its peak and its last. */
export interface ViewersGraph {
  /** SVG `points`, x by the minute (first to last), y by the count (0 at the bottom, the peak at the top). */
  points: string;
  peak: { count: number; minute: string } | undefined;
}

export function viewersGraph(
  history: readonly (readonly [minute: string, count: number])[],
  width: number,
  height: number,
): ViewersGraph {
  const first = history[0];
  if (!first) return { points: "", peak: undefined };
  const start = Date.parse(first[0]);
  const span = Date.parse(history[history.length - 1]?.[0] ?? first[0]) - start;
  const top = Math.max(1, ...history.map(([, count]) => count));
  const y = (count: number) => round(height - (count / top) * height);
  const peak = history.reduce((best, point) => (point[1] > best[1] ? point : best), first);
  return {
    // One minute alone is drawn across the box: a flat line rather than a dot nobody sees.
    points:
      span === 0
        ? `0,${y(first[1])} ${String(width)},${y(first[1])}`
        : history
            .map(([minute, count]) => `${round(((Date.parse(minute) - start) / span) * width)},${y(count)}`)
            .join(" "),
    peak: { count: peak[1], minute: peak[0] },
  };
}

const round = (value: number) => String(Math.round(value * 10) / 10);
