import * as content from "../../content";
import type { Schedule } from "./speaker-schedule";

/**
 * The built edition's schedule, for the routes' loaders at build time (decision 073). Apart from speaker-schedule.ts, whose logic takes any edition's schedule: the server and the calendar files import that
 * without the app's build entry.
 */
export const editionSchedule: Schedule = {
  agenda: content.agenda,
  backstage: content.backstage,
  speakers: content.speakers,
  talks: content.talkLinks,
};
