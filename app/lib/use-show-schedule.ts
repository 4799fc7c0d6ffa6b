import { useEffect, useState } from "react";
import type { ShowState } from "../../common/show-contract";

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
