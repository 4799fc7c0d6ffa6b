import type { ProgrammeSession } from "../../content/programme";
import * as content from "../../content";
import * as m from "../i18n/messages";
import type { DisplayZone } from "../lib/display-zone";
import { sessionTypeWords } from "../lib/session-type-words";
import { Choose, People, Recording, SessionTitle } from "./agenda-parts";
import { SessionMoved } from "./late-mark";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";

/**
 * A stream's sessions in a table, a row each: the reference edition's day, and the wide layout of an edition of
 * one stream over several days (`dayName` then names the day in its caption).
 */
export function AgendaTable({
  date,
  sessions,
  zone,
  dayName = "none",
}: {
  date: string;
  sessions: ProgrammeSession[];
  zone: DisplayZone;
  dayName?: string;
}) {
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-left lg:table">
      <caption className="sr-only">
        {m.agendaCaption({ name: content.event.name, day: dayName, layout: "list", zone: zone.description })}
      </caption>
      <thead>
        <tr className="text-sm text-muted">
          <th scope="col" className="w-44 border-b border-line py-3 pr-4 font-semibold">
            {m.agendaTimeHeader({ zone: zone.label })}
          </th>
          <th scope="col" className="w-40 border-b border-line py-3 pr-4 font-semibold">
            {m.agendaTypeHeader}
          </th>
          <th scope="col" className="border-b border-line py-3 pr-4 font-semibold">
            {m.agendaSessionHeader}
          </th>
          <th scope="col" className="w-[34%] border-b border-line py-3 font-semibold">
            {m.agendaSpeakersHeader}
          </th>
        </tr>
      </thead>
      <tbody>
        {sessions.map((row) => (
          <tr key={row.id} className="align-top">
            <td className="border-b border-line py-4 pr-4 font-display font-semibold">
              <SessionTime start={row.start} end={row.end} zone={zone} day={date} />
              <SessionMoved id={row.id} className="mt-2" />
            </td>
            <td className="border-b border-line py-4 pr-4">
              <Badge tone={row.type}>{sessionTypeWords(row.type)}</Badge>
            </td>
            <th scope="row" className="border-b border-line py-4 pr-4 text-lg font-bold text-balance">
              <SessionTitle row={row} />
              <Recording slot={row} className="mt-2" />
            </th>
            <td className="border-b border-line py-4 text-white/85">
              <People row={row} />
              <Choose slot={row} className="mt-3" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
