import { parseArgs } from "node:util";
import { EditionError, newEdition } from "../../content/editions";
import { moveEdition, type EditionMove } from "./move-edition";

/**
 * npm run new-edition -- <id> [--name "Example Conf 2031"] [--date 2031-05-07] [--time-zone Europe/Berlin]
 *   [--zone-label CEST] [--voting-opens <instant>] [--voting-closes <instant>]
 * starts editions/<id> as a copy of the latest edition; with the options, the copy is renamed and moved, every
 * session to the same wall-clock time on the new day in the new zone.
 */
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: "string" },
      date: { type: "string" },
      "time-zone": { type: "string" },
      "zone-label": { type: "string" },
      "voting-opens": { type: "string" },
      "voting-closes": { type: "string" },
    },
  });
  const [id] = positionals;
  if (!id) throw new EditionError("Name the new edition's folder: npm run new-edition -- <id>");
  const move: EditionMove = {
    name: values.name,
    date: values.date,
    timeZone: values["time-zone"],
    timeZoneLabel: values["zone-label"],
    votingOpens: values["voting-opens"],
    votingCloses: values["voting-closes"],
  };
  const from = newEdition(id);
  if (Object.values(move).some((value) => value !== undefined)) await moveEdition(id, move);
  console.log(
    `editions/${id}: a copy of ${from}. Check its event.json (name, date, time zone, links, voting window), then its sessions; EDITION=${id} npm run build checks it.`,
  );
} catch (error) {
  console.error(error instanceof EditionError || error instanceof TypeError ? error.message : String(error));
  process.exit(1);
}
