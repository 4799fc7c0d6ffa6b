import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sessionTypeWords } from "../../app/lib/session-type-words";
import { describe, expect, it } from "vitest";
import { editionsOfReferenceShape } from "../../tests/every-edition";
import { speakersWithSessions } from "../../app/lib/speaker-schedule";
import { defaultShareImageOf } from "../../app/lib/seo";
import { briefingShareImagePath, shareImagePath, speakerShareImagePath } from "../../common/site-paths";
import { formatClock, formatDateSpan, formatLongDate, formatTimeRange } from "../../app/lib/time-in-edition-language";
import * as m from "../../app/i18n/messages";
import { defaultShareCard, renderShareCards, shareCards, speakerShareCards } from "./share-images";

// Each card is a 1200x630 PNG drawn with whole fonts and encoded: a few of them on a busy machine pass the default 5 s.
describe.each(editionsOfReferenceShape)("Share cards of $id", { timeout: 30_000 }, ({ edition }) => {
  // Expected values come from the edition under test; share-images.reference.test.ts checks the spec's own cards.
  const { event } = edition;
  /** "May 7, 2031 · 10:30 - 10:45am CEST": a session's day and times in the event's zone. */
  const when = (session: { start: string; end: string }) =>
    `${formatLongDate(session.start, event.timeZone)} · ${formatTimeRange(session.start, session.end, event.timeZone)} ${event.timeZoneLabel}`;
  const onStream = (id: string) => edition.agenda.filter((slot) => slot.hostId === id || slot.speakerIds.includes(id));
  /**
   * What a person's card says of their sessions on stream: the one session's title and times, or "7 sessions" and
   * the day from the first's start to the last's end.
   */
  function onStage(sessions: { title: string; start: string; end: string }[]) {
    const [first, last] = [sessions[0]!, sessions.at(-1)!];
    const clock = (instant: string) => formatClock(instant, event.timeZone);
    return sessions.length === 1
      ? { detail: first.title, when: when(first) }
      : {
          detail: m.shareImageSessions({ count: sessions.length }),
          when: `${formatLongDate(first.start, event.timeZone)} · ${clock(first.start)} - ${clock(last.end)} ${event.timeZoneLabel}`,
        };
  }

  /** Width and height from a PNG's IHDR chunk. */
  function pngSize(png: Buffer) {
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  }

  describe("The edition's own share card", () => {
    it("is drawn from the edition, at the path and with the alt text the pages name", async () => {
      const card = defaultShareCard(edition);
      const image = defaultShareImageOf(event);
      expect(card).toEqual({
        path: image.path,
        eyebrow: event.place,
        title: event.headline,
        speakers: [],
        when: `${formatDateSpan(event.date, event.endDate)} · ${event.location}`,
      });
      expect(image.alt).toBe(
        m.seoShareImageAlt({
          name: event.name,
          headline: event.headline,
          dates: formatDateSpan(event.date, event.endDate),
        }),
      );
      const { images } = await renderShareCards([card], event.name);
      expect(pngSize(images.get(card.path)!)).toEqual({ width: 1200, height: 630 });
    });
  });

  describe("Share cards", () => {
    const cards = shareCards(edition);

    it("exist for every talk and for the panel page, each at its own path", () => {
      expect(cards).toHaveLength(edition.talks.length + 1);
      expect(new Set(cards.map((card) => card.path)).size).toBe(cards.length);
      for (const talk of edition.talks) {
        const slot = edition.agenda.find((s) => s.talkId === talk.id)!;
        expect(
          cards.find((card) => card.path === shareImagePath(talk.id)),
          talk.id,
        ).toMatchObject({
          eyebrow: sessionTypeWords(slot.type),
          title: talk.title,
          speakers: slot.speakerIds.map((id) => ({ id })),
          when: when(slot),
        });
      }
      const panel = edition.panelPage!;
      expect(cards.at(-1)).toMatchObject({
        path: shareImagePath(panel.id),
        eyebrow: sessionTypeWords("Panel"),
        title: panel.title,
        when: when(panel),
      });
      expect(cards.at(-1)?.speakers.map((speaker) => speaker.id)).toEqual(panel.speakerIds);
    });

    it("render as 1200x630 PNGs", async () => {
      const { images } = await renderShareCards(cards.slice(0, 2), edition.event.name);
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
      // Every briefing's card: its badges, the speaker, and their sessions on stream. (A configuration entry would
      // stand in another name and title, as briefing.test.ts checks; the cards follow it as the page does.)
      for (const briefing of edition.briefings.filter((b) => !(b.configKey && edition.briefingConfig[b.configKey]))) {
        const speaker = edition.speakers.find((s) => s.id === briefing.speakerId)!;
        const shown = onStream(briefing.speakerId);
        if (shown.length === 0) continue;
        expect(cards.find((card) => card.path === briefingShareImagePath(briefing.slug))).toEqual({
          path: briefingShareImagePath(briefing.slug),
          eyebrow: briefing.badges.join(" · "),
          title: speaker.name,
          subtitle: speaker.title,
          speakers: [],
          ...onStage(shown),
        });
      }

      // The moderator who opens the day: every session on stream, from the first's start to the last's end.
      const moderator = edition.agenda[0]!.hostId!;
      expect(cards.find((card) => card.path === speakerShareImagePath(moderator))).toMatchObject({
        eyebrow: m.speakerRoleModerator,
        ...onStage(onStream(moderator)),
      });

      // The audience never sees the green room: a card of someone who starts there is about their session on stream.
      for (const id of new Set(edition.backstage.flatMap((s) => s.participantIds))) {
        const shown = onStream(id);
        if (shown.length === 0) continue;
        expect(
          cards.find((card) => card.path === speakerShareImagePath(id)),
          id,
        ).toMatchObject(onStage(shown));
      }
    });

    it("render as 1200x630 PNGs", async () => {
      const { images } = await renderShareCards(cards.slice(0, 1), edition.event.name);
      for (const png of images.values()) expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    });
  });

  describe("Share cards in any script", () => {
    const card = defaultShareCard(edition);
    /** The card with another title, drawn alone. */
    const drawn = async (title: string) =>
      (await renderShareCards([{ ...card, title }], event.name)).images.get(card.path)!.toString("base64");

    it("draw kana and kanji, from whichever piece of the CJK face holds them", async () => {
      // "年" and "ト" lie in two of the face's pieces: each must draw a glyph of its own, not an empty advance.
      const [blank, year, to] = await Promise.all([drawn(""), drawn("年"), drawn("ト")]);
      expect(new Set([blank, year, to]).size).toBe(3);
    });

    it("draw Latin Extended, Greek, Cyrillic and emoji, each from a face that has it", async () => {
      // Each against a character no font has: a face or emoji missing would be drawn as that same empty box. The
      // pair of emoji from two pieces of Noto Emoji is the one a font of them drew only the first of (and the
      // second as nothing: the same image as the first alone).
      // Drawn together, as a build draws its cards: with every font loaded at once.
      const samples = ["ž", "λ", "Ж", "🙈", "🙈🚀", "👩‍💻", "❤️‍🩹", "🇩🇪", "\uE000"];
      const { images, undrawn } = await renderShareCards(
        samples.map((title, i) => ({ ...card, path: `/og/${String(i)}.png`, title })),
        event.name,
      );
      expect(new Set(Array.from(images.values(), (png) => png.toString("base64"))).size).toBe(samples.length);
      expect(undrawn).toEqual(["\uE000"]);
    });

    it("draw a title and a speaker's name in many scripts and emoji, leaving nothing undrawn", async () => {
      const [talk] = shareCards(edition);
      const title = "Łódź, Jiří, Ørjan: Ğ, ž, Ελληνικά, Кириллица 🙈🚀";
      const name = "Jiří Łukasz-Ørjan Ğž, Ελένη Кирилл 🙈";
      const card = { ...talk!, title, speakers: [{ ...talk!.speakers[0]!, name }] };
      const rendered = await renderShareCards([card], event.name);
      expect(rendered.undrawn).toEqual([]);
      // The same card with those characters as spaces: what they drew is there.
      const blank = (text: string) => text.replace(/[^ -~]/gu, " ");
      const plain = { ...card, title: blank(title), speakers: [{ ...card.speakers[0]!, name: blank(name) }] };
      const { images } = await renderShareCards([plain], event.name);
      expect(rendered.images.get(card.path)!.equals(images.get(card.path)!)).toBe(false);
    });

    it("are palette PNGs of at most 80 KB, even with a title of three lines and every script", async () => {
      const [talk] = shareCards(edition);
      const title = "Łódź, Jiří, Ørjan: Ğž Ελληνικά Кириллица 🙈 ".repeat(4).trim();
      const { images } = await renderShareCards([{ ...talk!, title }], event.name);
      const png = images.get(talk!.path)!;
      // The header's colour type (the byte after the bit depth): 3 is a palette.
      expect(png[25]).toBe(3);
      expect(png.length).toBeLessThanOrEqual(80 * 1024);
    });

    it("draw what no font has as an empty box and report each such character once, without failing", async () => {
      const { images, undrawn } = await renderShareCards(
        [{ ...card, title: "한국어 \uE000" }, { ...card, path: "/og/again.png", title: "한국 \uE000" }],
        event.name,
      );
      expect(images.size).toBe(2);
      expect(undrawn.toSorted()).toEqual(["국", "어", "한", "\uE000"].toSorted());
      expect(await drawn("\uE000")).not.toBe(await drawn(""));
    });
  });

  describe("Drawn cards kept between builds", () => {
    it("are drawn again only for the card whose content changed", async () => {
      const cache = await mkdtemp(path.join(tmpdir(), "glosaic-cards-"));
      try {
        const cards = shareCards(edition).slice(0, 3);
        const first = await renderShareCards(cards, event.name, cache);
        expect(await readdir(cache)).toHaveLength(cards.length);
        const changed = cards.map((card, index) => (index === 0 ? { ...card, title: `${card.title}!` } : card));
        const second = await renderShareCards(changed, event.name, cache);
        expect(await readdir(cache)).toHaveLength(cards.length + 1);
        for (const card of cards.slice(1)) expect(second.images.get(card.path)).toEqual(first.images.get(card.path));
        expect(second.images.get(cards[0]!.path)).not.toEqual(first.images.get(cards[0]!.path));
        // A kept card is the card itself: the same bytes as one drawn afresh.
        const fresh = await renderShareCards(cards.slice(1, 2), event.name, path.join(cache, "fresh"));
        expect(fresh.images.get(cards[1]!.path)).toEqual(first.images.get(cards[1]!.path));
      } finally {
        await rm(cache, { recursive: true, force: true });
      }
    });
  });
});
