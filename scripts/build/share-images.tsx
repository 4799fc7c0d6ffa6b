import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import sharp from "sharp";
import subsetFont from "subset-font";
import * as fontkit from "fontkit";
import { drawnBy, fontsourcePieces, inRange, packageFile, unseen } from "./fontsource-pieces";
import type { Edition, Speaker } from "../../content";
import { briefingView } from "../../app/lib/briefing";
import { eachAtOnce } from "../../common/each-at-once";
import { initialsOf } from "../../common/initials";
import {
  briefingShareImagePath,
  defaultShareImagePath,
  shareImagePath,
  speakerShareImagePath,
} from "../../common/site-paths";
import { roleOf, sessionsOf, speakersWithSessions, type SpeakerSession } from "../../app/lib/speaker-schedule";
import { formatDateSpan, formatClock, formatLongDate, formatTimeRange } from "../../app/lib/time-in-edition-language";
import * as m from "../../app/i18n/messages";
import { sessionTypeWords } from "../../app/lib/session-type-words";

export interface ShareCard {
  /** Site path of the PNG, e.g. /og/talks/nomic.png */
  path: string;
  eyebrow: string;
  title: string;
  /** A line under the title: a speaker's job title. */
  subtitle?: string;
  speakers: CardPerson[];
  /** A line above the time: what a speaker is on stage for. */
  detail?: string;
  when: string;
}

/** What a card shows of a person: their name and title (their initials are drawn from the name). */
export type CardPerson = Pick<Speaker, "id" | "name" | "title">;

function cardPerson({ id, name, title }: Speaker): CardPerson {
  return { id, name, ...(title === undefined ? {} : { title }) };
}

const width = 1200;
const height = 630;

/** A font as Satori takes it. */
interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
}

/**
 * The cards' two faces, from Fontsource's static-weight packages (Satori reads TTF, OTF and WOFF, not WOFF2, and
 * applies no variable axes), at the weights the cards use. Each is cut by script into pieces ("latin",
 * "latin-ext", "greek", "cyrillic", ...); Space Grotesk has no Greek nor Cyrillic, which its text takes from Inter.
 */
const textFace = { name: "Inter", pkg: "@fontsource/inter", weights: [400, 700] as const };
const displayFace = { name: "Space Grotesk", pkg: "@fontsource/space-grotesk", weights: [700] as const };

/**
 * A face's pieces that hold a character of the cards' text, each piece at each weight. Latin always: it draws the
 * edition's name and the digits of every card. The latin piece keeps the face's name; the others are named after
 * their piece ("Inter greek"), since Satori keeps one font per name and weight.
 */
async function scriptPieces(face: typeof textFace | typeof displayFace, text: string) {
  const codePoints = Array.from(new Set(text), (character) => character.codePointAt(0) ?? 0);
  const file = face.name.toLowerCase().replace(/ /g, "-");
  const fonts: CardFont[] = [];
  for (const { piece, range } of await fontsourcePieces(face.pkg)) {
    if (piece !== "latin" && !codePoints.some((codePoint) => inRange(range, codePoint))) continue;
    for (const weight of face.weights) {
      const data = await packageFile(face.pkg, `files/${file}-${piece}-${String(weight)}-normal.woff`);
      fonts.push({ name: piece === "latin" ? face.name : `${face.name} ${piece}`, data, weight });
    }
  }
  return fonts;
}

/**
 * Kana, kanji and the CJK punctuation the cards say (a Japanese edition's words and content) are drawn from Noto
 * Sans JP, which only the build reads: the site itself leaves them to the visitor's system fonts (issue 31). The
 * face is 5 MB of WOFF2 in a hundred and twenty pieces; the pieces holding the cards' characters are cut to those
 * characters and instanced at the two weights the cards use, as Satori neither reads WOFF2 nor varies a font.
 * It only fills in what Inter and Space Grotesk lack.
 */
const cjkFace = "@fontsource-variable/noto-sans-jp";

async function cjkFonts(characters: string[]) {
  const fonts: CardFont[] = [];
  for (const { piece, range } of await fontsourcePieces(cjkFace)) {
    const index = /^\[(\d+)\]$/.exec(piece)?.[1];
    if (index === undefined) continue;
    const held = characters.filter((character) => inRange(range, character.codePointAt(0) ?? 0)).join("");
    if (!held) continue;
    const source = await packageFile(cjkFace, `files/noto-sans-jp-${index}-wght-normal.woff2`);
    for (const weight of [400, 700] as const) {
      const data = await subsetFont(source, held, { targetFormat: "sfnt", variationAxes: { wght: weight } });
      // A name per piece: Satori keeps one font per name and weight, and falls back from one name to the next.
      fonts.push({ name: `Noto Sans JP ${index}`, data, weight });
    }
  }
  return fonts;
}

