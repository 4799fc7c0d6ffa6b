import type { Page } from "@playwright/test";
import { edition, type AgendaSlot } from "../../content";
import { programmeDays } from "../../common/programme-days";
import { searchKey } from "../../common/search-text";
import { formatDayName } from "../../app/lib/time-in-edition-language";
import * as m from "../../app/i18n/messages";
import { expect, waitForHydration } from "./fixtures";

// What the agenda of the edition under test shows, from the edition's files: its days, the first day's sessions
// that /agenda shows, what its search and filters keep (agenda.spec.ts, and agenda.large.spec.ts at a large
// conference's size).

const { event, agenda, rooms, tracks, talks } = edition;
/** The programme's days as its zone dates them: the agenda's tabs when there are several. */
export const days = programmeDays(agenda, event.timeZone);
/** Whether the agenda shows a day at a time with search and filters (rooms or days), or the spec's one table. */
export const byDay = rooms.length > 0 || days.length > 1;
/** What /agenda shows: the first day's sessions, or the whole programme of one stream and one day. */
export const firstDay = days[0]!;
export const shown = firstDay.sessions;
/** The name the list of a day's sessions has: its day's, where there are several. */
export const listName = (date: string) =>
  m.agendaScheduleLabel({ day: days.length > 1 ? formatDayName(date, "long") : "none" });

export const table = (page: Page) => page.getByRole("table");
export const cards = (page: Page, date = firstDay.date) =>
  page.getByRole("list", { name: listName(date), exact: true }).getByRole("listitem");

/** The rooms the grid shows for some sessions: those with a session among them, in the edition's order. */
export const roomsOf = (sessions: readonly AgendaSlot[]) =>
  rooms.filter((room) => sessions.some((slot) => slot.room === room.id));

/** Waits until the schedule itself has hydrated (it does once the programme's file has come): its search shows. */
export async function scheduleReady(page: Page) {
  await waitForHydration(page);
  // At a large conference's size, on a loaded machine, hydrating a day's sessions has taken several seconds.
  if (byDay) await expect(page.getByRole("searchbox", { name: m.agendaSearchLabel })).toBeVisible({ timeout: 30_000 });
}

/** The day tabs. */
export const dayTabs = (page: Page) => page.getByRole("navigation", { name: m.agendaDays }).getByRole("link");

/** The titles the list shows, in order. */
export const listTitles = (page: Page, date = firstDay.date) => cards(page, date).getByRole("heading");

const talkOf = new Map(talks.map((each) => [each.id, each]));
export const speakerName = new Map(edition.speakers.map((speaker) => [speaker.id, speaker.name]));
/** What the search reads of a session, from the edition's files: title, people, abstract and description. */
export const searchText = (slot: AgendaSlot) => {
  const page = slot.talkId === undefined ? undefined : talkOf.get(slot.talkId);
  const people = [...slot.speakerIds, ...(slot.hostId ? [slot.hostId] : [])].map((id) => speakerName.get(id) ?? "");
  return searchKey([slot.title, ...people, page?.abstract ?? "", page?.description ?? ""].join(" "));
};

/** Each filter's values on the first day, and which of its sessions each keeps, from the edition's files. */
export const filterCases = [
  ...roomsOf(shown).map((room) => ({
    key: "room",
    value: room.id,
    keeps: (slot: AgendaSlot) => slot.room === room.id,
  })),
  ...tracks
    .filter((track) => shown.some((slot) => slot.track === track.name))
    .map((track) => ({ key: "track", value: track.slug, keeps: (slot: AgendaSlot) => slot.track === track.name })),
  ...[...new Set(shown.map((slot) => slot.type))].map((type) => ({
    key: "type",
    value: type,
    keeps: (slot: AgendaSlot) => slot.type === type,
  })),
  ...[...new Set(shown.map((slot) => slot.language ?? "en"))].map((lang) => ({
    key: "lang",
    value: lang,
    keeps: (slot: AgendaSlot) => (slot.language ?? "en") === lang,
  })),
];
