import { EditionError, selectedEditionId } from "../../content/editions";
import { loadEdition } from "../../content/load-edition";

/**
 * The build's first step: loading validates the edition EDITION names (or the reference edition), so
 * a problem stops the build here, in one line naming the edition and the record, before anything is built.
 */
try {
  const { edition, id: editionId } = loadEdition(selectedEditionId());
  const { event, agenda, talks, speakers, rooms } = edition;
  const days = event.endDate ? `from ${event.date} to ${event.endDate}` : `on ${event.date}`;
  const inRooms = rooms.length > 0 ? ` in ${String(rooms.length)} rooms` : "";
  console.log(
    `edition: ${editionId}, ${event.name} ${days} (${String(agenda.length)} sessions${inRooms}, ${String(talks.length)} talks, ${String(speakers.length)} speakers)`,
  );
} catch (error) {
  if (!(error instanceof EditionError)) throw error;
  console.error(error.message);
  process.exit(1);
}
