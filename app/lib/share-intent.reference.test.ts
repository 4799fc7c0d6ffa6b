import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { speakerShareIntent } from "./share-intent";
import { sessionsOf } from "./speaker-schedule";

/**
 * The reference edition's speakers' posts, with the spec's names. share-intent.test.ts checks the same on any
 * edition's speakers.
 */
const textOf = (url: string | undefined) => new URL(url ?? "").searchParams.get("text");

describe("What the reference edition's speakers share", () => {
  const { event } = edition;
  const broadcast = event.links.broadcast;

  it("is their panel with everyone else on it, the moderator first, and never themselves", () => {
    const text = textOf(speakerShareIntent(sessionsOf(edition, "leilani-kealoha"), event));
    expect(text).toBe(
      `Join the livestream for my panel with Adaeze Fontaine, Rustam Nazarov and Ingrid Solberg on the Glosaic livestream! ${broadcast}`,
    );
  });

  it("skips the green room, which the audience cannot watch", () => {
    const text = textOf(speakerShareIntent(sessionsOf(edition, "rustam-nazarov"), event));
    expect(text).toMatch(/^Join the livestream for my panel with Adaeze Fontaine, Leilani Kealoha and Ingrid Solberg /);
  });

  it("is a solo talk for a speaker on stage alone", () => {
    expect(textOf(speakerShareIntent(sessionsOf(edition, "soraya-lindqvist"), event))).toBe(
      `Join the livestream for my talk on the Glosaic livestream! ${broadcast}`,
    );
  });

  it("does not exist for someone who is only backstage", () => {
    expect(speakerShareIntent(sessionsOf(edition, "test-speaker"), event)).toBeUndefined();
  });
});
