import { z } from "zod";
import { zoneName } from "../common/time.ts";

/**
 * The edition's data model. Every record is validated here, at build time (react-router.config.ts imports the
 * edition) and in the tests, so a content mistake can never reach a visitor. Records refer to each other by id;
 * cross-record rules (references, overlaps, the day) live in validate.ts.
 */

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "ids are lowercase kebab-case");
/** An instant with its offset, e.g. 2031-05-07T10:00:00+02:00: unambiguous in any zone. */
const instant = z.iso.datetime({ offset: true });
const httpsUrl = z.url({ protocol: /^https$/ });
/** A site path such as /nomic or /speakers/ada-okoro: no trailing slash, no query. */
const sitePath = z.string().regex(/^\/[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/, "site paths look like /talk or /a/b");
/** An image in the edition's public/ folder, referred to by its site path (/portraits/ada.svg). */
const publicImage = z
  .string()
  .regex(/^\/[a-z0-9_/-]+\.(svg|png|jpg|webp)$/, "images are site paths of files in the edition's public/ folder");
const text = z.string().trim().min(1);

/** Whether `tag` is a well-formed BCP 47 language tag (Intl refuses the others). */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** An edition's interface language: a BCP 47 tag, English when left out (read by the build's messages step too). */
export const localeSchema = z
  .string()
  .trim()
  .refine(isLanguageTag, { error: "must be a BCP 47 language tag, such as de or pt-BR" })
  .default("en");
/**
 * Where a session's recording can be watched once the edition is over: a page on the video host, linked (never
 * embedded), so that no page asks a third party for anything before the visitor follows the link (decision 025).
 */
const recordingUrl = z.url({ protocol: /^https?$/, error: "recordings are http(s) URLs, such as a video page" });

export const linkSchema = z.object({ label: text, url: httpsUrl });

export const eventSchema = z
  .object({
    /**
     * The language of the interface, a BCP 47 tag ("de", "ja", "pt-BR"); English when left out. The interface's words
     * come from that language's catalogue (app/i18n/); the edition's own texts stay as written.
     */
    locale: localeSchema,
    /** The edition's name with its year, the heading and the suffix of page titles ("Example Conf 2031"). */
    name: text,
    /** The wordmark: the name without the year. */
    shortName: text,
    /** The home page headline, kept character for character. */
    headline: text,
    /** Default meta description for pages that do not set their own. */
    description: text,
    /** The conference day (the first, when the edition spans several), in the event's own time zone. */
    date: z.iso.date(),
    /** The last day of an edition that spans several; leave it out for a one-day edition. */
    endDate: z.iso.date().optional(),
    /** The one statement of the event's time zone; every instant in the content is checked against it. */
    timeZone: text,
    /** The short label shown after times ("CEST" for Europe/Berlin in summer, "PT" for America/Los_Angeles). */
    timeZoneLabel: text,
    /**
     * The zone's name in full, as the zone switch and the page descriptions say it. Leave it out to
     * take the name the Unicode CLDR gives the zone (Intl's generic long name).
     */
    timeZoneName: text.optional(),
    /** Where the talks happen, as shown on talk pages. */
    location: text,
    /** Where the conference takes place, as the footer says it: "Online", or a city. */
    place: text,
    /** What speakers invite their followers to, in the share-on-X post: "on the {livestreamName}!". */
    livestreamName: text,
    /** The briefing pages' line about the streaming tool's walkthrough video (links.walkthrough). */
    walkthrough: z.object({ intro: text, label: text }),
    /** Absolute origin of the public site, used for canonical URLs, share cards and the sitemap. */
    siteUrl: httpsUrl,
    /** The line under the sponsors' heading on the home page. */
    sponsorsIntro: text,
    /** The home page's words before the first session starts, above the countdown and Register. */
    upcoming: z.object({ heading: text, message: text }),
    /** The home page's words while the stream is live, above Watch live. */
    live: z.object({ heading: text, message: text }),
    /** Shown on the home page once the event is over. */
    conclusion: z.object({ heading: text, message: text }),
    /** Every external link of the edition, in one place. */
    links: z.object({
      /** The recordings (Watch Recording). */
      watch: httpsUrl,
      /** The external registration form (Register). */
      register: httpsUrl,
      /** The public livestream, shared by speakers with their audience. */
      broadcast: httpsUrl,
      /** The streaming tool's green room that speakers join. */
      streamJoin: httpsUrl,
      /** The speakers' group chat. */
      groupChat: httpsUrl,
      /** The video walkthrough of the streaming tool. */
      walkthrough: httpsUrl,
    }),
    /** Demo voting is open between these instants; outside them votes are refused. */
    voting: z.object({ opens: instant, closes: instant }),
    /**
     * How many of the demos with the most votes are presented live on the day (the reference edition: 4); 0 for an
     * edition without demos.
     */
    presentedLive: z.number().int().nonnegative(),
    /**
     * The audience's questions (decision 039). Every field has a default, so an edition may leave the whole object
     * out: every session type but Break takes questions, from a day before each session starts until 30 minutes
     * after it ends, and nothing an asker writes shows until a moderator approves it.
     */
    questions: z
      .object({
        /** The session types whose sessions take questions; every type but Break when left out. */
        sessionTypes: z.array(text).optional(),
        /** Minutes before a session starts that its questions open. */
        opensMinutesBefore: z
          .number()
          .int()
          .nonnegative()
          .default(24 * 60),
        /** "pre": a question shows once a moderator approves it; "post": at once, until a moderator hides it. */
        moderation: z.enum(["pre", "post"]).default("pre"),
      })
      .default({ opensMinutesBefore: 24 * 60, moderation: "pre" }),
  })
  // The zone's name is settled once, at validation, so the build and the browser say the same whatever their Intl.
  .transform((event) => ({
    ...event,
    timeZoneName: event.timeZoneName ?? zoneName(event.timeZone, event.date, event.locale),
  }));

