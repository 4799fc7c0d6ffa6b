import * as m from "../i18n/messages";
import { describe, expect, it } from "vitest";
import { everyEdition } from "../../tests/every-edition";
import { displayZoneFor } from "./display-zone";
import { zoneAbbreviation } from "./time-in-edition-language";
import { zoneName, zoneOffsetMinutes } from "../../common/time";

describe.each(everyEdition)("Display zones of $id", (loaded) => {
  const { edition, input } = loaded;
  const { event } = edition;
  const firstSession = new Date(edition.agenda[0]!.start);
  /** A visitor somewhere else than the event, so that the default visibly ignores where they are. */
  const elsewhere = event.timeZone === "Pacific/Kiritimati" ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";

  describe("The zone times are shown in", () => {
    it("is the edition's zone, with its label and its name in full, by default", () => {
      // The content may name the zone itself; otherwise its CLDR name on the day ("Central European Time").
      const name = input.event.timeZoneName ?? zoneName(event.timeZone, event.date, event.locale);
      expect(displayZoneFor("event", elsewhere, loaded)).toEqual({
        choice: "event",
        timeZone: event.timeZone,
        label: event.timeZoneLabel,
        description: m.zoneEventDescription({ name, label: event.timeZoneLabel }),
      });
    });

    it("is the visitor's own zone, named as on the event day, once they switch", () => {
      // Berlin is UTC+1 in winter and UTC+2 in summer: the label is the offset on the event's day, whenever one reads.
      const berlin = `GMT+${String(zoneOffsetMinutes(firstSession, "Europe/Berlin") / 60)}`;
      expect(displayZoneFor("local", "Europe/Berlin", loaded)).toEqual({
        choice: "local",
        timeZone: "Europe/Berlin",
        label: berlin,
        description: m.zoneVisitorDescription({ zone: "Europe/Berlin", label: berlin }),
      });
      // Tokyo keeps one offset all year: its label is the one it has in winter and in summer, in the edition's language.
      const tokyo = displayZoneFor("local", "Asia/Tokyo", loaded).label;
      expect(tokyo).toBe(zoneAbbreviation("2031-01-15T12:00:00Z", "Asia/Tokyo"));
      expect(tokyo).toBe(zoneAbbreviation("2031-07-15T12:00:00Z", "Asia/Tokyo"));
    });
  });
});
