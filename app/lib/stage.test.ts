import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { fixedPages } from "../../common/fixed-pages";
import { sitemapPaths } from "./page-list";
import { programmeDays } from "../../common/programme-days";
import {
  backupStreamOf,
  everyStream,
  livePath,
  playerUrl,
  sessionsOn,
  stagePath,
  stageStatus,
  streamOf,
  streamSources,
} from "./stage";

describe.each(everyEdition)("The stages of $id", ({ edition, onAirSpans }) => {
  // Expected values come from the edition under test: its rooms (or its one stream) and its agenda.
  const days = programmeDays(edition.agenda, edition.event.timeZone).map((day) => day.sessions);
  const rooms = edition.rooms.map((room) => room.id);
  const stages: (string | undefined)[] = rooms.length > 0 ? rooms : [undefined];

  describe("The stage", () => {
    it("has one page per room, or /live alone for an edition with one stream, each in the sitemap", () => {
      expect(stagePath()).toBe("/live");
      for (const room of rooms) expect(stagePath(room)).toBe(`/live/${room}`);
      // fixed-pages.ts names the path literally: the two must agree.
      expect(fixedPages.filter((page) => page.path === livePath)).toEqual([
        { path: livePath, file: "routes/live.tsx", id: "live", kind: "listed" },
      ]);
      expect(sitemapPaths(edition)).toEqual(
        expect.arrayContaining([livePath, ...rooms.map((room) => stagePath(room))]),
      );
    });

    it("plays each room's stream as stage.json names it", () => {
      for (const room of stages)
        expect(streamOf(edition.stage, room)).toEqual(room ? edition.stage.rooms[room] : edition.stage.stream);
    });

    it("switches each room to its backup as stage.json names it, and to none where it names none", () => {
      for (const room of stages) {
        const backup = edition.stage.backup;
        expect(backupStreamOf(edition.stage, room)).toEqual(room ? backup?.rooms[room] : backup?.stream);
      }
      expect(backupStreamOf({ rooms: {} })).toBeUndefined();
    });

    it("loads the platforms' privacy-enhanced players, never their tracking ones", () => {
      expect(playerUrl({ provider: "youtube", video: "abcdefghijk" })).toMatch(
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/abcdefghijk\?/,
      );
      expect(playerUrl({ provider: "vimeo", video: "76979871" })).toMatch(
        /^https:\/\/player\.vimeo\.com\/video\/76979871\?.*\bdnt=1\b/,
      );
    });

    it("names, for the pages' policy, the frames and HLS hosts of every stream and its backup, and nothing else", () => {
      const streams = [edition.stage, edition.stage.backup ?? { rooms: {} }].flatMap((streams) =>
        [streams.stream, ...Object.values(streams.rooms)].filter((s) => s !== undefined),
      );
      expect(everyStream(edition.stage)).toEqual(streams);
      const { frame, media } = streamSources(edition.stage);
      // An imported edition's stage may name no stream yet: then the policy names no host.
      expect(frame.length + media.length > 0).toBe(streams.length > 0);
      for (const stream of streams) {
        if (stream.provider === "hls") expect(media).toContain(new URL(stream.url).origin);
        else expect(frame).toContain(new URL(playerUrl(stream)).origin);
      }
      expect(streamSources({ rooms: {} })).toEqual({ frame: [], media: [] });
    });

    it("gives each stage its own sessions, which together are the whole programme", () => {
      const counts = stages.map((room) => sessionsOn(edition.agenda, room).length);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(edition.agenda.length);
      for (const room of stages) {
        for (const session of sessionsOn(edition.agenda, room)) expect(session.room).toBe(room ?? session.room);
      }
    });

    it("follows the stage's own sessions through a live day: now and next there, nothing before or after", () => {
      for (const room of stages) {
        const [first, second] = sessionsOn(days[0]!, room);
        // The stage's own sessions are enough: the edition's days on air say when a day is on.
        const own = sessionsOn(edition.agenda, room);
        const status = stageStatus(new Date(first!.start), onAirSpans, own, room);
        expect(status?.current?.session.id).toBe(first!.id);
        expect(status?.next?.id).toBe(second?.id);
        expect(stageStatus(new Date(Date.parse(edition.agenda[0]!.start) - 1000), onAirSpans, own, room)).toBeNull();
        expect(stageStatus(new Date(Date.parse(edition.agenda.at(-1)!.end) + 1000), onAirSpans, own, room)).toBeNull();
      }
    });

    it("says the same from the stage's own sessions as from the whole programme, at each start and end of its own and its neighbour's", () => {
      const instantsOf = (sessions: readonly { start: string; end: string }[]) =>
        sessions.flatMap((session) =>
          [Date.parse(session.start), Date.parse(session.end) - 1000, Date.parse(session.end)].map(
            (at) => new Date(at),
          ),
        );
      // Eight stages at most: at a large conference's 35 each comparison reads the whole programme of 1,100 sessions.
      for (const [index, room] of stages.slice(0, 8).entries()) {
        const own = sessionsOn(edition.agenda, room);
        // Its own sessions' instants, and a neighbouring stage's, where nothing of its own changes: every instant
        // of a programme of 35 rooms, for each room, is some 130 million comparisons.
        const neighbour = stages[(index + 1) % stages.length];
        const instants = instantsOf(
          neighbour === room ? edition.agenda : [...own, ...sessionsOn(edition.agenda, neighbour)],
        );
        for (const now of instants) {
          expect(stageStatus(now, onAirSpans, own, room)).toEqual(stageStatus(now, onAirSpans, edition.agenda, room));
        }
      }
    });
  });
});