export const speakerSchema = z.object({
  id,
  name: text,
  /** Job title and organisation as one line, e.g. "Co-founder, Nomic"; an imported schedule has none. */
  title: text.optional(),
  bio: text.optional(),
  portrait: publicImage,
  links: z.array(linkSchema).default([]),
});

/**
 * The session types the agenda colours and explains (spec §9). An edition may name others (an imported schedule's
 * "Workshop"); they are shown in a neutral colour after these.
 */
export const sessionTypes = ["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"] as const;
export type KnownSessionType = (typeof sessionTypes)[number];

/** A room, stream or track that runs in parallel with others. An edition without rooms has one stream. */
export const roomSchema = z.object({
  id,
  name: text,
  description: text.optional(),
  /** The room's GUID in the schedule it was imported from, kept so that exports name it the same. */
  guid: z.uuid().optional(),
});

/**
 * Where a room's stream may be fetched from: an https URL, or http on this machine (a stream served beside a local
 * build, as the browser tests do: a browser treats loopback as a secure origin).
 */
const streamUrl = z
  .url({ protocol: /^https?$/, error: "a stream's playlist is an https URL" })
  .refine(
    (url) => url.startsWith("https:") || ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname),
    "a stream's playlist is an https URL (http only on this machine: 127.0.0.1 or localhost)",
  );

/**
 * A room's live stream, as its host names it (decision 041). A video platform's stream is embedded behind a facade
 * (its own poster, or the edition's, and a play button) and loaded only when the visitor presses play, through the
 * platform's privacy-enhanced player; a self-hosted HLS stream (Owncast, PeerTube, the VOC) is played by the page.
 */
