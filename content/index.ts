import { selectedEditionId } from "./editions.ts";
import { loadEdition } from "./load-edition.ts";

/**
 * The app's build entry: the edition this build is of. It is the one module that reads `EDITION` when it is
 * imported (the routes, the pages and the build's own steps import it); the server, interop/ and the tests call
 * `loadEdition(id)` with the edition they are about (decision 063). In the browser, `editionAsData` in
 * vite.config.ts replaces this module with its settings as JSON (the event, the stage, its days on air): the
 * programme reaches pages through their loaders, or fetched after load (decision 073).
 */
const loaded = loadEdition(selectedEditionId());

/** The edition this build is of: `EDITION`, or the reference edition. */
export const editionId = loaded.id;

/** The edition as authored, before validation (tests break copies of it to prove the rules). */
export const editionInput = loaded.input;

/** The validated edition. */
export const edition = loaded.edition;

/**
 * The edition's sections, validated. The app's loaders and the build read them (`import * as content`); in the
 * browser only the settings are there (see `editionAsData` in vite.config.ts).
 */
export const {
  event,
  speakers,
  rooms,
  tracks,
  agenda,
  backstage,
  talks,
  panelPage,
  demos,
  sponsors,
  briefings,
  briefingConfig,
  stage,
} = edition;

/** When the edition's stream begins and ends (see eventSpanOf). */
export const eventSpan = loaded.eventSpan;

/** When the edition is on air, day by day (see onAirSpansOf): what "live" means. */
export const onAirSpans = loaded.onAirSpans;

/** Each talk's id and page: what the agenda, the live strip and speakers' schedules need of the talks, no more. */
export const talkLinks = loaded.talkLinks;

export type * from "./schema.ts";
