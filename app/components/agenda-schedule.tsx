import type { ProgrammeRoom, ProgrammeSession } from "../../content/programme";
import { memo, Suspense, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import * as content from "../../content";
import * as m from "../i18n/messages";
import { useDisplayZone, type DisplayZone } from "../lib/display-zone";
import { useEditionPhase } from "../lib/use-edition-phase";
import { dayAnchor, programmeDays, timetable, type TimetableRow } from "../../common/programme-days";
import { formatClock, formatDayName } from "../lib/time-in-edition-language";
import { useHydrated } from "../lib/use-hydrated";
import { useRenderedProgramme } from "../lib/programme";
import { isChoosable } from "../../common/my-schedule";
import { ExternalLink } from "./external-link";
import { FavouriteToggle } from "./favourite-toggle";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";
import { sessionTypeWords } from "../lib/session-type-words";

interface Day {
  date: string;
  rows: ProgrammeSession[];
  /** The rooms side by side, in an edition with rooms. */
  timetable: TimetableRow<ProgrammeSession>[];
}

/** What the schedule's parts share: the rooms, and whether there are several days. */
interface Layout {
  rooms: ProgrammeRoom[];
  severalDays: boolean;
}

/**
 * The whole programme: a table where there is room for one (lg and up), one card per session on phones and tablets
 * (at tablet width the table squeezed session titles into a narrow column, a word or two a line). Both are in
 * the HTML and CSS shows one, so the right layout paints before any JavaScript runs.
 *
 * An edition that spans days has a section per day and a switch between them; one with rooms shows them side by
 * side in the table, names each card's room, and offers narrow screens a filter by room.
 *
 * It reads the programme from its file (app/lib/programme.ts), not from the page's data, so it is wrapped in a
 * Suspense boundary that keeps the prerendered schedule until the file has come; it takes no props, and `memo`
 * keeps the page's own updates from reaching it meanwhile.
 */
export const AgendaSchedule = memo(function AgendaSchedule() {
  const programme = useRenderedProgramme();
  const zone = useDisplayZone();
  // The room whose cards alone show on a narrow screen; none chosen, every room's.
  const [shownRoom, showRoom] = useState<ProgrammeRoom | undefined>();
  const { rooms } = programme;
  // The programme is fixed for the life of the page: lay out each day once, not on every render.
  const days: Day[] = useMemo(() => {
    const roomIds = programme.rooms.map((room) => room.id);
    return programmeDays(programme.sessions, content.event.timeZone).map(({ date, sessions }) => ({
      date,
      rows: sessions,
      timetable: roomIds.length > 0 ? timetable(sessions, roomIds, (session) => session) : [],
    }));
  }, [programme]);
  const layout: Layout = { rooms, severalDays: days.length > 1 };
  // The table and the cards are the page's largest parts, and only one of them is displayed: each is a Suspense
  // boundary of its own, which React hydrates apart from the rest of the page (selective hydration), so neither
  // holds the main thread with the other's work, and a tap on one hydrates that one first.
  const schedule = (day: Day) => (
    <>
      <Suspense>
        {rooms.length > 0 ? (
          <RoomTable day={day} zone={zone} layout={layout} />
        ) : (
          <AgendaTable day={day} zone={zone} layout={layout} />
        )}
      </Suspense>
      <Suspense>
        <AgendaCards day={day} zone={zone} layout={layout} shownRoom={shownRoom} />
      </Suspense>
    </>
  );
  const filter = { rooms, days, shownRoom, showRoom };
  if (!layout.severalDays) return days[0] ? withRoomFilter(schedule(days[0]), filter) : null;
  return (
    <>
      <nav aria-labelledby="days-title" className="mb-8 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id="days-title" className="font-sans text-sm font-semibold text-muted">
          {m.agendaDays}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {days.map((day) => (
            <li key={day.date}>
              <a
                href={`#${dayAnchor(day.date)}`}
                className="inline-flex min-h-11 items-center rounded-full border border-white/30 px-4 text-sm font-semibold text-white/85 hover:border-white hover:text-white"
              >
                {formatDayName(day.date, "short")}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {withRoomFilter(
        <div className="flex flex-col gap-12">
          {days.map((day) => (
            <section key={day.date} id={dayAnchor(day.date)} aria-labelledby={`${dayAnchor(day.date)}-title`}>
              <h2 id={`${dayAnchor(day.date)}-title`} className="mb-6 text-2xl font-bold sm:text-3xl">
                {formatDayName(day.date, "long")}
              </h2>
              {schedule(day)}
            </section>
          ))}
        </div>,
        filter,
      )}
    </>
  );
});

interface FilterProps {
  rooms: ProgrammeRoom[];
  days: Day[];
  shownRoom: ProgrammeRoom | undefined;
  showRoom: (room: ProgrammeRoom | undefined) => void;
}

/** The schedule, after the room filter where the edition has rooms. */
function withRoomFilter(schedule: ReactNode, filter: FilterProps) {
  if (filter.rooms.length === 0) return schedule;
  return (
    <>
      <RoomFilter {...filter} />
      {schedule}
    </>
  );
}

/**
 * Narrow screens list sessions one under another, so a visitor following one room can hide the others. The buttons
 * need JavaScript: without it they are not shown (every card names its room), and until the page has hydrated they
 * keep their place but stay invisible, so nothing moves when they appear and no click is lost. Wide screens show
 * the rooms side by side and need no filter.
 */
function RoomFilter({ rooms, days, shownRoom, showRoom }: FilterProps) {
  const hydrated = useHydrated();
  const count = days.reduce((sum, day) => sum + day.rows.filter((row) => row.room === shownRoom?.id).length, 0);
  return (
    <div
      className={`mb-8 flex flex-wrap items-center gap-x-4 gap-y-2 noscript:hidden lg:hidden ${hydrated ? "" : "invisible"}`}
    >
      <p id="rooms-title" className="text-sm font-semibold text-muted">
        {m.agendaRooms}
      </p>
      <div role="group" aria-labelledby="rooms-title" className="flex flex-wrap gap-2">
        {[undefined, ...rooms].map((room) => (
          <button
            key={room?.id ?? ""}
            type="button"
            aria-pressed={shownRoom === room}
            onClick={() => {
              showRoom(room);
            }}
            className="min-h-11 rounded-full border border-white/30 px-4 text-sm font-semibold text-white/85 transition-colors hover:text-white aria-pressed:border-white aria-pressed:bg-white aria-pressed:text-ink"
          >
            {room ? room.name : m.agendaAllRooms}
          </button>
        ))}
      </div>
      <p className="w-full text-sm text-muted" aria-live="polite">
        {shownRoom ? m.agendaShowingRoom({ count, room: shownRoom.name }) : m.agendaShowingEveryRoom}
      </p>
    </div>
  );
}

/** "Schedule of <the edition's name>, times in ...", naming the day where the edition spans several. */
function Caption({
  day,
  zone,
  layout,
  byRoom = false,
}: {
  day: Day;
  zone: DisplayZone;
  layout: Layout;
  byRoom?: boolean;
}) {
  return (
    <caption className="sr-only">
      {m.agendaCaption({
        name: content.event.name,
        day: layout.severalDays ? formatDayName(day.date, "long") : "none",
        layout: byRoom ? "rooms" : "list",
        zone: zone.description,
      })}
    </caption>
  );
}

interface DayProps {
  day: Day;
  zone: DisplayZone;
  layout: Layout;
}

function AgendaTable({ day, zone, layout }: DayProps) {
  return (
    <table className="hidden w-full border-separate border-spacing-0 text-left lg:table">
      <Caption day={day} zone={zone} layout={layout} />
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
        {day.rows.map((row) => (
          <tr key={row.id} className="align-top">
            <td className="border-b border-line py-4 pr-4 font-display font-semibold">
              <SessionTime start={row.start} end={row.end} zone={zone} day={day.date} />
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

/**
 * Rooms side by side: a column per room and a row per start time, each session in its room's column from the row of
 * its start, spanning the rows that start before it ends. A screen reader reads each session with its room (the
 * column's header) and its start (the row's).
 */
function RoomTable({ day, zone, layout }: DayProps) {
  const { rooms } = layout;
  return (
    <table className="hidden w-full table-fixed border-separate border-spacing-0 text-left lg:table">
      <Caption day={day} zone={zone} layout={layout} byRoom />
      <thead>
        <tr className="text-sm text-muted">
          <th scope="col" className="w-32 border-b border-line py-3 pr-4 font-semibold">
            {m.agendaTimeHeader({ zone: zone.label })}
          </th>
          {rooms.map((room) => (
            <th key={room.id} scope="col" className="border-b border-line px-2 py-3 font-semibold">
              {room.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {day.timetable.map((line) => (
          <tr key={line.start} className="align-top">
            <th scope="row" className="border-b border-line py-4 pr-4 font-display font-semibold">
              {formatClock(line.start, zone.timeZone)}
            </th>
            {line.cells.map((cell, index) => {
              const key = rooms[index]?.id ?? String(index);
              if (cell === "continued") return null;
              if (cell === "empty") return <td key={key} className="border-b border-line" />;
              return (
                // The cell's 1px height lets its card take the full height of the rows it spans (h-full), so
                // a long session looks long. Sessions that start together in one room stack (decision 069).
                <td key={key} rowSpan={cell.rows} className="h-px border-b border-line p-2">
                  <div className="flex h-full flex-col gap-2">
                    {cell.sessions.map((row) => (
                      <div
                        key={row.id}
                        className="flex flex-1 flex-col gap-2 rounded-2xl border border-line bg-panel p-4"
                      >
                        <div className="flex flex-wrap items-start justify-between gap-2">
                          <p className="font-display font-semibold">
                            <SessionTime start={row.start} end={row.end} zone={zone} day={day.date} />
                          </p>
                          <Badge tone={row.type}>{sessionTypeWords(row.type)}</Badge>
                        </div>
                        <p className="text-lg font-bold text-balance">
                          <SessionTitle row={row} />
                        </p>
                        {row.speakers.length > 0 || row.host ? (
                          <p className="text-white/85">
                            <People row={row} />
                          </p>
                        ) : null}
                        <Recording slot={row} />
                        <Choose slot={row} className="mt-auto pt-1" />
                      </div>
                    ))}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgendaCards({ day, zone, layout, shownRoom }: DayProps & { shownRoom: ProgrammeRoom | undefined }) {
  const rows = shownRoom ? day.rows.filter((row) => row.room === shownRoom.id) : day.rows;
  // Only a room filter empties a day: every day has sessions.
  if (shownRoom && rows.length === 0) {
    return <p className="text-muted lg:hidden">{m.agendaNothingInRoom({ room: shownRoom.name })}</p>;
  }
  return (
    <ol
      aria-label={m.agendaScheduleLabel({ day: layout.severalDays ? formatDayName(day.date, "long") : "none" })}
      className="flex flex-col gap-3 lg:hidden"
    >
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-2 rounded-2xl border border-line bg-panel p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-display font-semibold">
              <SessionTime start={row.start} end={row.end} zone={zone} day={day.date} />
            </p>
            <Badge tone={row.type}>{sessionTypeWords(row.type)}</Badge>
          </div>
          {row.room ? (
            <p className="text-sm font-semibold text-sky">
              <span className="sr-only">{m.agendaRoomPrefix}</span>
              {layout.rooms.find((room) => room.id === row.room)?.name}
            </p>
          ) : null}
          <h3 className="text-lg font-bold">
            <SessionTitle row={row} />
          </h3>
          {row.speakers.length > 0 || row.host ? (
            <p className="text-white/85">
              <People row={row} />
            </p>
          ) : null}
          <Recording slot={row} />
          <Choose slot={row} />
        </li>
      ))}
    </ol>
  );
}

function SessionTitle({ row }: { row: ProgrammeSession }) {
  return row.path ? (
    <Link to={row.path} className="underline decoration-white/30 underline-offset-4 hover:decoration-white">
      {row.title}
    </Link>
  ) : (
    <>{row.title}</>
  );
}

/**
 * A session's recording once the edition is over: a plain link (nothing loads from the video host until it is
 * followed) whose name says whose recording it is, "Recording of <title>", its visible word first.
 */
function Recording({ slot, className = "" }: { slot: ProgrammeSession; className?: string }) {
  const over = useEditionPhase() === "over";
  if (!over || !slot.recording) return null;
  return (
    <p className={`text-sm font-semibold ${className}`}>
      <ExternalLink
        href={slot.recording}
        className="inline-flex min-h-6 items-center gap-1.5 text-sky underline underline-offset-4 hover:text-white"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
          <path d="M8 5.5v13l10.5-6.5z" />
        </svg>
        {m.agendaRecording}
        <span className="sr-only">{m.agendaRecordingOf({ title: slot.title })}</span>
      </ExternalLink>
    </p>
  );
}

/** The toggle that adds a session to the visitor's own schedule; breaks are not chosen (as in the day's calendar). */
function Choose({ slot, className = "" }: { slot: ProgrammeSession; className?: string }) {
  if (!isChoosable(slot)) return null;
  return (
    <div className={className}>
      <FavouriteToggle id={slot.id} title={slot.title} />
    </div>
  );
}

function People({ row }: { row: ProgrammeSession }) {
  return (
    <>
      {row.speakers.map((speaker) => speaker.name).join(", ")}
      {row.host ? <span className="block text-sm text-muted">{m.agendaHostedBy({ name: row.host })}</span> : null}
    </>
  );
}
