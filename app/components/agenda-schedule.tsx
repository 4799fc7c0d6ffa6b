import { Link } from "react-router";
import * as content from "../../content";
import type { AgendaSlot, Speaker } from "../../content";
import { useDisplayZone, type DisplayZone } from "../lib/display-zone";
import { speakerById, speakersByIds } from "../lib/lookups";
import { talkPathOf } from "../lib/talk-paths";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";

interface Row {
  slot: AgendaSlot;
  talkPath: string | undefined;
  people: Speaker[];
  host: Speaker | undefined;
}

// The content is fixed for the life of the page: resolve each slot's talk and people once, not on every render.
const rows: Row[] = content.agenda.map((slot) => ({
  slot,
  talkPath: talkPathOf(slot.talkId),
  people: speakersByIds(slot.speakerIds),
  host: slot.hostId ? speakerById(slot.hostId) : undefined,
}));

/**
 * The whole day: a table where there is room for one (lg and up), one card per session on phones and tablets
 * (at tablet width the table squeezed session titles into a narrow column, a word or two a line). Both are in
 * the HTML and CSS shows one, so the right layout paints before any JavaScript runs.
 */
export function AgendaSchedule() {
  const zone = useDisplayZone();
  return (
    <>
      <AgendaTable rows={rows} zone={zone} />
      <AgendaCards rows={rows} zone={zone} />
    </>
  );
}

function AgendaTable({ rows, zone }: { rows: Row[]; zone: DisplayZone }) {
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-left lg:table">
      <caption className="sr-only">
        Schedule of {content.event.name}, times in {zone.description}
      </caption>
      <thead>
        <tr className="text-sm text-muted">
          <th scope="col" className="w-44 border-b border-line py-3 pr-4 font-semibold">
            Time ({zone.label})
          </th>
          <th scope="col" className="w-40 border-b border-line py-3 pr-4 font-semibold">
            Type
          </th>
          <th scope="col" className="border-b border-line py-3 pr-4 font-semibold">
            Session
          </th>
          <th scope="col" className="w-[34%] border-b border-line py-3 font-semibold">
            Speakers
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.slot.id} className="align-top">
            <td className="border-b border-line py-4 pr-4 font-display font-semibold">
              <SessionTime start={row.slot.start} end={row.slot.end} zone={zone} />
            </td>
            <td className="border-b border-line py-4 pr-4">
              <Badge tone={row.slot.type}>{row.slot.type}</Badge>
            </td>
            <th scope="row" className="border-b border-line py-4 pr-4 text-lg font-bold text-balance">
              <SessionTitle row={row} />
            </th>
            <td className="border-b border-line py-4 text-white/85">
              <People row={row} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgendaCards({ rows, zone }: { rows: Row[]; zone: DisplayZone }) {
  return (
    <ol aria-label="Schedule" className="flex flex-col gap-3 lg:hidden">
      {rows.map((row) => (
        <li key={row.slot.id} className="flex flex-col gap-2 rounded-2xl border border-line bg-panel p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-display font-semibold">
              <SessionTime start={row.slot.start} end={row.slot.end} zone={zone} />
            </p>
            <Badge tone={row.slot.type}>{row.slot.type}</Badge>
          </div>
          <h3 className="text-lg font-bold">
            <SessionTitle row={row} />
          </h3>
          {row.people.length > 0 || row.host ? (
            <p className="text-white/85">
              <People row={row} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function SessionTitle({ row }: { row: Row }) {
  return row.talkPath ? (
    <Link to={row.talkPath} className="underline decoration-white/30 underline-offset-4 hover:decoration-white">
      {row.slot.title}
    </Link>
  ) : (
    <>{row.slot.title}</>
  );
}

function People({ row }: { row: Row }) {
  return (
    <>
      {row.people.map((person) => person.name).join(", ")}
      {row.host ? <span className="block text-sm text-muted">Hosted by {row.host.name}</span> : null}
    </>
  );
}
