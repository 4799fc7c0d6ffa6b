import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { fixedPages } from "../../common/fixed-pages";
import {
  overlayFrame,
  overlayFrameClass,
  overlayLeaveMs,
  overlayOptions,
  overlayPaths,
  questionOnAirAfter,
  sessionOnAir,
} from "./overlay";
import type { PublicQuestion } from "../../common/question-contract";

const minute = 60_000;
const at = (time: number) => new Date(time);

describe.each(everyEdition)("The overlays of $id", ({ edition }) => {
  describe("The lower third's session", () => {
    // Each room of the edition under test (or its one stream), with its sessions in time order.
    const streams = edition.rooms.length > 0 ? edition.rooms.map((room) => room.id) : [undefined];

    it.each(streams)("is the session on air in room %s, from its start to just before its end", (room) => {
      const sessions = edition.agenda.filter((session) => session.room === room);
      for (const session of sessions) {
        const start = Date.parse(session.start);
        const end = Date.parse(session.end);
        expect(sessionOnAir(at(start), edition.agenda, room)).toBe(session);
        expect(sessionOnAir(at(end - 1000), edition.agenda, room)).toBe(session);
        // At its end the next one takes over, if it starts then; otherwise nothing is on in that room.
        const next = sessions.find((other) => Date.parse(other.start) === end);
        expect(sessionOnAir(at(end), edition.agenda, room)).toBe(next ?? null);
      }
    });

    it("is nothing before the programme, after it, and in a room the edition does not have", () => {
      const first = Date.parse(edition.agenda[0]!.start);
      const last = Math.max(...edition.agenda.map((session) => Date.parse(session.end)));
      const room = edition.agenda[0]!.room;
      expect(sessionOnAir(at(first - minute), edition.agenda, room)).toBeNull();
      expect(sessionOnAir(at(last), edition.agenda, room)).toBeNull();
      expect(sessionOnAir(at(first), edition.agenda, "no-such-room")).toBeNull();
    });
  });

  describe("The overlay's address", () => {
    it("names the room, a session and whether the graphics move", () => {
      expect(overlayOptions("?room=lab&motion=off")).toEqual({ room: "lab", session: undefined, motion: false });
      expect(overlayOptions("?session=s-1")).toEqual({ room: undefined, session: "s-1", motion: true });
      expect(overlayOptions("")).toEqual({ room: undefined, session: undefined, motion: true });
    });

    it("routes each overlay where overlay.ts says it is, unlisted", () => {
      // fixed-pages.ts writes the paths out, as it does /moderate's, to keep this module out of every page's chunk.
      for (const path of Object.values(overlayPaths)) {
        expect(fixedPages.find((page) => page.path === path)?.kind, path).toBe("unlisted");
      }
    });
  });

  describe("The question on air", () => {
    const question = (id: string, onAir: boolean, name: string | null = null): PublicQuestion => ({
      id,
      text: `Question ${id}`,
      name,
      upvotes: 0,
      status: "approved",
      onAir,
      askedAt: "2025-04-16T14:00:00.000Z",
    });

    it("is the snapshot's pinned question, or none", () => {
      const pinned = question("b", true, "Ada");
      expect(questionOnAirAfter(null, { name: "snapshot", data: { questions: [question("a", false), pinned] } })).toBe(
        pinned,
      );
      expect(questionOnAirAfter(pinned, { name: "snapshot", data: { questions: [question("a", false)] } })).toBeNull();
    });

    it("follows a pin, an unpin, a pin of another in either order of its two changes, and a hide", () => {
      const a = question("a", true);
      const b = question("b", true);
      expect(questionOnAirAfter(null, { name: "question", data: a })).toBe(a);
      expect(questionOnAirAfter(a, { name: "question", data: question("a", false) })).toBeNull();
      // Pinning b takes a off air: the two changes may come in either order.
      expect(
        questionOnAirAfter(questionOnAirAfter(a, { name: "question", data: b }), {
          name: "question",
          data: question("a", false),
        }),
      ).toBe(b);
      expect(
        questionOnAirAfter(questionOnAirAfter(a, { name: "question", data: question("a", false) }), {
          name: "question",
          data: b,
        }),
      ).toBe(b);
      // Another question's change, its upvotes, or another's removal leave the one on air.
      expect(questionOnAirAfter(a, { name: "question", data: question("c", false) })).toBe(a);
      expect(questionOnAirAfter(a, { name: "upvotes", data: { a: 3 } })).toBe(a);
      expect(questionOnAirAfter(a, { name: "removed", data: { id: "c" } })).toBe(a);
      expect(questionOnAirAfter(a, { name: "removed", data: { id: "a" } })).toBeNull();
    });
  });
});

describe("The overlay's frame", () => {
  it("is as large as the frame it is drawn for, and its graphics move for as long as they take to leave", () => {
    expect(overlayFrameClass).toBe(
      `h-[${String(overlayFrame.height)}px] w-[${String(overlayFrame.width)}px] [--overlay-ms:${String(overlayLeaveMs)}ms]`,
    );
  });
});
