import type { Programme, ProgrammeSession, ProgrammeTrack } from "../../content/programme";
import {
  memo,
  Suspense,
  use,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { Link, useParams, useSearchParams } from "react-router";
import * as content from "../../content";
import * as m from "../i18n/messages";
import type { DisplayZone } from "../lib/display-zone";
import { useClock } from "../lib/clock";
import { editionPhase } from "../lib/on-air";
import { useHydrated } from "../lib/use-hydrated";
import { useProgrammeSearch } from "../lib/programme";
import { dayGrid } from "../lib/agenda-grid";
import {
  filterCount,
  filterKeys,
  languageOf,
  programmeText,
  readFilters,
  sessionMatches,
  shownDay,
  withParams,
  type AgendaFilters,
  type FilterKey,
} from "../lib/agenda-view";
import { agendaDayAt, agendaPath, type ProgrammeDay } from "../../common/programme-days";
import { formatClock, formatDayName } from "../lib/time-in-edition-language";
import { sessionTypeWords } from "../lib/session-type-words";
import { Choose, People, Recording, SessionCard, SessionTitle, TrackName } from "./agenda-parts";
import { AgendaTable } from "./agenda-table";
import { MovedSessions, SessionMoved } from "./late-mark";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";

type Day = ProgrammeDay<ProgrammeSession>;

/** The address before hydration: the prerendered page's, which names no day and no filter. */
const prerendered = new URLSearchParams();

/** From this width (Tailwind's lg) the grid shows; below, the list. */
const wide = "(min-width: 64rem)";
const narrow = "not all and (min-width: 64rem)";

/** A promise that says it has settled, as React's `use` reads one (as in app/lib/programme.ts). */
type Tracked = Promise<void> & { status?: "fulfilled"; value?: undefined };
const metMedia = new Map<string, Tracked>();

/**
 * A promise fulfilled once a media query matches: at once (already settled, so `use` does not suspend) if it does
 * now, else when the viewport changes to match it.
 */
function mediaMet(query: string): Promise<void> {
  let met = metMedia.get(query);
  if (!met) {
    const list = window.matchMedia(query);
    if (list.matches) met = Object.assign(Promise.resolve(), { status: "fulfilled" as const, value: undefined });
    else {
      const waiting: Tracked = new Promise<void>((resolve) => {
        const changed = () => {
          if (!list.matches) return;
          list.removeEventListener("change", changed);
          waiting.status = "fulfilled";
          resolve();
        };
        list.addEventListener("change", changed);
      });
      met = waiting;
    }
    metMedia.set(query, met);
  }
  return met;
}

/**
 * The layout of the viewport's width once the page runs: its children in the prerender, and in the browser only
 * once the query matches. While the page hydrates both layouts are there, as in the HTML, and the one CSS hides
 * waits, dehydrated: React leaves its HTML as it is and spends no time on it (a day's sessions, hydrated once rather
 * than twice). Once hydrated, the agenda renders the shown layout alone (`useWideScreen`), and the other's HTML goes.
 */
function ShownAt({ media, children }: { media: string; children: ReactNode }) {
  if (typeof window !== "undefined") use(mediaMet(media));
  return children;
}

const noMedia = () => () => undefined;

/** Whether the grid's width is met: undefined in the prerender and while hydrating, when both layouts are there. */
function useWideScreen(): boolean | undefined {
  return useSyncExternalStore(
    typeof window === "undefined"
      ? noMedia
      : (changed) => {
          const list = window.matchMedia(wide);
          list.addEventListener("change", changed);
          return () => {
            list.removeEventListener("change", changed);
          };
        },
    () => window.matchMedia(wide).matches,
    () => undefined,
  );
}

/** The ids the "Now" control scrolls to: a grid row's time, a list's session. */
const rowId = (start: string) => `agenda-at-${String(Date.parse(start))}`;
const listId = (session: ProgrammeSession) => `agenda-session-${session.id}`;

/**
 * The agenda of an edition with rooms or of several days (decision 084): a day at a time, its days as tabs, a
 * search and the filters the programme calls for, and the day's sessions in a time grid with the rooms as columns
 * from 1024 px (lg), in a list by start time below. Both layouts are in the HTML and CSS shows one, so the page
 * paints and reads without JavaScript; the day tabs are links to each day's prerendered page.
 *
 * What it shows is in the address (`?day=`, `?room=`, `?track=`, `?type=`, `?lang=`, `?q=`: app/lib/agenda-view.ts),
 * read once the page has hydrated: until then it draws the page's own day, unfiltered, as its HTML has it.
 */
export function AgendaBrowser({
  programme,
  days,
  pageDay,
  zone,
}: {
  programme: Programme;
  days: Day[];
  pageDay: string;
  zone: DisplayZone;
}) {
  const [search, setSearch] = useSearchParams();
  const params = useParams();
  const hydrated = useHydrated();
  const wideScreen = useWideScreen();
  const live = useClock((now) => agendaDayAt(now, content.onAirSpans, content.event.timeZone) ?? "");
  const address = hydrated ? search : prerendered;
  const date = shownDay(
    days.map((each) => each.date),
    { pageDay, hydrated, asked: [address.get("day") ?? undefined, params.day], live: live || undefined },
  );
  const day = days.find((each) => each.date === date) ?? days[0];
  // Keyed by what the address says, not by its object: the hydrated render reads the router's address where the
  // prerender read an empty one, and an unfiltered day must give the same list, or every session renders again.
  const addressKey = address.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(addressKey)), [addressKey]);
  // The search updates as the visitor types: the list follows when the main thread is free, the field at once.
  const query = useDeferredValue(filters.q);
  // Abstracts come with the first search, and stay.
  const [searched, setSearched] = useState(false);
  if (query !== undefined && !searched) setSearched(true);
  const abstracts = useProgrammeSearch(searched);
  const folded = useMemo(() => {
    const texts = new Map(programme.sessions.map((session) => [session.id, programmeText(session)]));
    return (session: ProgrammeSession) => `${texts.get(session.id) ?? ""} ${abstracts?.[session.id] ?? ""}`;
  }, [programme, abstracts]);
  const shown = useMemo(() => {
    // The filters as the address has them, but for the search, which follows it a little later.
    const chosen: AgendaFilters = { ...filters };
    if (query === undefined) delete chosen.q;
    else chosen.q = query;
    return (day?.sessions ?? []).filter((session) => sessionMatches(session, chosen, folded));
  }, [day, filters, query, folded]);
  const tracks = useMemo(() => new Map(programme.tracks.map((each) => [each.slug, each])), [programme]);
  const dayName = day && days.length > 1 ? formatDayName(day.date, "long") : "none";
  // Each layout a boundary of its own, hydrated apart: only the one displayed is hydrated (ShownAt). The boundaries
  // are kept as the same elements while what they show is the same: a dehydrated boundary handed new props by the
  // render that follows hydration (the hydrated and wide-screen flags, which React applies at once) would be
  // hydrated there and then, a day's sessions in one task of most of a second on a phone (decision 088).
  const layout = useMemo(
    () => day && { date: day.date, sessions: shown, programme, tracks, zone, dayName },
    [day, shown, programme, tracks, zone, dayName],
  );
  const grid = useMemo(
    () =>
      layout ? (
        <Suspense>
          <ShownAt media={wide}>
            {layout.programme.rooms.length > 0 ? (
              <TimeGrid {...layout} />
            ) : (
              <AgendaTable date={layout.date} sessions={layout.sessions} zone={layout.zone} dayName={layout.dayName} />
            )}
          </ShownAt>
        </Suspense>
      ) : null,
    [layout],
  );
  const list = useMemo(
    () =>
      layout ? (
        <Suspense>
          <ShownAt media={narrow}>
            <SessionList {...layout} />
          </ShownAt>
        </Suspense>
      ) : null,
    [layout],
  );
  if (!day) return null;

  const change = (values: AgendaFilters, replace = false) => {
    setSearch(withParams(search, values), { replace, preventScrollReset: true });
  };
  const filtering = filterCount(filters) > 0 || filters.q !== undefined;
  return (
    <>
      {days.length > 1 ? <DayTabs days={days} shown={day.date} address={address} /> : null}
      <Toolbar
        programme={programme}
        filters={filters}
        hydrated={hydrated}
        change={change}
        status={filtering ? m.agendaMatching({ count: shown.length }) : ""}
      >
        <NowControl date={day.date} sessions={shown} />
      </Toolbar>
      {days.length > 1 ? (
        // Its tab says the day on a phone; the heading is there for screen readers, and for the grid's wide view.
        <h2 className="sr-only text-2xl font-bold sm:text-3xl lg:not-sr-only lg:mb-6">
          {formatDayName(day.date, "long")}
        </h2>
      ) : null}
      {shown.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-panel p-6">
          <p className="text-lg">{m.agendaNothingMatches}</p>
          <ClearButton change={change} />
        </div>
      ) : (
        <>
          {wideScreen === false ? null : grid}
          {wideScreen === true ? null : list}
        </>
      )}
    </>
  );
}

