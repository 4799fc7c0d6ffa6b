import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import subsetFont from "subset-font";
import type { Edition, Speaker } from "../../content";
import { briefingView } from "../../app/lib/briefing";
import { initialsOf } from "../../app/lib/initials";
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
  speakers: Speaker[];
  /** A line above the time: what a speaker is on stage for. */
  detail?: string;
  when: string;
}

const width = 1200;
const height = 630;
const require = createRequire(import.meta.url);

/** Satori reads TTF, OTF and WOFF, not WOFF2: the static-weight Fontsource packages ship WOFF. */
async function latinFonts() {
  const file = (pkg: string, name: string) => readFile(require.resolve(`${pkg}/files/${name}`));
  return [
    { name: "Inter", data: await file("@fontsource/inter", "inter-latin-400-normal.woff"), weight: 400 as const },
    { name: "Inter", data: await file("@fontsource/inter", "inter-latin-700-normal.woff"), weight: 700 as const },
    {
      name: "Space Grotesk",
      data: await file("@fontsource/space-grotesk", "space-grotesk-latin-700-normal.woff"),
      weight: 700 as const,
    },
  ];
}

/** The pieces Fontsource cuts a CJK face into, by the characters each holds ("[0]" to "[119]"). */
const cjkFace = "@fontsource-variable/noto-sans-jp";

/** The code points a CSS unicode-range names ("U+3000-303f,U+30a0"). */
function inRange(range: string, codePoint: number): boolean {
  return range.split(",").some((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return codePoint >= parseInt(from ?? "", 16) && codePoint <= parseInt(to ?? "", 16);
  });
}

/**
 * Kana, kanji and the CJK punctuation the cards say (a Japanese edition's words and content) are drawn from Noto
 * Sans JP, which only the build reads: the site itself leaves them to the visitor's system fonts (issue 31). The
 * face is 5 MB of WOFF2 in a hundred and twenty pieces; the pieces holding the cards' characters are cut to those
 * characters and instanced at the two weights the cards use, as Satori neither reads WOFF2 nor varies a font.
 * Latin text keeps Inter and Space Grotesk, which Satori tries first: this face only fills in what they lack.
 */
async function cjkFonts(text: string) {
  const pieces = JSON.parse(await readFile(require.resolve(`${cjkFace}/unicode.json`), "utf8")) as Record<
    string,
    string
  >;
  const characters = [...new Set(text)];
  const fonts = [];
  for (const [piece, range] of Object.entries(pieces)) {
    const index = /^\[(\d+)\]$/.exec(piece)?.[1];
    if (index === undefined) continue;
    const held = characters.filter((character) => inRange(range, character.codePointAt(0) ?? 0)).join("");
    if (!held) continue;
    const source = await readFile(require.resolve(`${cjkFace}/files/noto-sans-jp-${index}-wght-normal.woff2`));
    for (const weight of [400, 700] as const) {
      const data = await subsetFont(source, held, { targetFormat: "sfnt", variationAxes: { wght: weight } });
      // A name per piece: Satori keeps one font per name and weight, and falls back from one name to the next.
      fonts.push({ name: `Noto Sans JP ${index}`, data, weight });
    }
  }
  return fonts;
}

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
        speakers: slot.speakerIds.flatMap((id) => speakerById.get(id) ?? []),
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
            speakers: panel.speakerIds.flatMap((id) => speakerById.get(id) ?? []),
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
function Initials({ name, size }: { name: string; size: number }) {
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
        fontFamily: "Space Grotesk",
        fontSize: Math.round(size * 0.4),
        fontWeight: 700,
      }}
    >
      {initialsOf(name)}
    </div>
  );
}

function Card({ card, eventName }: { card: ShareCard; eventName: string }) {
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
        fontFamily: "Inter",
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
            fontFamily: "Space Grotesk",
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
        {card.subtitle ? <Initials name={card.title} size={168} /> : null}
        <div style={{ display: "flex", flexDirection: "column", gap: 14 }}>
          <div
            style={{
              display: "flex",
              fontFamily: "Space Grotesk",
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
              <Initials name={speaker.name} size={76} />
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
 * Renders cards to 1200x630 PNGs; fonts are read once for the lot. A character that no font has would be drawn as
 * an empty box on every share of the page, so Satori's request for another font fails the build instead, naming
 * the card and the characters.
 */
export async function renderShareCards(cards: ShareCard[], eventName: string): Promise<Map<string, Buffer>> {
  const fonts = [...(await latinFonts()), ...(await cjkFonts([eventName, ...cards.map(wordsOf)].join("\n")))];
  const images = new Map<string, Buffer>();
  for (const card of cards) {
    const svg = await satori(<Card card={card} eventName={eventName} />, {
      width,
      height,
      fonts,
      loadAdditionalAsset: (_language, characters) => {
        throw new Error(`share card ${card.path}: no font draws "${characters}"`);
      },
    });
    images.set(card.path, new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng());
  }
  return images;
}
