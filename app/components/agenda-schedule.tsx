import { memo, Suspense, useMemo } from "react";
import * as content from "../../content";
import * as m from "../i18n/messages";
import { useDisplayZone } from "../lib/display-zone";
import { programmeDays } from "../../common/programme-days";
import { useRenderedProgramme } from "../lib/programme";
import { AgendaBrowser } from "./agenda-browser";
import { SessionCard } from "./agenda-parts";
import { AgendaTable } from "./agenda-table";
import { MovedSessions } from "./late-mark";
import { useMovedSessions } from "../lib/use-show-schedule";

/**
 * The programme. An edition of one stream and one day (the reference edition) shows it whole: a table where there
 * is room for one (lg and up), one card per session on phones and tablets (at tablet width the table squeezed
 * session titles into a narrow column, a word or two a line), as the spec draws it. An edition with rooms, or of
 * several days, shows a day at a time, with search and filters (agenda-browser.tsx, decision 084).
 *
 * It reads the programme from its file (app/lib/programme.ts), not from the page's data, so it is wrapped in a
 * Suspense boundary that keeps the prerendered schedule until the file has come; its one prop, the page's own day,
 * does not change before then, and `memo` keeps the page's own updates from reaching it meanwhile. Once the page has
 * read the show, each session it moved is marked (issue 44): the marks follow it, the list is not rendered again.
 */
export const AgendaSchedule = memo(function AgendaSchedule({ pageDay }: { pageDay: string }) {
  const programme = useRenderedProgramme();
  const zone = useDisplayZone();
  // The programme is fixed for the life of the page: its days are found once, not on every render.
  const days = useMemo(() => programmeDays(programme.sessions, content.event.timeZone), [programme]);
  const moved = useMovedSessions();
  const [only] = days;
  return (
    <MovedSessions value={moved}>
      {programme.rooms.length === 0 && days.length === 1 && only ? (
        // The table and the cards are the page's largest parts, and only one of them is displayed: each is a Suspense
        // boundary of its own, which React hydrates apart from the rest of the page (selective hydration), so neither
        // holds the main thread with the other's work, and a tap on one hydrates that one first.
        <>
          <Suspense>
            <AgendaTable date={only.date} sessions={only.sessions} zone={zone} />
          </Suspense>
          <Suspense>
            <ol aria-label={m.agendaScheduleLabel({ day: "none" })} className="flex flex-col gap-3 lg:hidden">
              {only.sessions.map((row) => (
                <SessionCard key={row.id} row={row} zone={zone} day={only.date} />
              ))}
            </ol>
          </Suspense>
        </>
      ) : (
        <AgendaBrowser programme={programme} days={days} pageDay={pageDay} zone={zone} />
      )}
    </MovedSessions>
  );
});