/**
 * Emoji are drawn from Noto Emoji (Fontsource's variable pieces, read only by the build), in outline and in white
 * like the cards' words (decision 070). Not as a font: Satori remembers which font drew a character by its first
 * UTF-16 unit, which all the emoji of a block share, so of "🙈🚀", from two of the face's ten pieces, it drew the
 * first only. Satori asks for each emoji that no font draws; the answer is the emoji's glyph as an SVG image,
 * laid out by fontkit, whose shaping makes one glyph of a sequence (👩‍💻, 🇩🇪, 👍🏽) as the face's ligatures say.
 */
const emojiFace = "@fontsource-variable/noto-emoji";

/** Noto Emoji's pieces by number, each read once per build (a piece is up to 250 KB to decompress). */
const emojiPieces = new Map<string, Promise<fontkit.Font>>();

/** A piece of Noto Emoji by its number, read on first use. */
function emojiPiece(index: string): Promise<fontkit.Font> {
  const reading =
    emojiPieces.get(index) ??
    packageFile(emojiFace, `files/noto-emoji-${index}-wght-normal.woff2`).then((data) => fontkit.create(data));
  emojiPieces.set(index, reading);
  return reading;
}

/**
 * An emoji's glyph as an SVG data URL, or nothing when Noto Emoji has none. A sequence's glyph lies in one of the
 * pieces that hold its characters, not always the first of ❤'s (❤️‍🩹 is one glyph in the third piece holding ❤ and
 * the second holding 🩹), so each is tried until one draws it whole.
 */
async function emojiImage(emoji: string): Promise<string | undefined> {
  const codePoints = Array.from(emoji, (character) => character.codePointAt(0) ?? 0);
  const pieces = (await fontsourcePieces(emojiFace)).filter(({ range }) =>
    codePoints.some((codePoint) => inRange(range, codePoint)),
  );
  for (const { piece } of pieces) {
    const index = /^\[(\d+)\]$/.exec(piece)?.[1];
    if (index === undefined) continue;
    const face = await emojiPiece(index);
    const { glyphs, positions } = face.layout(emoji);
    if (glyphs.length > 0 && glyphs.every((glyph) => glyph.id !== 0)) return emojiSvg(face, glyphs, positions);
  }
  return undefined;
}

