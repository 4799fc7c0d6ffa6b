import { liveStatus, type Timed } from "./on-air";
import type { PublicQuestion, QuestionEvents } from "../../common/question-contract";
import { announcementOverlayPath } from "../../common/show-contract";

/**
 * The stream's overlays (docs/decisions/042): pages a streaming tool (OBS, StreamYard) lays over the video as browser
 * sources, 1920x1080 with a transparent background. What they show is decided here; the pages only draw it.
 */

/** The overlays' paths; fixed-pages.ts names them literally (site-paths.test.ts holds the two equal). */
export const overlayPaths = {
  lowerThird: "/overlay/lower-third",
  question: "/overlay/question",
  leaderboard: "/overlay/leaderboard",
  announcement: announcementOverlayPath,
} as const;

/** The frame a streaming tool gives a browser source, in CSS pixels: the overlays are drawn for it. */
export const overlayFrame = { width: 1920, height: 1080 } as const;

/** How many demos the leaderboard overlay lists: what reads on video beside the picture. */
export const overlayTopDemos = 5;

/** How long a graphic takes to leave before the next one comes in; it then takes as long again to come in. */
export const overlayLeaveMs = 400;

/**
 * The frame's element as classes: its size, and the graphics' time as the --overlay-ms they animate for. Written
 * whole, as Tailwind reads a class only so (overlay.test.ts holds them equal to the two above); a style attribute
 * would need the pages' policy to allow inline styles (decision 081).
 */
export const overlayFrameClass = "h-[1080px] w-[1920px] [--overlay-ms:400ms]";

/** What an overlay's address asks of it: the room to follow, a session named outright, and whether it may move. */
export interface OverlayOptions {
  room: string | undefined;
  session: string | undefined;
  /** False with `?motion=off`: the graphics change without a transition (a tool that records frame by frame). */
  motion: boolean;
}

export function overlayOptions(search: string): OverlayOptions {
  const params = new URLSearchParams(search);
  return {
    room: params.get("room") ?? undefined,
    session: params.get("session") ?? undefined,
    motion: params.get("motion") !== "off",
  };
}

/**
 * The session on air in a room at an instant, or null: before the room's first session, after its last, and in a
 * gap between two. An edition without rooms has one stream, whose sessions name no room (`room` undefined). A break
 * is on air like any session: the overlays decide what to make of it. `agenda` is the programme as the show runs it
 * (show-schedule.ts); a session the show put on stage by hand (`onStage`, its id) is on air whatever the clock says,
 * and while it is, no other is (none, when it is not among `agenda`: a break on stage names nobody).
 */
export function sessionOnAir<T extends Timed & { id: string; room?: string | undefined }>(
  now: Date,
  agenda: readonly T[],
  room: string | undefined,
  onStage: string | null = null,
): T | null {
  const sessions = agenda.filter((session) => session.room === room);
  if (onStage !== null) return sessions.find((session) => session.id === onStage) ?? null;
  return liveStatus(now, sessions)?.current?.session ?? null;
}

/** One event of a session's question stream, by its SSE name. */
export type QuestionEvent = { [K in keyof QuestionEvents]: { name: K; data: QuestionEvents[K] } }[keyof QuestionEvents];

/**
 * The question on air after one event of a session's question stream, given the one on air before it. The stream
 * says each change of each question; at most one is on air at a time (the store keeps it so), and pinning another
 * says both, the new one on air and the old one off, in either order.
 */
export function questionOnAirAfter(onAir: PublicQuestion | null, event: QuestionEvent): PublicQuestion | null {
  switch (event.name) {
    case "snapshot":
      return event.data.questions.find((question) => question.onAir) ?? null;
    case "question":
      if (event.data.onAir) return event.data;
      return onAir?.id === event.data.id ? null : onAir;
    case "removed":
      return onAir?.id === event.data.id ? null : onAir;
    case "upvotes":
      return onAir;
  }
}
