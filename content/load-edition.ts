import { eventSpanOf, onAirSpansOf } from "./event-span.ts";
import { EditionError, editionPublicDir, knownEditionId, missingImages, readEditionInput } from "./editions.ts";
import type { Edition, EditionInput } from "./schema.ts";
import { ContentError, validateEdition } from "./validate.ts";

/** An edition loaded and validated, with what the pages derive from it once. */
export interface LoadedEdition {
  id: string;
  /** The edition as authored, before validation (tests break copies of it to prove the rules). */
  input: EditionInput;
  edition: Edition;
  /** When the edition's stream begins and ends (see eventSpanOf). */
  eventSpan: { start: string; end: string };
  /** When the edition is on air, day by day (see onAirSpansOf): what "live" means. */
  onAirSpans: ReturnType<typeof onAirSpansOf>;
  /** Each talk's id and page: what the agenda, the live strip and speakers' schedules need of the talks, no more. */
  talkLinks: { id: string; path: string }[];
}

const loaded = new Map<string, LoadedEdition>();

/**
 * The edition `id`, read from its folder and validated, once per process: the build, the server and the tests call
 * this with the edition they are about, so one process can hold several. A content error throws one line that
 * names the edition and each record at fault.
 */
export function loadEdition(id: string): LoadedEdition {
  const known = loaded.get(id);
  if (known) return known;
  const edition = readEdition(knownEditionId(id));
  loaded.set(id, edition);
  return edition;
}

function readEdition(id: string): LoadedEdition {
  const input = readEditionInput(id);
  const invalid = (problems: string[]) => new EditionError(`Edition ${id} is invalid: ${problems.join("; ")}`);
  let edition: Edition;
  try {
    edition = validateEdition(input, id);
    const missing = missingImages(edition, editionPublicDir(id));
    if (missing.length > 0) throw invalid(missing);
  } catch (error) {
    throw error instanceof ContentError ? invalid(error.problems) : error;
  }
  return {
    id,
    input,
    edition,
    eventSpan: eventSpanOf(edition.agenda),
    onAirSpans: onAirSpansOf(edition.agenda, edition.event.timeZone),
    talkLinks: edition.talks.map(({ id: talkId, path }) => ({ id: talkId, path })),
  };
}