export const streamSchema = z.discriminatedUnion("provider", [
  z.object({
    provider: z.literal("youtube"),
    /** The live video's id, as in youtube.com/watch?v=<id>. */
    video: z.string().regex(/^[A-Za-z0-9_-]{11}$/, "a YouTube video id has 11 letters, digits, - or _"),
    poster: publicImage.optional(),
  }),
  z.object({
    provider: z.literal("vimeo"),
    /** The live event's or video's number, as in vimeo.com/<number>. */
    video: z.string().regex(/^[0-9]+$/, "a Vimeo video id is a number"),
    poster: publicImage.optional(),
  }),
  z.object({
    provider: z.literal("hls"),
    /** The stream's playlist (.m3u8), served with CORS for the site's origin. */
    url: streamUrl,
    poster: publicImage.optional(),
  }),
]);

const stageStreamsSchema = z.strictObject({
  stream: streamSchema.optional(),
  rooms: z.record(id, streamSchema).default({}),
});

/**
 * The stage (stage.json, optional): what `/live` plays. An edition with one stream names it in `stream`; an
 * edition with rooms names each room's in `rooms`, by room id. A room without one gets a stage page all the same,
 * with the edition's broadcast link to follow. `backup` names the streams the show switches a stage to when its own
 * fails (issue 44), in the same shape.
 */
export const stageSchema = stageStreamsSchema.extend({ backup: stageStreamsSchema.optional() });

/**
 * A track (theme) of the programme, with the colour the organisers give it (tracks.json, optional: an edition
 * without tracks leaves its sessions' `track` free text). Slots name their track by `name`, as schedule.json does.
 */
export const trackSchema = z.object({
  /** Its id, for a page or a filter of its own: as the schedule names it, or its name in kebab-case. */
  slug: id,
  name: text,
  /** Its colour, #rrggbb. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "a track's color is #rrggbb"),
});

export const agendaSlotSchema = z.object({
  id,
  start: instant,
  end: instant,
  /** One of `sessionTypes`, or the edition's own ("Workshop"). */
  type: text,
  title: text,
  /** The room it happens in: required when the edition has rooms, absent when it has one stream. */
  room: id.optional(),
  /** The track (theme) it belongs to, by name: one of the edition's tracks where it has any. */
  track: text.optional(),
  /** Its language as a BCP 47 tag ("en", "de", "pt-BR"); the edition's are English when left out. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "languages are BCP 47 tags such as en or pt-BR")
    .optional(),
  /** The session's GUID in the schedule it was imported from: re-imports match sessions by it. */
  guid: z.uuid().optional(),
  /** The moderator who hosts this slot on stream, if any. */
  hostId: id.optional(),
  /** The people presenting or being interviewed. */
  speakerIds: z.array(id).default([]),
  /** The catalogue talk this slot presents, which then has a page of its own. */
  talkId: id.optional(),
  /** Its recording, offered on its page and the agenda once the edition is over, and exported with it. */
  recording: recordingUrl.optional(),
  /** The speakers asked that it not be recorded (do_not_record in the schedule it was imported from): said on its page. */
  doNotRecord: z.literal(true).optional(),
});

/** Speaker-only sessions that happen before or beside the public agenda, such as the green room. */
export const backstageSessionSchema = z.object({
  id,
  start: instant,
  end: instant,
  type: z.literal("Green room"),
  title: text,
  participantIds: z.array(id).min(1),
});

/**
 * A session's own page. Its time, room, type and people are the agenda slot's that presents it (one source for each
 * fact); the page adds what the agenda does not show.
 */
export const talkSchema = z.object({
  id,
  /** The talk's own page. */
  path: sitePath,
  title: text,
  /** What the page says of the session. */
  description: text,
  /** A short summary above the description, where the session has one (pretalx's and frab's abstract). */
  abstract: text.optional(),
  tags: z.array(text).default([]),
  /**
   * Further links (slides, the project), shown on the page and exported with the session; a recording is the
   * agenda slot's.
   */
  links: z.array(z.object({ label: text, url: z.url({ protocol: /^https?$/ }) })).default([]),
  /** The session's page in the tool it was imported from (pretalx, frab); exported as `origin_url`. */
  originUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** What a demo will show, for demo pages. */
  highlights: z.array(text).optional(),
  /** What the conversation will cover, for Q&A pages. */
  topics: z.array(text).optional(),
});

