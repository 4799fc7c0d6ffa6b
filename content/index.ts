import { agenda, backstage } from "./agenda";
import { briefingConfig, briefings } from "./briefings";
import { demos } from "./demos";
import { event } from "./event";
import { speakers } from "./speakers";
import { sponsors } from "./sponsors";
import { panelPage, talks } from "./talks";
import type { EditionInput } from "./schema";
import { validateEdition } from "./validate";

/** The edition as authored, before validation (tests break copies of it to prove the rules). */
export const editionInput: EditionInput = {
  event,
  speakers,
  agenda,
  backstage,
  talks,
  panelPage,
  demos,
  sponsors,
  briefings,
  briefingConfig,
};

/** The validated edition. Importing it validates it, so a content error fails the build and every test run. */
export const edition = validateEdition(editionInput);

export type * from "./schema";
