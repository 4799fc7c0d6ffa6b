import { selectedEditionId } from "../content/editions";
import { writeMessages } from "../scripts/build/messages";

/** Vitest's global setup: the interface's words for the edition under test, which the app's modules import. */
export function setup() {
  writeMessages(selectedEditionId());
}
