import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { shareCards, speakerShareCards } from "./share-images";

/**
 * The reference edition's share cards, with the spec's talks, people and times. share-images.test.ts checks the
 * same on any edition.
 */
describe("The reference edition's share cards", () => {
  const cards = shareCards(edition);

  it("exist for every talk and for the panel page, each at its own path", () => {
    expect(cards).toHaveLength(edition.talks.length + 1);
    expect(new Set(cards.map((card) => card.path)).size).toBe(cards.length);
    expect(cards.find((card) => card.path === "/og/talks/nomic.png")).toMatchObject({
      eyebrow: "Talk",
      title: "Seeing your data: embeddings and interactive maps for unstructured text",
      when: "April 16, 2025 · 10:30 - 10:45am ET",
    });
    expect(cards.at(-1)?.speakers.map((speaker) => speaker.name)).toHaveLength(3);
  });
});

describe("The reference edition's speaker and briefing share cards", () => {
  const cards = speakerShareCards(edition);

  it("say who, their job, what they are on stage for and when; briefings carry their badges", () => {
    expect(cards.find((card) => card.path === "/og/briefings/leilani.png")).toEqual({
      path: "/og/briefings/leilani.png",
      eyebrow: "Speaker · Panel",
      title: "Leilani Kealoha",
      subtitle: "Co-founder, Tessellate Models",
      speakers: [],
      detail: "Panel Discussion on AI and ML",
      when: "April 16, 2025 · 10:00 - 10:30am ET",
    });
    expect(cards.find((card) => card.path === "/og/speakers/adaeze-fontaine.png")).toMatchObject({
      eyebrow: "Moderator",
      detail: "7 sessions",
      when: "April 16, 2025 · 10:00am - 2:50pm ET",
    });
    // The audience never sees the green room: the second panellist's card is about the panel.
    expect(cards.find((card) => card.path === "/og/briefings/rustam.png")?.detail).toBe(
      "Panel Discussion on AI and ML",
    );
  });
});