/** Glyphs laid out in a row, as an SVG data URL. */
function emojiSvg(face: fontkit.Font, glyphs: fontkit.Glyph[], positions: { xAdvance: number }[]): string {
  let x = 0;
  const paths = glyphs.map((glyph, i) => {
    const path = `<path transform="translate(${String(x)} 0)" d="${glyph.path.toSVG()}"/>`;
    x += positions[i]?.xAdvance ?? 0;
    return path;
  });
  // The font's y axis points up, the image's down.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 ${String(-face.ascent)} ${String(x)} ${String(face.ascent - face.descent)}"><g transform="scale(1 -1)" fill="#ffffff">${paths.join("")}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * Every font the cards' text needs, and the two families their styles name: each face's pieces, Space Grotesk
 * falling back to Inter for the scripts it lacks. Satori tries a style's families in order, then every other font
 * in the order given: Noto Sans JP comes last, and only for characters neither face draws.
 */
async function cardFonts(words: string) {
  const faces = [...(await scriptPieces(textFace, words)), ...(await scriptPieces(displayFace, words))];
  const characters = new Set(words);
  const drawn = new Set(faces.flatMap((font) => drawnBy(font.data, characters)));
  const lacking = Array.from(characters).filter((character) => !drawn.has(character));
  const names = ({ name }: { name: string }) =>
    Array.from(new Set(faces.filter((font) => font.name.startsWith(name)).map((font) => font.name)));
  return {
    fonts: [...faces, ...(await cjkFonts(lacking))],
    families: {
      text: names(textFace).join(", "),
      display: [...names(displayFace), ...names(textFace)].join(", "),
    },
  };
}

/** The font-family lists of the cards' text and display styles, as `cardFonts` names them. */
type Families = Awaited<ReturnType<typeof cardFonts>>["families"];

/** The share card of every talk and of the panel page: what it is, its title, who speaks, and when. */
export function shareCards(edition: Edition): ShareCard[] {
  const { event } = edition;
  const speakerById = new Map(edition.speakers.map((speaker) => [speaker.id, speaker]));
  const when = (start: string, end: string) =>
    `${formatLongDate(start, event.timeZone)} · ${formatTimeRange(start, end, event.timeZone)} ${event.timeZoneLabel}`;
  const talks = edition.talks.flatMap((talk) => {
    const slot = edition.agenda.find((s) => s.talkId === talk.id);
    if (!slot) return [];
    return [
      {
        path: shareImagePath(talk.id),
        eyebrow: sessionTypeWords(slot.type),
        title: talk.title,
        speakers: slot.speakerIds.flatMap((id) => speakerById.get(id) ?? []).map(cardPerson),
        when: when(slot.start, slot.end),
      },
    ];
  });
  const panel = edition.panelPage;
  return [
    ...talks,
    ...(panel
      ? [
          {
            path: shareImagePath(panel.id),
            eyebrow: sessionTypeWords("Panel"),
            title: panel.title,
            speakers: panel.speakerIds.flatMap((id) => speakerById.get(id) ?? []).map(cardPerson),
            when: when(panel.start, panel.end),
          },
        ]
      : []),
  ];
}

/** The edition's own card, for pages without one: what it is, where, and when. */
export function defaultShareCard({ event }: Edition): ShareCard {
  return {
    path: defaultShareImagePath,
    eyebrow: event.place,
    title: event.headline,
    speakers: [],
    when: `${formatDateSpan(event.date, event.endDate)} · ${event.location}`,
  };
}

/**
 * A card per speaker page and per briefing page: who, their job, what they are on stage for and when. Briefings
 * show their badges and follow the configuration entry, as the page does; the rehearsal speaker's card says
 * "Tech check rehearsal", which is what that page is for.
 */
export function speakerShareCards(edition: Edition): ShareCard[] {
  const { event } = edition;
  const card = (
    path: string,
    eyebrow: string,
    person: { name: string; title?: string | undefined },
    sessions: SpeakerSession[],
  ): ShareCard[] => {
    const onStream = sessions.filter((session) => session.type !== "Green room");
    const shown = onStream.length > 0 ? onStream : sessions;
    const [first] = shown;
    const last = shown.at(-1);
    if (!first || !last) return [];
    const date = formatLongDate(first.start, event.timeZone);
    return [
      {
        path,
        eyebrow,
        title: person.name,
        // A speaker without a title (an imported one) has the name alone.
        subtitle: person.title ?? "",
        speakers: [],
        detail: shown.length > 1 ? m.shareImageSessions({ count: shown.length }) : first.title,
        when:
          shown.length > 1
            ? `${date} · ${formatClock(first.start, event.timeZone)} - ${formatClock(last.end, event.timeZone)} ${event.timeZoneLabel}`
            : `${date} · ${formatTimeRange(first.start, first.end, event.timeZone)} ${event.timeZoneLabel}`,
      },
    ];
  };
  const speakers = speakersWithSessions(edition).flatMap((speaker) =>
    card(speakerShareImagePath(speaker.id), roleOf(edition, speaker.id), speaker, sessionsOf(edition, speaker.id)),
  );
  const briefings = edition.briefings.flatMap((briefing) => {
    const view = briefingView(edition, briefing);
    if (!view.found) return [];
    return card(briefingShareImagePath(briefing.slug), briefing.badges.join(" · "), view.speaker, view.sessions);
  });
  return [...speakers, ...briefings];
}

/** A person's initials on the brand gradient, standing in for their portrait (see decision 004). */
function Initials({ name, size, families }: { name: string; size: number; families: Families }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: 999,
        backgroundImage: "linear-gradient(135deg, #ff00c7, #0038ff)",
        fontFamily: families.display,
        fontSize: Math.round(size * 0.4),
        fontWeight: 700,
      }}
    >
      {initialsOf(name)}
    </div>
  );
}

