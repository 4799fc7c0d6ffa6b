import * as agendaFile from "./agenda";
import * as briefingsFile from "./briefings";
import * as demosFile from "./demos";
import * as eventFile from "./event";
import * as speakersFile from "./speakers";
import * as sponsorsFile from "./sponsors";
import * as talksFile from "./talks";
import type { EditionInput } from "./schema";
import { validateEdition } from "./validate";

/** The edition as authored, before validation (tests break copies of it to prove the rules). */
export const editionInput: EditionInput = {
  event: eventFile.event,
  speakers: speakersFile.speakers,
  agenda: agendaFile.agenda,
  backstage: agendaFile.backstage,
  talks: talksFile.talks,
  panelPage: talksFile.panelPage,
  demos: demosFile.demos,
  sponsors: sponsorsFile.sponsors,
  briefings: briefingsFile.briefings,
  briefingConfig: briefingsFile.briefingConfig,
};

/** The validated edition. Importing it validates it, so a content error fails the build and every test run. */
export const edition = validateEdition(editionInput);

/**
 * The edition's sections, validated. The app imports them one by one (`import * as content`), so that in the browser
 * each page carries only the sections it reads (see `editionAsData` in vite.config.ts).
 */
export const { event, speakers, agenda, backstage, talks, panelPage, demos, sponsors, briefings, briefingConfig } =
  edition;

/** Each talk's id and page: what the agenda, the live strip and speakers' schedules need of the talks, no more. */
export const talkLinks = edition.talks.map(({ id, path }) => ({ id, path }));

export type * from "./schema";
