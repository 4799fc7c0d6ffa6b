import { describe, expect, it } from "vitest";
import { edition } from "../content";
import { speakersWithSessions } from "../app/lib/speaker-schedule";
import { defaultShareImage } from "../app/lib/seo";
import { formatCalendarDate } from "../app/lib/time";
import { defaultShareCard, renderShareCards, shareCards, speakerShareCards } from "./share-images";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("The edition's own share card", () => {
  it("is drawn from the edition, at the path and with the alt text the pages name", async () => {
    const card = defaultShareCard(edition);
    const { event } = edition;
    expect(card).toEqual({
      path: defaultShareImage.path,
      eyebrow: event.place,
      title: event.headline,
      speakers: [],
      when: `${formatCalendarDate(event.date)} · ${event.location}`,
    });
    expect(defaultShareImage.alt).toBe(`${event.name}: ${event.headline} ${formatCalendarDate(event.date)}.`);
    const images = await renderShareCards([card], event.name);
    expect(pngSize(images.get(card.path)!)).toEqual({ width: 1200, height: 630 });
  });
});

describe("Share cards", () => {
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

  it("render as 1200x630 PNGs", async () => {
    const images = await renderShareCards(cards.slice(0, 2), edition.event.name);
    expect(images.size).toBe(2);
    for (const png of images.values()) expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});

describe("Speaker and briefing share cards", () => {
  const cards = speakerShareCards(edition);

  it("exist for every speaker page and every briefing, each at its own path", () => {
    expect(cards).toHaveLength(speakersWithSessions(edition).length + edition.briefings.length);
    expect(new Set(cards.map((card) => card.path)).size).toBe(cards.length);
  });

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

  it("render as 1200x630 PNGs", async () => {
    const images = await renderShareCards(cards.slice(0, 1), edition.event.name);
    for (const png of images.values()) expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });
});
