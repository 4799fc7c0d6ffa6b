import ICAL from "ical.js";
import type { CalendarFile } from "./calendar-files";

/**
 * The events of one built calendar file, read back with ical.js as a calendar app would: what the calendar tests
 * (calendar-files.test.ts and its reference twin) check.
 */
export function eventsIn(files: readonly CalendarFile[], path: string) {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`No calendar file at ${path}`);
  const calendar = ICAL.Component.fromString(file.body);
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      title: event.summary,
      description: event.description,
      location: event.location,
      url: String(component.getFirstPropertyValue("url")),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone.tzid === "UTC",
      alarms: component.getAllSubcomponents("valarm").map((alarm) => {
        const trigger = alarm.getFirstPropertyValue("trigger");
        if (!(trigger instanceof ICAL.Duration)) throw new Error("alarm trigger is not a duration");
        return {
          action: alarm.getFirstPropertyValue("action"),
          description: alarm.getFirstPropertyValue("description"),
          // RFC 5545: a duration trigger is relative to the event's start.
          at: new Date(event.startDate.toJSDate().getTime() + trigger.toSeconds() * 1000).toISOString(),
        };
      }),
    };
  });
}