function Card({ card, eventName, families }: { card: ShareCard; eventName: string; families: Families }) {
  const titleSize = card.title.length > 60 ? 54 : 64;
  return (
    <div
      style={{
        width,
        height,
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        // Satori sizes boxes content-box: the padding comes out of the card's size here, not on top of it.
        boxSizing: "border-box",
        padding: 64,
        color: "#ffffff",
        fontFamily: families.text,
        backgroundColor: "#000000",
        backgroundImage:
          "radial-gradient(circle at 0% 0%, rgba(0, 56, 255, 0.75), rgba(0, 0, 0, 0) 55%), radial-gradient(circle at 100% 100%, rgba(255, 0, 199, 0.55), rgba(0, 0, 0, 0) 50%)",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <div
          style={{
            display: "flex",
            border: "3px solid #ffffff",
            borderRadius: 999,
            padding: "8px 26px",
            fontFamily: families.display,
            fontSize: 30,
            fontWeight: 700,
            letterSpacing: 4,
          }}
        >
          {eventName}
        </div>
        <div style={{ display: "flex", fontSize: 28, fontWeight: 700, color: "#ff6ad9" }}>{card.eyebrow}</div>
      </div>
      <div style={{ display: "flex", alignItems: "center", gap: 40 }}>
        {card.subtitle ? <Initials name={card.title} size={168} families={families} /> : null}
        <div style={{ display: "flex", flexDirection: "column", gap: 14 }}>
          <div
            style={{
              display: "flex",
              fontFamily: families.display,
              fontSize: titleSize,
              fontWeight: 700,
              lineHeight: 1.08,
              letterSpacing: -1,
            }}
          >
            {card.title}
          </div>
          {card.subtitle ? (
            <div style={{ display: "flex", fontSize: 34, color: "#b6b6c8" }}>{card.subtitle}</div>
          ) : null}
        </div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 22 }}>
        {card.detail ? <div style={{ display: "flex", fontSize: 30, fontWeight: 700 }}>{card.detail}</div> : null}
        <div style={{ display: "flex", gap: 36 }}>
          {card.speakers.map((speaker) => (
            <div key={speaker.id} style={{ display: "flex", alignItems: "center", gap: 18 }}>
              <Initials name={speaker.name} size={76} families={families} />
              <div style={{ display: "flex", flexDirection: "column" }}>
                <div style={{ display: "flex", fontSize: 30, fontWeight: 700 }}>{speaker.name}</div>
                {card.speakers.length === 1 ? (
                  <div style={{ display: "flex", fontSize: 24, color: "#b6b6c8" }}>{speaker.title}</div>
                ) : null}
              </div>
            </div>
          ))}
        </div>
        <div style={{ display: "flex", fontSize: 26, color: "#8fa6ff" }}>{card.when}</div>
      </div>
    </div>
  );
}

/** Every word a card shows. */
function wordsOf(card: ShareCard): string {
  const people = card.speakers.flatMap((speaker) => [speaker.name, speaker.title, initialsOf(speaker.name)]);
  return [card.eyebrow, card.title, card.subtitle, initialsOf(card.title), card.detail, card.when, ...people].join(
    "\n",
  );
}

/**
 * Renders cards to 1200x630 PNGs, each once for what it shows: a card kept from an earlier build (below) is read,
 * not drawn. The others are laid out by Satori on this thread while the ones before are drawn and encoded in resvg's
 * and sharp's threads; fonts are read once for the lot, each emoji drawn once. A character no
 * font has (a script without a face here, an emoji newer than Noto Emoji) must not stop the build of a real
 * programme: Satori draws it with its last font's empty glyph, and `undrawn` lists each such character once, for the
 * build to say.
 */
