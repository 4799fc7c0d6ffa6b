import { selectedEditionId } from "../content/editions";
import { buildServer } from "../scripts/build-server";
import { writeMessages } from "../scripts/messages";

/**
 * Vitest's global setup: the interface's words for the edition under test (the app's modules import them), then
 * the server: the tests that start it run the compiled file, as `npm start` does, so it is compiled from the source
 * under test first (a second or less) rather than trusting an earlier build to be current.
 */
export async function setup() {
  writeMessages(selectedEditionId());
  await buildServer();
}
