import { createElement, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import * as content from "../../content";
import * as m from "../i18n/messages";
import { currentAnnouncement, type Announcement } from "../../common/show-contract";
import { useClock } from "../lib/clock";
import { usePageShow } from "../lib/show";
import { storedValue, useStored } from "../lib/stored-value";

/** The announcement the visitor dismissed last, by id: a new one (a new id) shows again. */
const dismissed = storedValue(`${content.event.shortName.toLowerCase()}:dismissed-announcement`, (raw) => raw);

/**
 * The organisers' announcement (issue 44) on every page but the stream's screens, in a React root of its own, loaded
 * once there is an announcement (app/islands/offline.ts; the home page's island), so no page's load carries it
 * before. It shows the announcement's words as text, its link as a link, until it ends, is cleared, or the visitor
 * dismisses it.
 *
 * Fixed at the foot of the window, over the page, so nothing on the page moves when it comes; an invisible copy at
 * the end of the page gives the page the room to scroll its last lines out from under it. Two live regions, polite
 * and assertive, so that a screen reader says an announcement as it arrives (or changes): an urgent one at once, any
 * other when the reader is free.
 */
function AnnouncementBanner() {
  const show = usePageShow();
  const shownId = useClock((now) => (show ? (currentAnnouncement(show, now)?.id ?? "") : ""));
  const gone = useStored(dismissed);
  // The regions are drawn empty first and filled a frame later: a screen reader says what arrives in a region it
  // knows, not what a new region holds.
  const [listening, setListening] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      setListening(true);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
  const announcement = listening && show?.announcement?.id === shownId && shownId !== gone ? show.announcement : null;
  const urgent = announcement?.level === "urgent";
  const over = useRef<HTMLDivElement>(null);
  // What the banner covers, the page keeps clear when it scrolls to a control (a Tab, a link to a part): the focus
  // is never hidden under it.
  useEffect(() => {
    const element = over.current;
    if (!element || !announcement) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${String(element.offsetHeight)}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
    };
  }, [announcement]);
  return (
    <>
      <div
        ref={over}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center px-4 pb-4"
      >
        <div aria-live="polite" className="w-full max-w-3xl">
          {announcement && !urgent ? <Card announcement={announcement} /> : null}
        </div>
        <div aria-live="assertive" className="w-full max-w-3xl">
          {announcement && urgent ? <Card announcement={announcement} /> : null}
        </div>
      </div>
      {announcement ? (
        <div aria-hidden="true" inert className="invisible px-4 pb-4">
          <div className="mx-auto max-w-3xl">
            <Card announcement={announcement} />
          </div>
        </div>
      ) : null}
    </>
  );
}

function Card({ announcement }: { announcement: Announcement }) {
  const urgent = announcement.level === "urgent";
  return (
    <div
      className={`pointer-events-auto flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border-2 p-4 shadow-2xl shadow-black/60 ${
        urgent ? "border-ink bg-amber-300 text-ink" : "border-sky bg-panel text-white"
      }`}
    >
      <p className="min-w-0 flex-1 basis-64 break-words whitespace-pre-line">
        <span className="block text-xs font-bold tracking-wider uppercase">
          {urgent ? m.announcementUrgentLabel : m.announcementLabel}
        </span>
        {/* The organisers' words, as text. */}
        {announcement.text}
        {announcement.link ? (
          <>
            {" "}
            <a
              href={announcement.link}
              className={`font-semibold underline underline-offset-4 ${urgent ? "text-ink focus-visible:outline-ink" : "text-sky"}`}
            >
              {m.announcementLink}
            </a>
          </>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => {
          dismissed.write(announcement.id);
        }}
        className={`inline-flex min-h-11 items-center justify-center rounded-full border-2 px-4 text-sm font-semibold ${
          urgent
            ? "border-ink text-ink hover:bg-ink hover:text-amber-300 focus-visible:outline-ink"
            : "border-white/60 text-white hover:border-white hover:bg-white/5"
        }`}
      >
        {m.announcementDismiss}
      </button>
    </div>
  );
}

/**
 * Puts the banner at the end of the page, in a root of its own (as the update notice): the page's own React, and the
 * page's show (a stage page's stream, lib/show.ts), whatever renders the page.
 */
export function showAnnouncementBanner(): void {
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(createElement(AnnouncementBanner));
}
