import { useMemo } from "react";
import * as content from "../../content";
import { zoneAbbreviation } from "./time-in-edition-language";
import { useHydrated } from "./use-hydrated";

// Apart from display-zone.ts, which reads the agenda: the leaderboard needs only the event's zone, and the agenda
// would cost the voting page's first load the bytes of its JavaScript budget.

/**
 * The zone to give one instant in: the visitor's own (labelled as it stands at that instant, "GMT+9") once the page
 * runs in their browser; the event's in the prerendered HTML and the render that hydrates it, which is all a page
 * built ahead of time can know. `null` for no instant (the page has none to show): then no zone is worked out, and
 * no formatter made, since the first one a page makes loads the browser's locale data, a long task on a phone.
 */
export function useVisitorZoneAt(instant: string | null): { timeZone: string; label: string } | null {
  const hydrated = useHydrated();
  return useMemo(() => {
    if (instant === null) return null;
    if (!hydrated) return { timeZone: content.event.timeZone, label: content.event.timeZoneLabel };
    const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return { timeZone: visitorZone, label: zoneAbbreviation(instant, visitorZone) };
  }, [instant, hydrated]);
}
