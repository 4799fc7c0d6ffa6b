import { idleStage, stageOfSession, type ShowState, type StageShow } from "../../common/show-contract";
import type { Timed } from "./on-air";

/**
 * The programme as the show runs it (issue 44): the printed programme with each stage's delay applied. Everything
 * that follows the programme (the stage, the overlays, the live strip, the home page, the talk pages) draws from
 * this rather than from the printed times, through the functions it already had (on-air.ts, stage.ts, overlay.ts),
 * so that what is on air is decided in one place whoever asks.
 */

/** A session of the programme: its instants, its id and its room (none: the one stream). */
export type Scheduled = Timed & { id: string; room?: string | undefined };

/** A session as the show runs it: its instants moved, and by how many minutes (absent when the show left it). */
export type Shown<T> = T & { moved?: number };

/** The programme as the show runs it: its sessions in time order, and its days on air extended by their delays. */
export interface ShownProgramme<T> {
  sessions: readonly Shown<T>[];
  spans: readonly Timed[];
}

/** One stage's show; a stage the show does not list (or before the show has answered) is idle. */
export function stageShow(show: ShowState | undefined, stage: string): StageShow {
  return show?.stages[stage] ?? idleStage;
}

/**
 * How many minutes the show moved each session it moved: `delayFrom` and every later session of its stage on the
 * same programme day (one of the edition's `spans`, the days on air) by the stage's `delayMinutes`. Empty when
 * every stage is on time, or names a session it does not have.
 */
export function movedSessions(
  sessions: readonly Scheduled[],
  spans: readonly Timed[],
  stages: ShowState["stages"] | undefined,
): Map<string, number> {
  const moved = new Map<string, number>();
  for (const [stage, { delayMinutes, delayFrom }] of Object.entries(stages ?? {})) {
    if (delayMinutes === 0 || delayFrom === null) continue;
    const from = sessions.find((session) => session.id === delayFrom && stageOfSession(session) === stage);
    const start = from ? Date.parse(from.start) : NaN;
    const day = spans.find((span) => Date.parse(span.start) <= start && start < Date.parse(span.end));
    if (!day) continue;
    const dayEnd = Date.parse(day.end);
    for (const session of sessions) {
      const at = Date.parse(session.start);
      if (at >= start && at < dayEnd && stageOfSession(session) === stage) moved.set(session.id, delayMinutes);
    }
  }
  return moved;
}

/** An ISO instant `minutes` later (earlier when negative), written with the same offset as it was. */
export function movedInstant(instant: string, minutes: number): string {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(instant);
  const offsetMinutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const wall = new Date(Date.parse(instant) + (minutes + offsetMinutes) * 60_000).toISOString().slice(0, 19);
  return `${wall}${offset ? offset[0] : "Z"}`;
}

/**
 * The programme with the show applied: each moved session's start and end moved, carrying how far (`moved`), and
 * each day on air from its earliest start to its latest end as moved (a day whose last session runs late stays on
 * air until it ends). Nothing moved: the same sessions and spans, unchanged.
 */
export function showProgramme<T extends Scheduled>(
  sessions: readonly T[],
  spans: readonly Timed[],
  show: ShowState | undefined,
): ShownProgramme<T> {
  const moved = movedSessions(sessions, spans, show?.stages);
  if (moved.size === 0) return { sessions, spans };
  const shown: Shown<T>[] = sessions.map((session) => {
    const minutes = moved.get(session.id);
    return minutes === undefined
      ? session
      : {
          ...session,
          start: movedInstant(session.start, minutes),
          end: movedInstant(session.end, minutes),
          moved: minutes,
        };
  });
  const days = spans.map((span) => {
    // A day's sessions by their printed start, which the day's span holds.
    const own = shown.filter((_, index) => {
      const start = Date.parse(sessions[index]?.start ?? "");
      return Date.parse(span.start) <= start && start < Date.parse(span.end);
    });
    const start = Math.min(...own.map((session) => Date.parse(session.start)));
    const end = Math.max(...own.map((session) => Date.parse(session.end)));
    // A day the show did not stretch keeps its instants as written: pages name a day by its start.
    return {
      start: start < Date.parse(span.start) ? new Date(start).toISOString() : span.start,
      end: end > Date.parse(span.end) ? new Date(end).toISOString() : span.end,
    };
  });
  // In time order again, as every reader of a programme expects: one stage's late sessions may now follow another's.
  return { sessions: shown.toSorted((a, b) => Date.parse(a.start) - Date.parse(b.start)), spans: days };
}

/** The session a stage has on stage by hand, as the show runs it (its moved instants), or null: the clock decides. */
export function onStageSession<T extends Scheduled>(sessions: readonly T[], stage: StageShow): T | null {
  return stage.onStage === null ? null : (sessions.find((session) => session.id === stage.onStage) ?? null);
}
