import { fixedPages } from "./fixed-pages.ts";
import { slugOf } from "./path-segments.ts";

export { agendaOfTrack, speakerPath, speakersPath, trackPath } from "./path-segments.ts";

/** The home page's one script, built from app/islands/home.ts outside the hashed assets (see vite.config.ts). */
export const homeIslandPath = "/islands/home.js";

/** The site's icon, from the edition's public/ folder; the build adds it to every page (scripts/build/site-icon.ts). */
export const siteIconPath = "/favicon.svg";

/** The colour behind every page (app.css's ink): the browser's bar, and the installed app's opening screen. */
export const pageColour = "#000000";

/** Paths that moved: the server answers them with a 301, and the app redirects on client-side navigation. */
export const redirects: Readonly<Record<string, string>> = Object.fromEntries(
  fixedPages.flatMap((page) => (page.kind === "redirect" ? [[page.path, page.to]] : [])),
);

/** The whole day's calendar file, every session in it (written at build time by interop/calendar-files.ts), by the event's name. */
export function dayCalendarPath(eventName: string): string {
  return `/calendar/${slugOf(eventName)}.ics`;
}

/** One session's calendar file: a talk's or the panel page's, by its content id. */
export function sessionCalendarPath(id: string): string {
  return `/calendar/${id}.ics`;
}

/** A speaker's own calendar file: their sessions, with an alarm at their join time. */
export function speakerCalendarPath(id: string): string {
  return `/calendar/speakers/${id}.ics`;
}

/** The share card of pages without one of their own, drawn from the edition at build time like the others. */
export const defaultShareImagePath = "/og/default.png";

/** A talk's own share card, 1200x630 (written at build time by scripts/build/share-images.tsx). */
export function shareImagePath(id: string): string {
  return `/og/talks/${id}.png`;
}

/** A speaker page's share card. */
export function speakerShareImagePath(id: string): string {
  return `/og/speakers/${id}.png`;
}

/** A briefing page's share card, by its slug (the rehearsal briefing's slug is also a speaker id). */
export function briefingShareImagePath(slug: string): string {
  return `/og/briefings/${slug}.png`;
}
