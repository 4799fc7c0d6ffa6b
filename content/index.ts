import { eventSpanOf, onAirSpansOf } from "./event-span.ts";
import { EditionError, editionPublicDir, missingImages, readEditionInput, selectedEditionId } from "./editions.ts";
import type { EditionInput } from "./schema.ts";
import { ContentError, validateEdition } from "./validate.ts";

/** The edition this process builds, serves or tests: `EDITION`, or the reference edition. */
export const editionId = selectedEditionId();

/** The edition as authored, before validation (tests break copies of it to prove the rules). */
export const editionInput: EditionInput = readEditionInput(editionId);

/**
 * The validated edition. Importing it validates it, so a content error fails the build and every test run, with
 * one line that names the edition and each record at fault.
 */
export const edition = (() => {
  const invalid = (problems: string[]) => new EditionError(`Edition ${editionId} is invalid: ${problems.join("; ")}`);
  try {
    const valid = validateEdition(editionInput, editionId);
    const missing = missingImages(valid, editionPublicDir(editionId));
    if (missing.length > 0) throw invalid(missing);
    return valid;
  } catch (error) {
    throw error instanceof ContentError ? invalid(error.problems) : error;
  }
})();

/**
 * The edition's sections, validated. The app imports them one by one (`import * as content`), so that in the browser
 * each page carries only the sections it reads (see `editionAsData` in vite.config.ts).
 */
export const {
  event,
  speakers,
  rooms,
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
export const eventSpan = eventSpanOf(edition.agenda);

/** When the edition is on air, day by day (see onAirSpansOf): what "live" means. */
export const onAirSpans = onAirSpansOf(edition.agenda, edition.event.timeZone);

/** Each talk's id and page: what the agenda, the live strip and speakers' schedules need of the talks, no more. */
export const talkLinks = edition.talks.map(({ id, path }) => ({ id, path }));

export type * from "./schema.ts";