/** A page for a panel that stands outside the catalogue, with its own times. */
export const panelPageSchema = z.object({
  id,
  path: sitePath,
  title: text,
  description: text,
  start: instant,
  end: instant,
  location: text,
  speakerIds: z.array(id).min(1),
  topics: z.array(text).optional(),
  /** Its recording, offered on the page once the edition is over. */
  recording: recordingUrl.optional(),
});

export const demoSchema = z.object({
  id: z.string().regex(/^demo-[0-9]+$/, "demo ids look like demo-1"),
  title: text,
  presenterId: id,
  description: text,
  /** The count the vote store is seeded with. */
  votes: z.number().int().nonnegative(),
  tags: z.array(text).min(1),
  projectUrl: httpsUrl,
});

export const sponsorSchema = z.object({
  id,
  name: text,
  logo: publicImage,
  url: httpsUrl,
  role: z.enum(["Sponsor", "Co-host"]),
});

export const briefingBadges = ["Speaker", "Moderator", "Host", "Panel", "Demo", "Talk"] as const;

/** A fixed speaker briefing page at /speakers/{slug} (or a path of its own, such as the rehearsal page). */
export const briefingSchema = z.object({
  slug: id,
  path: sitePath,
  speakerId: id,
  badges: z.tuple([z.enum(briefingBadges), z.enum(briefingBadges)]),
  /** Optional override looked up by key (the spec's '{slug}-qa' entry) for the session title and speaker. */
  configKey: z.string().optional(),
});

/** Optional overrides for briefing pages, keyed as the spec's '{slug}-qa' entries. */
export const briefingConfigSchema = z.record(
  z.string(),
  z.object({
    title: text.optional(),
    speaker: z.object({ name: text, title: text, imgUrl: publicImage }).optional(),
  }),
);

export const editionSchema = z.object({
  event: eventSchema,
  speakers: z.array(speakerSchema),
  rooms: z.array(roomSchema).default([]),
  tracks: z.array(trackSchema).default([]),
  agenda: z.array(agendaSlotSchema).min(1, "an edition needs at least one agenda slot"),
  backstage: z.array(backstageSessionSchema),
  talks: z.array(talkSchema),
  /** The panel's page, where the edition has a panel outside the catalogue. */
  panelPage: panelPageSchema.optional(),
  demos: z.array(demoSchema),
  sponsors: z.array(sponsorSchema),
  briefings: z.array(briefingSchema),
  briefingConfig: briefingConfigSchema,
  stage: stageSchema.default({ rooms: {} }),
});

export type EventInfo = z.infer<typeof eventSchema>;
export type Speaker = z.infer<typeof speakerSchema>;
export type SessionType = string;
export type Room = z.infer<typeof roomSchema>;
export type Track = z.infer<typeof trackSchema>;
export type AgendaSlot = z.infer<typeof agendaSlotSchema>;
export type BackstageSession = z.infer<typeof backstageSessionSchema>;
export type Talk = z.infer<typeof talkSchema>;
export type PanelPage = z.infer<typeof panelPageSchema>;
export type Demo = z.infer<typeof demoSchema>;
export type Sponsor = z.infer<typeof sponsorSchema>;
export type Briefing = z.infer<typeof briefingSchema>;
export type BriefingConfig = z.infer<typeof briefingConfigSchema>;
export type Stream = z.infer<typeof streamSchema>;
export type Stage = z.infer<typeof stageSchema>;
/** What content files author (defaults may be omitted). */
export type EditionInput = z.input<typeof editionSchema>;
export type Edition = z.infer<typeof editionSchema>;
