import type { ProgrammeSession, ProgrammeTrack } from "../../content/programme";
import { Link } from "react-router";
import * as m from "../i18n/messages";
import type { DisplayZone } from "../lib/display-zone";
import { useEditionPhase } from "../lib/use-edition-phase";
import { isChoosable } from "../../common/my-schedule";
import { trackPath } from "../../common/path-segments";
import { sessionTypeWords } from "../lib/session-type-words";
import { ExternalLink } from "./external-link";
import { FavouriteToggle } from "./favourite-toggle";
import { SessionMoved } from "./late-mark";
import { SessionTime } from "./session-time";
import { Badge } from "./ui/badge";

// The parts of a session that every layout of the agenda shows: the one-day table and cards of an edition with one
// stream (agenda-schedule.tsx), and the grid and list of one with rooms or days (agenda-browser.tsx).

export function SessionTitle({ row }: { row: ProgrammeSession }) {
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
export function Recording({ slot, className = "" }: { slot: ProgrammeSession; className?: string }) {
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
export function Choose({ slot, className = "" }: { slot: ProgrammeSession; className?: string }) {
  if (!isChoosable(slot)) return null;
  return (
    <div className={className}>
      <FavouriteToggle id={slot.id} title={slot.title} />
    </div>
  );
}

export function People({ row }: { row: ProgrammeSession }) {
  return (
    <>
      {row.speakers.map((speaker) => speaker.name).join(", ")}
      {row.host ? <span className="block text-sm text-muted">{m.agendaHostedBy({ name: row.host })}</span> : null}
    </>
  );
}

/**
 * A session's track: a mark of its colour and its name, which leads to the track's page. The colour is the
 * edition's own (tracks.json), drawn as an SVG fill, not a style (the pages allow no inline style); the name is in
 * the text's own colour, so it reads whatever the track's colour, and the colour is never the only cue.
 */
export function TrackName({ track }: { track: ProgrammeTrack }) {
  return (
    <Link to={trackPath(track.slug)} className="track-name">
      <svg aria-hidden="true" viewBox="0 0 8 8" className="size-2.5 shrink-0">
        <rect width="8" height="8" rx="2" fill={track.color} />
      </svg>
      <span className="sr-only">{m.agendaTrackPrefix}</span>
      {track.name}
    </Link>
  );
}

/**
 * One session as a card of a list: its time and type, where it is (its room and track, where the edition has
 * them), its title, its people, its recording and the toggle that chooses it.
 */
export function SessionCard({
  row,
  zone,
  day,
  room,
  track,
  id,
  className = "",
}: {
  row: ProgrammeSession;
  zone: DisplayZone;
  day: string;
  room?: string | undefined;
  track?: ProgrammeTrack | undefined;
  id?: string;
  className?: string;
}) {
  return (
    <li id={id} className={`flex flex-col gap-2 rounded-2xl border border-line bg-panel p-5 ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-display font-semibold">
          <SessionTime start={row.start} end={row.end} zone={zone} day={day} />
        </p>
        <Badge tone={row.type}>{sessionTypeWords(row.type)}</Badge>
      </div>
      <SessionMoved id={row.id} />
      {room || track ? (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {room ? (
            <span className="text-sm font-semibold text-sky">
              <span className="sr-only">{m.agendaRoomPrefix}</span>
              {room}
            </span>
          ) : null}
          {track ? <TrackName track={track} /> : null}
        </p>
      ) : null}
      <h3 className="text-lg font-bold wrap-anywhere">
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
  );
}
