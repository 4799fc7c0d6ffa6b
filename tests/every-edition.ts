import { editionIds, testEditionsRoot } from "../content/editions";
import { loadEdition, type LoadedEdition } from "../content/load-edition";

/**
 * Every edition of the repository and of the tests (tests/editions), loaded: what a unit test of logic an edition's
 * shape, zone or content changes runs over, with `describe.each`, so that one process covers them all (decision 063).
 */
export const everyEdition: LoadedEdition[] = [...editionIds(), ...editionIds(testEditionsRoot)].map((id) =>
  loadEdition(id),
);

/**
 * The editions of the reference edition's shape, written by hand: a panel page, speakers' briefings and sessions
 * backstage, which the tests of speakers' schedules, briefings, share cards, calendar files and the content's rules
 * need (DemoCon, as imported from pretalx, has none, and shares people between sessions as imports may).
 */
export const editionsOfReferenceShape = everyEdition.filter(
  ({ edition }) => edition.panelPage !== undefined && edition.briefings.length > 0 && edition.backstage.length > 0,
);

/** The editions with demos to vote for. */
export const editionsWithDemos = everyEdition.filter(({ edition }) => edition.demos.length > 0);