/** The days, as links to each: a link works before the page has hydrated, and without JavaScript. */
function DayTabs({ days, shown, address }: { days: Day[]; shown: string; address: URLSearchParams }) {
  return (
    <nav aria-labelledby="days-title" className="mb-4 flex items-center gap-x-4 gap-y-2 sm:flex-wrap lg:mb-6">
      <h2 id="days-title" className="sr-only font-sans text-sm font-semibold text-muted sm:not-sr-only">
        {m.agendaDays}
      </h2>
      {/* One row on a phone, scrolling sideways where the days are many: the sessions stay near the top. */}
      <ul className="-m-1 flex gap-2 overflow-x-auto p-1 sm:flex-wrap">
        {days.map((day) => (
          <li key={day.date}>
            <Link
              to={`${agendaPath}${withParams(address, { day: day.date })}`}
              preventScrollReset
              aria-current={day.date === shown ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full border whitespace-nowrap border-white/30 px-4 text-sm font-semibold text-white/85 hover:border-white hover:text-white aria-[current=page]:border-white aria-[current=page]:bg-white aria-[current=page]:text-ink"
            >
              {formatDayName(day.date, "short")}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface ToolbarProps {
  programme: Programme;
  filters: AgendaFilters;
  hydrated: boolean;
  change: (values: AgendaFilters, replace?: boolean) => void;
  /** How many sessions match, said once anything filters them. */
  status: string;
  children: ReactNode;
}

/**
 * The search, and one control that opens the filters: on a phone the first session stays on the first screen. They
 * need JavaScript: without it they are not shown (the day's sessions read whole), and until the page has hydrated
 * they keep their place but stay invisible, so nothing moves when they appear.
 */
function Toolbar({ programme, filters, hydrated, change, status, children }: ToolbarProps) {
  const options = useMemo(() => filterOptions(programme), [programme]);
  const count = filterCount(filters);
  return (
    <div className={`mb-4 flex flex-col gap-2 noscript:hidden lg:mb-6 ${hydrated ? "" : "invisible"}`}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField query={filters.q ?? ""} change={change} />
        <details className="group relative">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-white/30 px-4 text-sm font-semibold text-white/85 hover:border-white hover:text-white [&::-webkit-details-marker]:hidden">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M7 12h10M10 18h4" />
            </svg>
            {m.agendaFiltersCount({ count })}
          </summary>
          <div className="mt-3 grid gap-3 rounded-2xl border border-line bg-panel p-4 sm:grid-cols-2">
            {options.map(({ key, label, all, choices }) => (
              <label key={key} className="flex flex-col gap-1 text-sm font-semibold text-muted">
                {label}
                <select
                  value={filters[key] ?? ""}
                  onChange={(event) => {
                    change({ [key]: event.target.value });
                  }}
                  className="min-h-11 rounded-xl border border-white/30 bg-ink px-3 text-base font-normal text-white"
                >
                  <option value="">{all}</option>
                  {choices.map(([value, words]) => (
                    <option key={value} value={value}>
                      {words}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </details>
        {children}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p aria-live="polite" className="text-sm text-muted">
          {status}
        </p>
        {status ? <ClearButton change={change} /> : null}
      </div>
    </div>
  );
}

/**
 * The search field. It holds what the visitor types, and writes it into the address as they type (replacing the
 * entry, so that Back leaves the search rather than each letter); the address's own changes (Back, a shared link)
 * come back into the field.
 */
function SearchField({ query, change }: { query: string; change: ToolbarProps["change"] }) {
  const [text, setText] = useState(query);
  // What the field has written into the address and the address has not shown yet: while the visitor types faster
  // than the address follows, its older values come back, and are no reason to change the field.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const mine = pending.current.indexOf(query);
    if (mine !== -1) {
      pending.current = pending.current.slice(mine + 1);
      return;
    }
    pending.current = [];
    setText(query);
  }, [query]);
  return (
    <div role="search" className="min-w-0 flex-1 basis-48">
      <label className="flex flex-col gap-1 text-sm font-semibold text-muted">
        {/* Its placeholder says what it searches; the label, on a phone for screen readers alone, what it is. */}
        <span className="sr-only lg:not-sr-only">{m.agendaSearchLabel}</span>
        <input
          type="search"
          value={text}
          placeholder={m.agendaSearchHint}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            pending.current.push(value);
            change({ q: value }, true);
          }}
          className="min-h-11 w-full rounded-xl border border-white/30 bg-ink px-3 text-base font-normal text-white placeholder:text-muted"
        />
      </label>
    </div>
  );
}

function ClearButton({ change }: { change: ToolbarProps["change"] }) {
  return (
    <button
      type="button"
      onClick={() => {
        change(Object.fromEntries([...filterKeys, "q"].map((key) => [key, undefined])));
      }}
      className="min-h-11 rounded-full px-1 text-sm font-semibold text-sky underline underline-offset-4 hover:text-white"
    >
      {m.agendaClearFilters}
    </button>
  );
}

interface FilterOption {
  key: FilterKey;
  label: string;
  all: string;
  choices: [string, string][];
}

/** The filters the programme calls for: each of room, track, type and language where it has more than one. */
function filterOptions({ rooms, tracks, sessions }: Programme): FilterOption[] {
  const used = <T,>(pick: (session: ProgrammeSession) => T | undefined) =>
    new Set(sessions.flatMap((session) => pick(session) ?? []));
  const types = used((session) => session.type);
  const languages = used(languageOf);
  const usedTracks = used((session) => session.track);
  const names = new Intl.DisplayNames([m.locale], { type: "language", fallback: "code" });
  const options: FilterOption[] = [
    { key: "room", label: m.agendaRoom, all: m.agendaAllRooms, choices: rooms.map((each) => [each.id, each.name]) },
    {
      key: "track",
      label: m.agendaTrack,
      all: m.agendaAllTracks,
      choices: tracks.filter((each) => usedTracks.has(each.slug)).map((each) => [each.slug, each.name]),
    },
    {
      key: "type",
      label: m.agendaTypeHeader,
      all: m.agendaAllTypes,
      choices: [...types].map((each) => [each, sessionTypeWords(each)]),
    },
    {
      key: "lang",
      label: m.agendaLanguage,
      all: m.agendaAllLanguages,
      choices: [...languages].map((each) => [each, names.of(each) ?? each]),
    },
  ];
  return options.filter((option) => option.choices.length > 1);
}

/**
 * While the edition is on air and the day shown is today, a control that scrolls to the current time in the grid,
 * or to the first session not yet over in the list. It follows the clock to the minute, alone, and the show: a
 * session running late is what is on, though the grid keeps its printed row.
 */
function NowControl({ date, sessions }: { date: string; sessions: ProgrammeSession[] }) {
  const moved = useContext(MovedSessions);
  const minute = useClock((now) =>
    editionPhase(now, content.onAirSpans) === "live" &&
    agendaDayAt(now, content.onAirSpans, content.event.timeZone) === date
      ? Math.floor(now.getTime() / 60_000)
      : 0,
  );
  if (minute === 0) return null;
  const now = minute * 60_000;
  const go = () => {
    const shown = (instant: string, session: ProgrammeSession) =>
      Date.parse(instant) + (moved.get(session.id) ?? 0) * 60_000;
    const started = sessions.filter((session) => shown(session.start, session) <= now).at(-1);
    const next = sessions.find((session) => shown(session.end, session) > now) ?? sessions.at(-1);
    const target = window.matchMedia(wide).matches
      ? started && document.getElementById(rowId(started.start))
      : next && document.getElementById(listId(next));
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    target?.scrollIntoView({ block: "start", inline: "nearest", behavior: motion });
    // The session's title, not its track's name that a card may draw first.
    target?.querySelector<HTMLElement>("a:not(.track-name)")?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      onClick={go}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-white bg-white px-4 text-sm font-semibold text-ink hover:bg-white/85"
    >
      {m.agendaNow}
    </button>
  );
}

interface LayoutProps {
  date: string;
  sessions: ProgrammeSession[];
  programme: Programme;
  tracks: Map<string, ProgrammeTrack>;
  zone: DisplayZone;
  dayName: string;
}

/**
 * The day as a time grid (lg and up): the rooms with sessions shown as columns of a readable width, side by side
 * in lanes where a room's sessions overlap; a row for each span between two instants at which a session starts or
 * ends, so that each session's cell spans its time exactly (app/lib/agenda-grid.ts). A table: its cells placed by
 * rowspan and colspan, and each read with its room and time. It scrolls in a box of about the viewport's height,
 * the rooms' row kept in view at the top and the time column at the left.
 *
 * Both layouts are `memo`: once the page has hydrated, the agenda renders again with the address's day and filters,
 * and where those are the page's own (most visits) its thousand sessions are not rendered a second time.
 */
const TimeGrid = memo(function TimeGrid({ date, sessions, programme, tracks, zone, dayName }: LayoutProps) {
  const rooms = useMemo(() => {
    const used = new Set(sessions.map((session) => session.room));
    return programme.rooms.filter((room) => used.has(room.id));
  }, [programme, sessions]);
  const grid = useMemo(
    () =>
      dayGrid(
        sessions,
        rooms.map((room) => room.id),
        (session) => session,
      ),
    [sessions, rooms],
  );
  const caption = m.agendaCaption({ name: content.event.name, day: dayName, layout: "rooms", zone: zone.description });
  return (
    // Named as its table is; the keyboard reaches its links, and scrolls it with them.
    <div
      role="region"
      aria-label={caption}
      className="hidden max-h-[calc(100vh-4rem)] overflow-auto overscroll-x-contain rounded-2xl border border-line lg:block"
    >
      <table className="w-max min-w-full border-separate border-spacing-0 text-left">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col className="w-24" />
          {grid.lanes.flatMap((lanes, index) =>
            Array.from({ length: lanes }, (_, lane) => (
              <col key={`${rooms[index]?.id ?? ""}-${String(lane)}`} className="w-56" />
            )),
          )}
        </colgroup>
        <thead>
          <tr className="text-sm text-muted">
            <th scope="col" className="sticky top-0 left-0 z-30 border-b border-line bg-ink px-3 py-3 font-semibold">
              {m.agendaTimeHeader({ zone: zone.label })}
            </th>
            {rooms.map((room, index) => (
              <th
                key={room.id}
                scope="col"
                colSpan={grid.lanes[index]}
                className="sticky top-0 z-20 border-b border-l border-line bg-ink px-3 py-3 font-semibold text-white"
              >
                {room.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.start}>
              <th
                scope="row"
                id={rowId(row.start)}
                className="sticky left-0 z-10 scroll-mt-14 border-b border-line bg-ink px-3 py-2 align-top font-display text-sm font-semibold whitespace-nowrap"
              >
                {formatClock(row.start, zone.timeZone)}
              </th>
              {row.cells.map((cell, index) =>
                cell.item ? (
                  <td
                    key={cell.item.id}
                    rowSpan={cell.rows}
                    colSpan={cell.lanes}
                    className="h-px border-b border-l border-line p-1.5 align-top"
                  >
                    <GridSession row={cell.item} date={date} zone={zone} tracks={tracks} />
                  </td>
                ) : (
                  <td key={`empty-${String(index)}`} rowSpan={cell.rows} className="border-b border-l border-line" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** A session in the grid: its card fills its cell (the cell's 1px height lets it take the rows it spans). */
function GridSession({
  row,
  date,
  zone,
  tracks,
}: {
  row: ProgrammeSession;
  date: string;
  zone: DisplayZone;
  tracks: Map<string, ProgrammeTrack>;
}) {
  const track = row.track === undefined ? undefined : tracks.get(row.track);
  return (
    <div className="flex h-full flex-col gap-1.5 rounded-xl border border-line bg-panel p-3">
      <div className="flex flex-wrap items-start justify-between gap-1.5 text-sm">
        <p className="font-display font-semibold">
          <SessionTime start={row.start} end={row.end} zone={zone} day={date} />
        </p>
        <Badge tone={row.type}>{sessionTypeWords(row.type)}</Badge>
      </div>
      <SessionMoved id={row.id} />
      <p className="font-bold text-balance wrap-anywhere">
        <SessionTitle row={row} />
      </p>
      {row.speakers.length > 0 || row.host ? (
        <p className="text-sm text-white/85 wrap-anywhere">
          <People row={row} />
        </p>
      ) : null}
      {track ? <TrackName track={track} /> : null}
      <Recording slot={row} />
      <Choose slot={row} className="mt-auto pt-1" />
    </div>
  );
}

/**
 * The day as a list by start time (below lg), each session with its time, room and track. A long day's cards are
 * laid out only as they near the screen (`content-visibility: auto`, with a card's usual height kept meanwhile).
 */
const SessionList = memo(function SessionList({ date, sessions, programme, tracks, zone, dayName }: LayoutProps) {
  const rooms = useMemo(() => new Map(programme.rooms.map((room) => [room.id, room.name])), [programme]);
  return (
    <ol aria-label={m.agendaScheduleLabel({ day: dayName })} className="flex flex-col gap-3 lg:hidden">
      {sessions.map((row) => (
        <SessionCard
          key={row.id}
          id={listId(row)}
          row={row}
          zone={zone}
          day={date}
          room={row.room === undefined ? undefined : rooms.get(row.room)}
          track={row.track === undefined ? undefined : tracks.get(row.track)}
          className="scroll-mt-4 [contain-intrinsic-size:auto_12rem] [content-visibility:auto]"
        />
      ))}
    </ol>
  );
});
