import { EditionError, newEdition } from "../content/editions";

/** npm run new-edition -- <id>: starts editions/<id> as a copy of the latest edition. */
const id = process.argv[2];
try {
  if (!id) throw new EditionError("Name the new edition: npm run new-edition -- glosaic-2027");
  const from = newEdition(id);
  console.log(
    `editions/${id}: a copy of ${from}. Edit its event.json first (name, date, time zone, links, voting window), then its sessions; EDITION=${id} npm run build checks it.`,
  );
} catch (error) {
  console.error(error instanceof EditionError ? error.message : String(error));
  process.exit(1);
}
