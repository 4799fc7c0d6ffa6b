import { agenda, backstage } from "./agenda";
import { briefingConfig, briefings } from "./briefings";
import { demos } from "./demos";
import { event } from "./event";
import { speakers } from "./speakers";
import { sponsors } from "./sponsors";
import { panelPage, talks } from "./talks";
import { validateEdition } from "./validate";

/** The validated edition. Importing it validates it, so a content error fails the build and every test run. */
export const edition = validateEdition({
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
});

export type * from "./schema";
