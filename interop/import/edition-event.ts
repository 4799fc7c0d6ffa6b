import { zoneAbbreviation, zonedIso } from "../../common/time";
import type { FileSchedule } from "./read-schedule";

type Json = Record<string, unknown>;

/** The words of a new edition's event.json: generic, with {name} and {date}, to be rewritten by the organiser. */
export function newEvent(
  file: FileSchedule,
  id: string,
  date: string,
  endDate: string | undefined,
  firstStart: string,
  lastEnd: string,
) {
  const shortName = file.title.replace(/\s*\b(19|20)\d{2}\s*$/, "").trim() || file.title;
  return {
    name: file.title,
    shortName,
    headline: `The programme of {name}: every session, its speakers and its room.`,
    description: file.description ?? `{name}, {date}: the programme of every session, with its speakers and its room.`,
    date,
    ...(endDate ? { endDate } : {}),
    timeZone: file.zone,
    // An imported edition is in English (its locale is left out) until the organiser sets one.
    timeZoneLabel: zoneAbbreviation(firstStart, file.zone, "en"),
    // Intl names UTC "GMT+00:00"; its own name reads better.
    ...(file.zone === "UTC" ? { timeZoneName: "Coordinated Universal Time" } : {}),
    location: "Online",
    place: "Online",
    livestreamName: "{name} livestream",
    siteUrl: `https://${id}.example.org`,
    sponsorsIntro: "{name} is made possible by the organisations below.",
    upcoming: {
      heading: "Save the date",
      message: "{name} takes place on {date}. Register to get the stream link and a reminder.",
    },
    live: {
      heading: "We're live",
      message: "{name} is on now. Join the stream, and see what is on and what comes next below.",
    },
    conclusion: {
      heading: "That's a wrap!",
      message: "{name} has ended. Thank you to every speaker and to everyone who joined us.",
    },
    links: {
      watch: "https://example.org/{edition}/recordings",
      register: "https://example.org/{edition}/register",
      broadcast: "https://example.org/{edition}/live",
      streamJoin: "https://example.org/{edition}/green-room",
      groupChat: "https://example.org/{edition}/speakers-chat",
      walkthrough: "https://example.org/{edition}/streaming-walkthrough",
    },
    walkthrough: { intro: "How the streaming tool works:", label: "Streaming tool walkthrough" },
    // No demos, so no vote is ever cast; the window only has to be a window.
    voting: {
      opens: zonedIso(new Date(Date.parse(firstStart) - 14 * 86_400_000).toISOString(), file.zone),
      closes: lastEnd,
    },
    presentedLive: 0,
  };
}

/** An imported edition's event after a newer export: its days and zone from the file, its words and links kept. */
export function updatedEvent(
  old: Json,
  zone: string,
  date: string,
  endDate: string | undefined,
  firstStart: string,
): Json {
  const event: Json = { ...old, date, endDate };
  if (!endDate) delete event.endDate;
  if (old.timeZone !== zone) {
    event.timeZone = zone;
    event.timeZoneLabel = zoneAbbreviation(firstStart, zone, typeof old.locale === "string" ? old.locale : "en");
    delete event.timeZoneName;
    if (zone === "UTC") event.timeZoneName = "Coordinated Universal Time";
  }
  return event;
}
