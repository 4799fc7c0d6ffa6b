import { createContext, useContext } from "react";
import * as m from "../i18n/messages";

/**
 * "About 10 minutes late" (or early): a session the show moved (issue 44). Nothing at all for a session on time, so
 * that a programme of a thousand sessions pays for the marks of the few that moved, and only once the page has read
 * the show (the prerendered programme is the printed one).
 */
export function LateMark({ minutes, className = "" }: { minutes: number | undefined; className?: string }) {
  if (!minutes) return null;
  // Words in the colour the programme already writes a moved day in (SessionTime's other day), a clock before them:
  // a line that wraps in a narrow column, as a pill's border would not.
  return (
    <span className={`flex items-start gap-1.5 font-sans text-sm font-semibold text-orchid ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor">
        <circle cx="8" cy="8" r="6.25" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {minutes > 0 ? m.liveLate({ minutes }) : m.liveEarly({ minutes: -minutes })}
    </span>
  );
}

/**
 * The minutes the show moved each session it moved, by id (show-schedule.ts's `movedSessions`), for a page that
 * lists many: each session's mark reads it, so that a change of the show renders the marks again, not the list.
 */
export const MovedSessions = createContext<ReadonlyMap<string, number>>(new Map());

/** A listed session's mark, from the page's `MovedSessions`. */
export function SessionMoved({ id, className = "" }: { id: string; className?: string }) {
  return <LateMark minutes={useContext(MovedSessions).get(id)} className={className} />;
}
