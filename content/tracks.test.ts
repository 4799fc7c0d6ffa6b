import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition.ts";
import { trackFinder, tracksWithSessions } from "./tracks.ts";

const tracks = [
  { slug: "security", name: "Security", color: "#0347b4" },
  { slug: "art-beauty", name: "Art & Beauty", color: "#f9b000" },
  { slug: "unused", name: "Unused", color: "#000000" },
];

describe("A slot's track", () => {
  const trackOf = trackFinder(tracks);

  it("is the edition's track that the slot names, by its name", () => {
    expect(trackOf({ track: "Art & Beauty" })).toEqual(tracks[1]);
    expect(trackOf({ track: "Security" })?.slug).toBe("security");
  });

  it("is none for a slot without a track, and for a name the edition's tracks do not have (free text)", () => {
    expect(trackOf({})).toBeUndefined();
    expect(trackOf({ track: "security" })).toBeUndefined();
    expect(trackFinder([])({ track: "Security" })).toBeUndefined();
  });

  it("gives a page to the tracks some session names, in the edition's order", () => {
    const agenda = [{ track: "Art & Beauty" }, { track: "Security" }, {}, { track: "Free text" }];
    expect(tracksWithSessions({ tracks, agenda } as never)).toEqual([tracks[0], tracks[1]]);
  });
});

describe.each(everyEdition)("The tracks of $id", ({ edition }) => {
  const trackOf = trackFinder(edition.tracks);

  it("give each slot that names one of them its track, and the rest none", () => {
    for (const slot of edition.agenda) {
      const track = trackOf(slot);
      if (edition.tracks.length > 0 && slot.track !== undefined) expect(track?.name, slot.id).toBe(slot.track);
      else expect(track, slot.id).toBeUndefined();
    }
  });

  it("each have a page where some session is in them", () => {
    expect(tracksWithSessions(edition).map((track) => track.slug)).toEqual(
      edition.tracks.filter((track) => edition.agenda.some((slot) => slot.track === track.name)).map((t) => t.slug),
    );
  });
});
