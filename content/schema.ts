import { z } from "zod";
import { zoneName } from "../app/lib/time";

/**
 * The edition's data model. Every record is validated here, at build time (react-router.config.ts imports the
 * edition) and in the tests, so a content mistake can never reach a visitor. Records refer to each other by id;
 * cross-record rules (references, overlaps, the day) live in validate.ts.
 */

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "ids are lowercase kebab-case");
/** An instant with its offset, e.g. 2025-04-16T10:00:00-04:00: unambiguous in any zone. */
const instant = z.iso.datetime({ offset: true });
const httpsUrl = z.url({ protocol: /^https$/ });
/** A site path such as /nomic or /speakers/ada-okoro: no trailing slash, no query. */
const sitePath = z.string().regex(/^\/[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/, "site paths look like /talk or /a/b");
/** An image in the edition's public/ folder, referred to by its site path (/portraits/ada.svg). */
const publicImage = z
  .string()
  .regex(/^\/[a-z0-9_/-]+\.(svg|png|jpg|webp)$/, "images are site paths of files in the edition's public/ folder");
const text = z.string().trim().min(1);

export const linkSchema = z.object({ label: text, url: httpsUrl });

export const eventSchema = z
  .object({
    /** The edition's name, the heading and the suffix of page titles (the reference edition: "GLOSAIC 2025"). */
    name: text,
    /** The wordmark: the name without the year. */
    shortName: text,
    /** The home page headline, kept character for character. */
    headline: text,
    /** Default meta description for pages that do not set their own. */
    description: text,
    /** The conference day, in the event's own time zone. */
    date: z.iso.date(),
    /** The one statement of the event's time zone; every instant in the content is checked against it. */
    timeZone: text,
    /** The short label shown after times ("ET" for America/New_York, "CEST" for Europe/Berlin in summer). */
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
    /** How many of the demos with the most votes are presented live on the day (the reference edition: 4). */
    presentedLive: z.number().int().positive(),
  })
  // The zone's name is settled once, at validation, so the build and the browser say the same whatever their Intl.
  .transform((event) => ({ ...event, timeZoneName: event.timeZoneName ?? zoneName(event.timeZone, event.date) }));

export const speakerSchema = z.object({
  id,
  name: text,
  /** Job title and organisation as one line, e.g. "Co-founder, Nomic". */
  title: text,
  bio: text,
  portrait: publicImage,
  links: z.array(linkSchema).default([]),
});

export const sessionTypes = ["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"] as const;
export const sessionTypeSchema = z.enum(sessionTypes);

export const agendaSlotSchema = z.object({
  id,
  start: instant,
  end: instant,
  type: sessionTypeSchema,
  title: text,
  /** The moderator who hosts this slot on stream, if any. */
  hostId: id.optional(),
  /** The people presenting or being interviewed. */
  speakerIds: z.array(id).default([]),
  /** The catalogue talk this slot presents, which then has a page of its own. */
  talkId: id.optional(),
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

export const talkTypes = ["Talk", "Q&A", "Featured Demo"] as const;

export const talkSchema = z.object({
  id,
  /** The talk's own page. */
  path: sitePath,
  title: text,
  description: text,
  eventType: z.enum(talkTypes),
  speakerId: id,
  tags: z.array(text).min(1),
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
  agenda: z.array(agendaSlotSchema).min(1, "an edition needs at least one agenda slot"),
  backstage: z.array(backstageSessionSchema),
  talks: z.array(talkSchema),
  panelPage: panelPageSchema,
  demos: z.array(demoSchema),
  sponsors: z.array(sponsorSchema),
  briefings: z.array(briefingSchema),
  briefingConfig: briefingConfigSchema,
});

export type EventInfo = z.infer<typeof eventSchema>;
export type Speaker = z.infer<typeof speakerSchema>;
export type SessionType = z.infer<typeof sessionTypeSchema>;
export type AgendaSlot = z.infer<typeof agendaSlotSchema>;
export type BackstageSession = z.infer<typeof backstageSessionSchema>;
export type Talk = z.infer<typeof talkSchema>;
export type PanelPage = z.infer<typeof panelPageSchema>;
export type Demo = z.infer<typeof demoSchema>;
export type Sponsor = z.infer<typeof sponsorSchema>;
export type Briefing = z.infer<typeof briefingSchema>;
export type BriefingConfig = z.infer<typeof briefingConfigSchema>;
/** What content files author (defaults may be omitted). */
export type EditionInput = z.input<typeof editionSchema>;
export type Edition = z.infer<typeof editionSchema>;
