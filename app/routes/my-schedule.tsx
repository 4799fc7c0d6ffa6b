import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import * as content from "../../content";
import type { Programme, ProgrammeRoom, ProgrammeSession } from "../../content/programme";
import { CalendarLink } from "../components/calendar-link";
import { LateMark } from "../components/late-mark";
import { PageHeader } from "../components/page-header";
import { SessionTime } from "../components/session-time";
import { Badge } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button-link";
import { ZoneSwitch } from "../components/zone-switch";
import { chosenSessions, type ChosenSession } from "../lib/chosen-sessions";
import { useDisplayZone } from "../lib/display-zone";
import { readFavourites, saveFavourites, useFavourites } from "../lib/favourites";
import { mySchedulePath, personalCalendarPath, selectionQuery, sessionsParameter } from "../../common/my-schedule";
import { programmeDays } from "../../common/programme-days";
import { pageMeta, titled } from "../lib/seo";
import { parseSessionSelection } from "../lib/session-selection";
import { formatDayName } from "../lib/time-in-edition-language";
import { useProgramme } from "../lib/programme";
import { useMovedSessions } from "../lib/use-show-schedule";
import type { Route } from "./+types/my-schedule";
import * as m from "../i18n/messages";
import { rich } from "../i18n/rich";
import { sessionTypeWords } from "../lib/session-type-words";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.favouriteVisible),
    description: m.myScheduleDescription({ name: content.event.name }),
    path: mySchedulePath,
    // Each visitor's page is their own: nothing on it for a search engine.
    noindex: true,
  });

// The edition's days on air are its programme's days, one each.
const severalDays = content.onAirSpans.length > 1;
const button = "inline-flex min-h-12 items-center justify-center rounded-full px-6 py-3 text-base font-semibold";
const primary = `${button} bg-electric text-white hover:bg-electric-hover`;
const secondary = `${button} border border-white/40 text-white hover:border-white hover:bg-white/5`;
const textLink = "font-semibold text-sky underline underline-offset-4 hover:text-white";

/**
 * The visitor's own schedule: the sessions they chose on the agenda and talk pages, kept in this browser
 * (lib/favourites.ts), with a calendar feed of them that follows changes, and a link and QR code that carry them to
 * another device. Built as one static page that lists nothing: what it lists exists only in the browser, so it is
 * drawn once the page runs and the programme has arrived (lib/programme.ts); without JavaScript the page says what
 * it needs.
 */
export default function MySchedule() {
  const programme = useProgramme();
  return (
    <>
      <PageHeader title={m.favouriteVisible}>
        <p>{m.myScheduleIntro}</p>
        <div className="mt-6">
          <ZoneSwitch />
        </div>
      </PageHeader>
      {/* The list is drawn once the page runs; until then this keeps the footer below the first screen, so that
          nothing the visitor sees moves when it appears (it moved by 158 px on a phone: CLS 0.056). */}
      <div className="mx-auto flex min-h-[60svh] max-w-6xl flex-col gap-12 px-6 py-12">
        <p className="hidden max-w-prose text-lg text-white/85 noscript:block">
          {rich(
            m.myScheduleNoScriptRich({
              agenda: (
                <a href="/agenda" className={textLink}>
                  {m.myScheduleAgendaLink}
                </a>
              ),
            }),
          )}
        </p>
        {programme ? <Chosen programme={programme} /> : null}
      </div>
    </>
  );
}

type Shared = { kind: "offer"; slots: ProgrammeSession[] } | { kind: "note"; message: string } | undefined;

/** What a shared link (this page with `?sessions=`) brings that this browser's schedule does not have yet. */
function readShared(programme: Programme): Shared {
  const value = new URLSearchParams(window.location.search).get(sessionsParameter);
  if (value === null) return undefined;
  const selection = parseSessionSelection(value);
  if (!selection.ok) return { kind: "note", message: m.myScheduleUnreadableLink({ error: selection.error }) };
  const { sessions } = chosenSessions(programme.sessions, selection.ids);
  if (sessions.length === 0) {
    return { kind: "note", message: m.myScheduleNoneInProgramme };
  }
  const chosen = readFavourites();
  const fresh = sessions.filter((session) => !chosen.includes(session.id));
  // Opening one's own link again offers nothing.
  return fresh.length > 0 ? { kind: "offer", slots: fresh } : undefined;
}

/** Takes the shared selection out of the address, so a reload or a bookmark does not offer it again. */
function forgetSharedLink() {
  // The router's own state stays, so back and forward still work.
  window.history.replaceState(window.history.state, "", mySchedulePath);
}

