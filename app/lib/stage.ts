import type { Stage, Stream } from "../../content";
import { liveStatus, onAirAt, roomsLive, type LiveStatus, type Timed } from "./on-air";

/**
 * The stage: `/live` plays the edition's stream, and `/live/<room>` each room's when the edition has rooms
 * (decision 041). Kept free of the content module, so that pages pass in the sections they already carry.
 */

/** The stage's own path; fixed-pages.ts names it literally (site-paths.test.ts holds the two equal). */
export const livePath = "/live";

/** A room's stage, or the edition's one stage when it has no rooms. */
export function stagePath(room?: string): string {
  return room === undefined ? livePath : `${livePath}/${room}`;
}

/** The stream a stage plays: the room's, or the edition's one stream; undefined when the organiser named none. */
export function streamOf(stage: Pick<Stage, "stream" | "rooms">, room?: string): Stream | undefined {
  return room === undefined ? stage.stream : stage.rooms[room];
}

/** The stream the show switches a stage to when its own fails (stage.json's `backup`); undefined when none is named. */
export function backupStreamOf(stage: Stage, room?: string): Stream | undefined {
  return stage.backup && streamOf(stage.backup, room);
}

/** The video platforms' privacy-enhanced players: no cookie until the visitor plays, no tracking (Vimeo's dnt). */
export const playerOrigins = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
} as const;

/** The player a facade loads when the visitor presses play, set to start at once (the press was the consent). */
export function playerUrl(stream: Exclude<Stream, { provider: "hls" }>): string {
  return stream.provider === "youtube"
    ? `${playerOrigins.youtube}/embed/${stream.video}?autoplay=1&rel=0`
    : `${playerOrigins.vimeo}/video/${stream.video}?autoplay=1&dnt=1`;
}

/** Every stream the stage may play: its own, and the backups the show switches to (issue 44). */
export function everyStream(stage: Stage): Stream[] {
  return [stage, ...(stage.backup ? [stage.backup] : [])].flatMap((streams) => [
    ...(streams.stream ? [streams.stream] : []),
    ...Object.values(streams.rooms),
  ]);
}

/**
 * What the stage pages' security policy must add for the edition's streams: the platforms' players as frames, and
 * the HLS hosts for the playlist and segment requests (hls.js fetches them) and for the video element itself (which
 * also plays hls.js's `blob:` media source).
 */
export function streamSources(stage: Stage): { frame: string[]; media: string[] } {
  const streams = everyStream(stage);
  const frame = new Set<string>();
  const media = new Set<string>();
  for (const stream of streams) {
    if (stream.provider === "hls") media.add(new URL(stream.url).origin);
    else frame.add(playerOrigins[stream.provider]);
  }
  return { frame: [...frame].sort(), media: [...media].sort() };
}

/** A stage's sessions: the room's, or every session when the edition has one stream. */
export function sessionsOn<T extends { room?: string | undefined }>(sessions: readonly T[], room?: string): T[] {
  return room === undefined ? [...sessions] : sessions.filter((session) => session.room === room);
}

/**
 * What a stage has on air and next at an instant, while a programme day is on (the edition's `onAirSpans`, each day
 * from its first session's start to the end of its last, in any room); null between days and outside the edition.
 * `sessions` are the stage's own (or more), in time order. A room's status is its own sessions', as the live strip
 * gives it: nothing on and nothing more that day is null too. A session on stage by hand (`onStage`, the show's)
 * is on whatever the clock says, among its own day's sessions.
 */
export function stageStatus<T extends Timed & { room?: string | undefined }>(
  now: Date,
  spans: readonly Timed[],
  sessions: readonly T[],
  room?: string,
  onStage: T | null = null,
): LiveStatus<T> | null {
  const span = onStage ? onAirAt(new Date(onStage.start), spans) : onAirAt(now, spans);
  if (!span) return null;
  // The day's sessions: a day's start no earlier than its first and before the end of its last.
  const day = sessions.filter(
    (session) =>
      Date.parse(session.start) >= Date.parse(span.start) && Date.parse(session.start) < Date.parse(span.end),
  );
  if (room === undefined) return liveStatus(now, day, onStage);
  const [status] = roomsLive(now, day, [{ id: room }], () => onStage);
  return status ? { current: status.current, next: status.next } : null;
}

/** How many demos the stage shows while the vote is open: the podium; the whole board is a link away. */
export const stageTopDemos = 3;
