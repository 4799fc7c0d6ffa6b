import type { EditionInput } from "./schema";

/**
 * The fixed speaker briefing pages. Slugs are first names, so they never collide with speaker ids (first-last).
 * Times, sessions and co-speakers on each page are derived from the agenda and backstage sessions.
 */
export const briefings = [
  {
    slug: "leilani",
    path: "/speakers/leilani",
    speakerId: "leilani-kealoha",
    badges: ["Speaker", "Panel"],
    configKey: "leilani-qa",
  },
  { slug: "linnea", path: "/speakers/linnea", speakerId: "linnea-barros", badges: ["Speaker", "Demo"] },
  { slug: "adaeze", path: "/speakers/adaeze", speakerId: "adaeze-fontaine", badges: ["Moderator", "Host"] },
  { slug: "rustam", path: "/speakers/rustam", speakerId: "rustam-nazarov", badges: ["Speaker", "Panel"] },
  { slug: "soraya", path: "/speakers/soraya", speakerId: "soraya-lindqvist", badges: ["Speaker", "Talk"] },
  { slug: "test-speaker", path: "/test-speaker", speakerId: "test-speaker", badges: ["Speaker", "Talk"] },
] satisfies EditionInput["briefings"];

/** No overrides: the spec's defaults apply. */
export const briefingConfig = {} satisfies EditionInput["briefingConfig"];