function Chosen({ programme }: { programme: Programme }) {
  const ids = useFavourites();
  const { sessions } = chosenSessions(programme.sessions, ids);
  const [shared, setShared] = useState(() => readShared(programme));
  // Sessions the programme no longer has are reported once: counted as the page opens, then forgotten for good.
  const [dropped] = useState(() => chosenSessions(programme.sessions, readFavourites()).dropped.length);
  const [status, setStatus] = useState(dropped > 0 ? m.myScheduleDropped({ count: dropped }) : "");
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (dropped > 0) {
      const { sessions: kept } = chosenSessions(programme.sessions, readFavourites());
      saveFavourites(readFavourites().filter((id) => kept.some((session) => session.id === id)));
    }
    if (shared?.kind !== "offer") forgetSharedLink();
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** After an answer or a removal the button pressed is gone: the list's heading takes the focus. */
  const settle = (message: string) => {
    setStatus(message);
    heading.current?.focus();
  };

  const answerShared = (add: boolean) => {
    if (shared?.kind !== "offer") return;
    if (add) saveFavourites([...readFavourites(), ...shared.slots.map((slot) => slot.id)]);
    setShared(undefined);
    forgetSharedLink();
    settle(add ? m.myScheduleAdded({ count: shared.slots.length }) : "");
  };

  return (
    <>
      {shared?.kind === "offer" ? (
        <section aria-labelledby="shared-title" className="rounded-3xl border border-sky/60 bg-panel p-6 sm:p-8">
          <h2 id="shared-title" className="text-2xl font-bold">
            {m.myScheduleSharedTitle({ count: shared.slots.length })}
          </h2>
          <ul className="mt-4 flex list-disc flex-col gap-1 pl-6 text-lg text-white/85">
            {shared.slots.map((slot) => (
              <li key={slot.id}>{slot.title}</li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <button
              type="button"
              className={primary}
              onClick={() => {
                answerShared(true);
              }}
            >
              {m.myScheduleAddShared({ count: shared.slots.length })}
            </button>
            <button
              type="button"
              className={secondary}
              onClick={() => {
                answerShared(false);
              }}
            >
              {m.myScheduleNoThanks}
            </button>
          </div>
        </section>
      ) : null}
      {shared?.kind === "note" ? <p className="text-lg text-white/85">{shared.message}</p> : null}

      <section aria-labelledby="chosen-title" className="flex flex-col gap-6">
        <div>
          <h2 id="chosen-title" ref={heading} tabIndex={-1} className="text-2xl font-bold">
            {sessions.length > 0 ? m.myScheduleYours({ count: sessions.length }) : m.myScheduleNone}
          </h2>
          <p role="status" className="mt-2 text-white/85">
            {status}
          </p>
        </div>
        {sessions.length > 0 ? (
          <SessionDays
            sessions={sessions}
            rooms={programme.rooms}
            onRemove={(slot) => {
              settle(m.myScheduleRemoved({ title: slot.title }));
            }}
          />
        ) : (
          <>
            <p className="max-w-prose text-lg text-white/85">{m.myScheduleEmptyHint({ button: m.favouriteVisible })}</p>
            <div>
              <ButtonLink href="/agenda">{m.myScheduleSeeAgenda}</ButtonLink>
            </div>
          </>
        )}
      </section>

      {sessions.length > 0 ? <Elsewhere ids={sessions.map((session) => session.id)} /> : null}
    </>
  );
}

function SessionDays({
  sessions,
  rooms,
  onRemove,
}: {
  sessions: ChosenSession<ProgrammeSession>[];
  rooms: ProgrammeRoom[];
  onRemove: (slot: ProgrammeSession) => void;
}) {
  const zone = useDisplayZone();
  const moved = useMovedSessions();
  return programmeDays(sessions, content.event.timeZone).map((day) => (
    <div key={day.date} className="flex flex-col gap-3">
      {severalDays ? <h3 className="text-xl font-bold">{formatDayName(day.date, "long")}</h3> : null}
      <ol
        aria-label={severalDays ? formatDayName(day.date, "long") : m.myScheduleYourSessions}
        className="flex flex-col gap-3"
      >
        {day.sessions.map((session) => {
          const { path } = session;
          const people = session.speakers.map((speaker) => speaker.name);
          const room = rooms.find((candidate) => candidate.id === session.room);
          // Under the day's heading where there are days, else right under the list's.
          const Title = severalDays ? "h4" : "h3";
          return (
            <li key={session.id} className="flex flex-col gap-2 rounded-2xl border border-line bg-panel p-5">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-display font-semibold">
                  <SessionTime start={session.start} end={session.end} zone={zone} day={day.date} />
                  <LateMark minutes={moved.get(session.id)} className="mt-1" />
                </p>
                <Badge tone={session.type}>{sessionTypeWords(session.type)}</Badge>
              </div>
              {room ? (
                <p className="text-sm font-semibold text-sky">
                  <span className="sr-only">{m.agendaRoomPrefix}</span>
                  {room.name}
                </p>
              ) : null}
              <Title className="text-lg font-bold">
                {path ? (
                  <Link to={path} className="underline decoration-white/30 underline-offset-4 hover:decoration-white">
                    {session.title}
                  </Link>
                ) : (
                  session.title
                )}
              </Title>
              {people.length > 0 ? <p className="text-white/85">{people.join(", ")}</p> : null}
              {session.overlaps.length > 0 ? (
                <p className="text-sm font-semibold text-amber-200">
                  {m.myScheduleOverlaps({ titles: session.overlaps.map((other) => other.title).join(", ") })}
                </p>
              ) : null}
              <div>
                <button
                  type="button"
                  aria-label={m.myScheduleRemoveLabel({ title: session.title })}
                  onClick={() => {
                    saveFavourites(readFavourites().filter((id) => id !== session.id));
                    onRemove(session);
                  }}
                  className="min-h-10 rounded-full border border-white/30 px-4 text-sm font-semibold text-white/85 hover:border-white hover:text-white"
                >
                  {m.myScheduleRemove}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  ));
}

/** The calendar feed of the chosen sessions, and the link and QR code that carry them to another device. */
function Elsewhere({ ids }: { ids: string[] }) {
  const query = selectionQuery(ids);
  const feed = `${personalCalendarPath}${query}`;
  const shareUrl = `${window.location.origin}${mySchedulePath}${query}`;
  const [copied, setCopied] = useState("");
  return (
    <>
      <section aria-labelledby="calendar-title" className="flex flex-col gap-4">
        <h2 id="calendar-title" className="text-2xl font-bold">
          {m.myScheduleInCalendar}
        </h2>
        <p className="max-w-prose text-lg text-white/85">{m.myScheduleCalendarHint}</p>
        <div className="flex flex-wrap gap-3">
          <a href={`webcal://${window.location.host}${feed}`} className={primary}>
            {m.myScheduleSubscribe}
          </a>
          <CalendarLink href={feed}>{m.myScheduleDownload}</CalendarLink>
        </div>
      </section>

      <section aria-labelledby="share-title" className="flex flex-col gap-4">
        <h2 id="share-title" className="text-2xl font-bold">
          {m.myScheduleOtherDevice}
        </h2>
        <p className="max-w-prose text-lg text-white/85">{m.myScheduleOtherDeviceHint}</p>
        <div className="flex flex-wrap items-start gap-6">
          <QrCode text={shareUrl} />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <label htmlFor="share-link" className="text-sm font-semibold text-muted">
              {m.myScheduleLinkLabel}
            </label>
            <input
              id="share-link"
              readOnly
              value={shareUrl}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
              className="min-h-12 w-full max-w-xl rounded-xl border border-white/30 bg-panel px-4 text-white"
            />
            <div className="flex flex-wrap items-center gap-4">
              <button
                type="button"
                className={secondary}
                onClick={() => {
                  navigator.clipboard.writeText(shareUrl).then(
                    () => {
                      setCopied(m.myScheduleCopied);
                    },
                    () => {
                      setCopied(m.myScheduleCopyFailed);
                    },
                  );
                }}
              >
                {m.myScheduleCopy}
              </button>
              <p role="status" className="text-white/85">
                {copied}
              </p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * The share link as a QR code, drawn in the page by lean-qr (loaded only here, when there is something to share;
 * no remote service sees the link). Its box is sized before it is drawn, so nothing moves.
 */
function QrCode({ text }: { text: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import("lean-qr/nano").then(
      ({ generate }) => {
        if (!current || !canvas.current) return;
        try {
          generate(text).toCanvas(canvas.current);
          setFailed(false);
        } catch {
          // Longer than a QR code holds (hundreds of sessions): the link still works.
          setFailed(true);
        }
      },
      () => {
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  return failed ? (
    <p className="w-40 text-sm text-muted">{m.myScheduleQrTooLong}</p>
  ) : (
    <div role="img" aria-label={m.myScheduleQrLabel} className="shrink-0">
      <canvas ref={canvas} className="size-40 rounded-lg bg-white [image-rendering:pixelated]" />
    </div>
  );
}