export async function renderShareCards(
  cards: ShareCard[],
  eventName: string,
  cache = cardCache,
): Promise<{ images: Map<string, Buffer>; undrawn: string[]; drawn: number }> {
  const drawing = await drawingKey;
  const keyed = cards.map((card) => ({
    card,
    key: createHash("sha256").update(drawing).update("\0").update(eventName).update("\0").update(JSON.stringify(card)).digest("hex"),
  }));
  const drawn = new Map<string, KeptCard>();
  // Read sixteen at a time: thousands at a large conference.
  await eachAtOnce(keyed, 16, async ({ key }) => {
    const kept = await keptCard(cache, key);
    if (kept) drawn.set(key, kept);
  });
  // Each content once: two pages may share a card.
  const missing = [...new Map(keyed.filter(({ key }) => !drawn.has(key)).map((each) => [each.key, each])).values()];
  if (missing.length > 0) {
    const { fonts, families } = await cardFonts([eventName, ...missing.map(({ card }) => wordsOf(card))].join("\n"));
    const emoji = new Map<string, Promise<string | undefined>>();
    // At most a few cards drawn at once, behind the one being laid out: a programme's SVGs are not all held at once
    // (each is 100-200 KB of glyph outlines), and Satori's work overlaps resvg's and sharp's.
    const inFlight = new Set<Promise<void>>();
    for (const { card, key } of missing) {
      const undrawn = new Set<string>();
      const svg = await satori(<Card card={card} eventName={eventName} families={families} />, {
        width,
        height,
        fonts,
        // What none of the fonts draws: an emoji (one at a time) gets its image, anything else stays undrawn.
        loadAdditionalAsset: async (language, segment) => {
          if (language === "emoji") {
            if (!emoji.has(segment)) emoji.set(segment, emojiImage(segment));
            const image = await emoji.get(segment);
            if (image) return image;
          }
          for (const character of segment) if (!unseen.test(character)) undrawn.add(character);
          return [];
        },
      });
      const task = drawCard(svg, cache, key, Array.from(undrawn)).then((card) => {
        drawn.set(key, card);
        inFlight.delete(task);
      });
      inFlight.add(task);
      if (inFlight.size >= 4) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }
  const images = new Map<string, Buffer>();
  const undrawn = new Set<string>();
  for (const { card, key } of keyed) {
    const kept = drawn.get(key);
    if (!kept) throw new Error(`share cards: ${card.path} was not drawn`);
    images.set(card.path, kept.png);
    for (const character of kept.undrawn) undrawn.add(character);
  }
  return { images, undrawn: Array.from(undrawn), drawn: missing.length };
}

/**
 * Where drawn cards are kept between builds, by what they show: the card (its words and people), the edition's
 * name, and what draws it: the source of this module (the card's design) and of the modules it draws with, the
 * versions of Satori, the fonts, resvg and sharp, and the encoding. A rebuild after one session changed draws that
 * one card again; a build of the same edition at another instant (the suite's phase builds) draws none.
 * SHARE_CARD_CACHE names another folder (a CI's cache, or an empty one to time drawing every card).
 */
const cardCache = path.resolve(process.env.SHARE_CARD_CACHE ?? "node_modules/.cache/glosaic/share-cards");

/**
 * A card's PNG as a palette of at most 256 colours, without dithering: the cards are flat colours, a gradient and
 * text, which a palette keeps to the eye, and 39C3's cards went from 200-280 KB in full colour to 50-70 KB. sharp
 * quantises with libimagequant. Effort 1 of 10 and zlib's level 6 cost 31 ms a card where effort 3 and level 9 cost
 * 41, for files 3% larger (48.6 KB against 47.0 on a two-line title): most of a cold build's cards are this and resvg.
 */
const cardEncoding = { palette: true, colours: 256, dither: 0, effort: 1, compressionLevel: 6 } as const;

/** The modules a card's look comes from: this one (its design), the fonts' pieces and the initials. */
const drawingModules = [
  import.meta.filename,
  path.join(import.meta.dirname, "fontsource-pieces.ts"),
  path.join(import.meta.dirname, "../../common/initials.ts"),
];
const drawingPackages = ["satori", "@resvg/resvg-js", textFace.pkg, displayFace.pkg, cjkFace, emojiFace, "subset-font"];

async function versionOf(pkg: string): Promise<string> {
  const { version } = JSON.parse((await packageFile(pkg, "package.json")).toString("utf8")) as { version: string };
  return `${pkg}@${version}`;
}

const drawingKey = Promise.all([
  ...drawingModules.map((file) => readFile(file, "utf8")),
  ...drawingPackages.map(versionOf),
]).then((parts) =>
  createHash("sha256")
    .update([...parts, sharp.versions.sharp, sharp.versions.imagequant ?? "", JSON.stringify(cardEncoding)].join("\0"))
    .digest("hex"),
);

/** A drawn card: its PNG and the characters it drew as empty boxes. */
interface KeptCard {
  png: Buffer;
  undrawn: string[];
}

/** A card kept by an earlier build, with the characters it could not draw (kept beside it when there are any). */
async function keptCard(cache: string, key: string): Promise<KeptCard | undefined> {
  const png = await readFile(path.join(cache, `${key}.png`)).catch(() => undefined);
  if (!png) return undefined;
  const undrawn = await readFile(path.join(cache, `${key}.undrawn`), "utf8").catch(() => "");
  return { png, undrawn: Array.from(undrawn) };
}

/** Draws a card's SVG, encodes it, and keeps it. */
async function drawCard(svg: string, cache: string, key: string, undrawn: string[]): Promise<KeptCard> {
  const pixels = await renderAsync(svg, { fitTo: { mode: "width", value: width } });
  const png = await sharp(pixels.pixels, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .png(cardEncoding)
    .toBuffer();
  await mkdir(cache, { recursive: true });
  await keep(path.join(cache, `${key}.png`), png);
  if (undrawn.length > 0) await keep(path.join(cache, `${key}.undrawn`), undrawn.join(""));
  return { png, undrawn };
}

/** Written aside, then renamed: a build stopped halfway leaves no half-written file to be read as whole. */
async function keep(file: string, body: Buffer | string): Promise<void> {
  const aside = `${file}.${String(process.pid)}`;
  await writeFile(aside, body);
  await rename(aside, file);
}
