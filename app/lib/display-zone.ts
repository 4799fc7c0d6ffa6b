import { useMemo } from "react";
import * as content from "../../content";
import type { Edition } from "../../content/schema";
import { zoneAbbreviation } from "./time-in-edition-language";
import { storedValue, useStored } from "./stored-value";
import * as m from "../i18n/messages";

/** Whose clock the site's times follow: the event's zone or the visitor's own. */
export type ZoneChoice = "event" | "local";

export interface DisplayZone {
  choice: ZoneChoice;
  /** IANA zone every time on the page is formatted in. */
  timeZone: string;
  /** Written after each time: the event's label (its timeZoneLabel), or the visitor's zone as "GMT+2". */
  label: string;
  /** Said in full once per page: "<zone name> (<label>)" or "your time zone, Europe/Berlin (GMT+2)". */
  description: string;
}

// Named after the edition's wordmark, so two conferences' sites on one browser keep their own choice; for the
// reference edition it is the key the site used before editions, so returning visitors keep theirs.
export const zoneStorageKey = `${content.event.shortName.toLowerCase()}:time-zone`;
// Junk, nothing stored or storage blocked (privacy settings): the event's zone, the safe default.
const zoneChoice = storedValue(zoneStorageKey, (raw): ZoneChoice => (raw === "local" ? "local" : "event"));

/** Switches every time on the site and remembers the choice for later pages and visits. */
export function chooseZone(choice: ZoneChoice): void {
  zoneChoice.write(choice);
}

/**
 * What the pages show times against: the edition's zone and when its stream begins (a few bytes, where its first
 * session would bring the agenda). The built edition's by default; tests pass any edition's.
 */
interface ZoneEdition {
  edition: Pick<Edition, "event">;
  eventSpan: { start: string };
}
const builtEdition: ZoneEdition = { edition: { event: content.event }, eventSpan: content.eventSpan };

export function displayZoneFor(
  choice: ZoneChoice,
  visitorZone: string,
  { edition: { event }, eventSpan }: ZoneEdition = builtEdition,
): DisplayZone {
  const { timeZone, timeZoneLabel, timeZoneName } = event;
  if (choice === "event") {
    return {
      choice,
      timeZone,
      label: timeZoneLabel,
      description: m.zoneEventDescription({ name: timeZoneName, label: timeZoneLabel }),
    };
  }
  // The event day's abbreviation, so a visitor reading in winter still sees the offset that applied on the day.
  const label = zoneAbbreviation(eventSpan.start, visitorZone);
  return {
    choice,
    timeZone: visitorZone,
    label,
    description: m.zoneVisitorDescription({ zone: visitorZone, label }),
  };
}

/**
 * The zone the page shows times in. Prerendered HTML and the first render in the browser use the event's zone
 * (the server snapshot), so a visitor who never switched sees nothing change on load.
 */
export function useDisplayZone(): DisplayZone {
  const choice = useStored(zoneChoice);
  // Components that tick every second (the live strip) re-render often: build the zone's formatter once per choice.
  return useMemo(
    () => displayZoneFor(choice, choice === "local" ? Intl.DateTimeFormat().resolvedOptions().timeZone : ""),
    [choice],
  );
}
