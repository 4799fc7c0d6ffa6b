/**
 * The show (issue 44): what the people running the day say over the printed programme, per stage (running late, a
 * session put on stage by hand, the stream's source, the session whose pinned question is on air) and to everyone
 * (an announcement). The server keeps it in the store and serves it at /api/show; every page that follows the
 * programme follows it. Defined here once; the app and the server both import it.
 */

/** The stage of an edition without rooms: its one stream. An edition with rooms names each stage by its room's id. */
export const mainStage = "main";

/** A session's stage: its room's, or the one stream's. */
export function stageOfSession(session: { room?: string | undefined }): string {
  return session.room ?? mainStage;
}

/** What a stage plays: the edition's stream, its backup (stage.json's `backup`), or the be-right-back slate. */
export const streamSources = ["main", "backup", "slate"] as const;
export type StreamSource = (typeof streamSources)[number];

/** How the show may move a stage's programme, in minutes: a little early, or most of an afternoon late. */
export const delayLimits = { min: -60, max: 240 } as const;

/** An announcement's limits: its text in characters as a person counts them, its lifetime in minutes. */
export const announcementLimits = { text: 280, link: 500, minutes: 24 * 60 } as const;

export const announcementLevels = ["info", "urgent"] as const;
export type AnnouncementLevel = (typeof announcementLevels)[number];

/** One stage's show. A stage nobody has touched is `idleStage`. */
export interface StageShow {
  /** Minutes the stage runs late (negative: early) from `delayFrom` on; 0 when on time. */
  delayMinutes: number;
  /** The session from which the stage runs late, with every later one of its day; null when on time. */
  delayFrom: string | null;
  /** The session on stage by hand, whatever the clock says; null: the clock decides. */
  onStage: string | null;
  stream: StreamSource;
  /**
   * The session whose pinned question is on air on this stage, whatever the clock says (the moderator owns the air):
   * set by a pin, cleared by the unpin (or answer, or hide) of that question; null when none is.
   */
  questionSession: string | null;
}

export const idleStage: StageShow = {
  delayMinutes: 0,
  delayFrom: null,
  onStage: null,
  stream: "main",
  questionSession: null,
};

export interface Announcement {
  id: string;
  /** Shown as text, never as markup. */
  text: string;
  /** An https (or http) URL, or null. */
  link: string | null;
  level: AnnouncementLevel;
  /** ISO 8601 instant in UTC after which it is gone, or null: until cleared. */
  until: string | null;
}

/** GET /api/show, and each event of its stream. Every stage of the edition is listed, touched or not. */
export interface ShowState {
  stages: Record<string, StageShow>;
  announcement: Announcement | null;
}

/** The events of GET /api/show/events: `snapshot` on connecting, then `show` with the whole state on each change. */
export interface ShowEvents {
  snapshot: ShowState;
  show: ShowState;
}

/** POST /api/admin/show's body: one action. 200 answers the new ShowState. */
export type ShowAction =
  | { action: "delay"; stage: string; minutes: number; from: string }
  | { action: "on-stage"; stage: string; session: string | null }
  | { action: "stream"; stage: string; source: StreamSource }
  | { action: "announce"; text: string; link?: string | null; level?: AnnouncementLevel; minutes?: number | null }
  | { action: "clear-announcement" };

export const showActions = ["delay", "on-stage", "stream", "announce", "clear-announcement"] as const;

/** GET /api/admin/show/viewers: the stage pages open per stage now, and one point a minute over the day. */
export interface ShowViewers {
  stages: Record<string, { now: number; history: [minute: string, count: number][] }>;
}

export const showUrl = "/api/show";
/** `?stage=<stage>` counts the page as a viewer of that stage (a stage page); without it, a page that only follows. */
export const showEventsUrl = (stage?: string) =>
  stage === undefined ? "/api/show/events" : `/api/show/events?stage=${encodeURIComponent(stage)}`;
export const adminShowUrl = "/api/admin/show";
export const adminShowViewersUrl = "/api/admin/show/viewers";
/** `?stage=<stage>` reads that stage's viewers alone. */
export const stageViewersUrl = (stage: string) => `${adminShowViewersUrl}?stage=${encodeURIComponent(stage)}`;
/** The announcement's overlay for the stream (1920x1080, transparent, like the others). */
export const announcementOverlayPath = "/overlay/announcement";

/** The announcement as it stands at an instant: null once its `until` has passed. */
export function currentAnnouncement(show: Pick<ShowState, "announcement">, at: Date): Announcement | null {
  const { announcement } = show;
  if (!announcement) return null;
  return announcement.until !== null && Date.parse(announcement.until) <= at.getTime() ? null : announcement;
}
