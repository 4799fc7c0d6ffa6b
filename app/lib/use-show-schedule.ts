import { useEffect, useMemo, useState } from "react";
import * as content from "../../content";
import type { ShowState } from "../../common/show-contract";
import { useProgramme } from "./programme";
import { usePageShow } from "./show";

type ShowSchedule = typeof import("./show-schedule");

/** Whether the show moves any session: a page that has not the programme fetches it only then. */
export function showMoves(show: ShowState | undefined): boolean {
  return Object.values(show?.stages ?? {}).some((stage) => stage.delayMinutes !== 0 && stage.delayFrom !== null);
}

/** Whether the show changes what the programme has on air: a session moved, or one on stage by hand. */
export function showChangesProgramme(show: ShowState | undefined): boolean {
  return showMoves(show) || Object.values(show?.stages ?? {}).some((stage) => stage.onStage !== null);
}

let loaded: ShowSchedule | undefined;

/**
 * show-schedule.ts, for the pages that show the programme beside other things (the agenda, its live strip, the talk
 * pages), once the show changes what the programme has on air: fetched then, so that their first load, near the
 * budget of first-load script, carries nothing for a day that runs on time (decision 092). Undefined until then: the
 * printed programme is the show's.
 */
export function useShowSchedule(show: ShowState | undefined): ShowSchedule | undefined {
  const needed = showChangesProgramme(show);
  const [schedule, setSchedule] = useState(loaded);
  useEffect(() => {
    if (!needed || schedule) return;
    void import("./show-schedule").then((module) => {
      loaded = module;
      setSchedule(module);
    });
  }, [needed, schedule]);
  return needed ? schedule : undefined;
}

/** What a day running on time moves: nothing. */
const onTime: ReadonlyMap<string, number> = new Map();

/**
 * The minutes the show moved each session it moved, by id, for a page that lists sessions (the agenda, a visitor's
 * own schedule, a track): empty until the show moves one. The programme is read then, for the session each delay
 * runs from (a page that reads it already shares that read).
 */
export function useMovedSessions(): ReadonlyMap<string, number> {
  const show = usePageShow();
  const schedule = useShowSchedule(show);
  const programme = useProgramme(schedule !== undefined && showMoves(show));
  return useMemo(
    () =>
      schedule && programme ? schedule.movedSessions(programme.sessions, content.onAirSpans, show?.stages) : onTime,
    [schedule, programme, show?.stages],
  );
}
