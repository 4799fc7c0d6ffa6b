import type { Locator, Page } from "@playwright/test";
import { edition, eventSpan, type AgendaSlot } from "../../content";
import { agendaDayLink } from "../../common/programme-days";
import { trackPath } from "../../common/path-segments";
import { matchesQuery, searchKey } from "../../common/search-text";
import { programmePath } from "../../content/programme";
import { isChoosable } from "../../common/my-schedule";
import { zonedDate, zoneOffsetMinutes } from "../../common/time";
import {
  formatClock,
  formatDateSpan,
  formatDayName,
  formatTimeRange,
  formatWeekdayDate,
  zoneAbbreviation,
} from "../../app/lib/time-in-edition-language";
import {
  axeViolations,
  expect,
  expectNoOverlap,
  startingWith,
  tabTo,
  test,
  timeLeftPattern,
  waitForHydration,
} from "./fixtures";
import { at, editionMoments } from "./moments";
import {
  byDay,
  cards,
  dayTabs,
  days,
  filterCases,
  listTitles,
  roomsOf,
  scheduleReady,
  searchText,
  shown,
  speakerName,
  table,
} from "./agenda-edition";
import * as m from "../../app/i18n/messages";
import { hole, messageExactly } from "../message-words";
import { sessionTypeWords } from "../../app/lib/session-type-words";

// The agenda of whichever edition is built: its sessions, in its zone and a visitor's, its days and rooms where it
// has several, and the live strip at moments of its own days (agenda.reference.spec.ts checks the reference
// edition's exact figures; phases.spec.ts the page's actions in each phase).

const { event, agenda, rooms, tracks, talks } = edition;

/** Each card's time, the first line of the card. */
const cardTimes = (page: Page) => cards(page).locator(":scope > div > p");
const strip = (page: Page) => page.getByRole("complementary", { name: m.liveStripLabel });
const timeCells = (page: Page) => table(page).locator("tbody tr").locator("td:first-child");

const first = agenda[0]!;
/** A talk of the first day, whose title links to its page. */
const talk = talks.find((each) => shown.some((slot) => slot.talkId === each.id))!;
const knownTypes = ["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"];
const second = 1000;
const minute = 60 * second;

/** The day the programme gives a session: the date of its start in the event's zone. */
const dayOf = (slot: Pick<AgendaSlot, "start">) => zonedDate(new Date(slot.start), event.timeZone);

/** A session's time as the agenda writes it in the event's zone: "10:00 - 10:30am ET". */
const eventTime = (slot: Pick<AgendaSlot, "start" | "end">) =>
  `${formatTimeRange(slot.start, slot.end, event.timeZone)} ${event.timeZoneLabel}`;

/** The label a visitor's zone gets: its abbreviation on the event's day ("GMT+2"). */
const visitorLabel = (zone: string) => zoneAbbreviation(first.start, zone);

/** A session's time in a visitor's zone, with its day when that zone puts it on another day than its own. */
const visitorTime = (slot: Pick<AgendaSlot, "start" | "end">, zone: string) => {
  const day = zonedDate(new Date(slot.start), zone) === dayOf(slot) ? "" : formatWeekdayDate(slot.start, zone);
  return `${formatTimeRange(slot.start, slot.end, zone)} ${visitorLabel(zone)}${day}`;
};

/** A visitor whose clock differs from the event's on the day, so switching zones changes every time. */
const visitorZone = ["Europe/Berlin", "America/Los_Angeles"].find(
  (zone) => zoneOffsetMinutes(new Date(first.start), zone) !== zoneOffsetMinutes(new Date(first.start), event.timeZone),
)!;

/** A visitor for whom some of the sessions fall on another calendar day than the programme's. */
const farZone = ["Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"].find((zone) =>
  agenda.some((slot) => zonedDate(new Date(slot.start), zone) !== dayOf(slot)),
)!;

const iso = (time: number) => new Date(time).toISOString();
const roomName = (slot: AgendaSlot) => rooms.find((room) => room.id === slot.room)?.name ?? "";

/** The wide layout's cells of the sessions with a title, in an edition with rooms: one per session, in order. */
const roomCells = (page: Page, title: string, scope: Locator = table(page)) =>
  scope.getByRole("cell").filter({ has: page.getByText(title, { exact: true }) });

/** The wide layout's time of the first session: its row's first cell, or the first line of its room's cell. */
const firstTime = (page: Page) =>
  rooms.length > 0
    ? roomCells(page, first.title).first().locator("p").first()
    : table(page).getByRole("row").nth(1).getByRole("cell").first();

/** Every session's time in the wide layout, as `timeOf` writes it. */
async function expectWideTimes(page: Page, timeOf: (slot: AgendaSlot) => string) {
  if (rooms.length === 0) {
    await expect(timeCells(page)).toHaveText(shown.map(timeOf));
    return;
  }
  for (const title of new Set(shown.map((slot) => slot.title))) {
    const slots = shown.filter((slot) => slot.title === title);
    const cells = roomCells(page, title);
    await expect(cells).toHaveCount(slots.length);
    for (const [index, slot] of slots.entries()) {
      await expect(cells.nth(index).locator("p").first()).toHaveText(timeOf(slot));
    }
  }
}

/** The strip's line for a session's room, or the whole strip in an edition of one stream. */
const stripLine = (page: Page, slot: AgendaSlot) =>
  slot.room === undefined
    ? strip(page)
    : strip(page)
        .getByRole("listitem")
        .filter({ has: page.getByText(roomName(slot), { exact: true }) });

/** The next session after an instant in a session's stream (its room, or the one stream), on the same day. */
const nextInStream = (slot: AgendaSlot, instant: number) =>
  agenda.find((other) => other.room === slot.room && dayOf(other) === dayOf(slot) && Date.parse(other.start) > instant);

/** "Next at 10:30am ET: Seeing your data", as the strip says it in the event's zone. */
const nextLine = (slot: AgendaSlot) =>
  // Given words alone, the message's parts are words.
  (
    m.liveNextRich({
      next: m.liveNext,
      time: formatClock(slot.start, event.timeZone),
      zone: event.timeZoneLabel,
      title: slot.title,
    }) as string[]
  ).join("");

test.describe("On a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Visitors see the programme (its first day) as one card per session, each with its time, type and title", async ({
    page,
  }) => {
    await page.goto("/agenda");
    await expect(cards(page)).toHaveCount(shown.length);
    for (const card of await cards(page).all()) await expect(card).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    const card = cards(page).first();
    await expect(card).toContainText(eventTime(first));
    await expect(card).toContainText(sessionTypeWords(first.type));
    await expect(card.getByRole("heading")).toHaveText(first.title);
    await expect(cardTimes(page)).toHaveText(shown.map(eventTime));
    await expect(cards(page).locator(":scope > div > span")).toHaveText(
      shown.map((slot) => sessionTypeWords(slot.type)),
    );
  });
});

test.describe("On a phone, before the programme's file has come", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the prerendered schedule stays as it is, and once the file comes it hydrates and works", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(programmePath, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/agenda");
    await waitForHydration(page);
    // The rest of the page has hydrated; the schedule keeps its prerendered cards, not yet hydrated: its buttons,
    // which need JavaScript, keep their place unseen.
    await expect(cards(page)).toHaveCount(shown.length);
    await expect(cards(page).first().getByRole("heading")).toHaveText(first.title);
    const choose = page
      .getByRole("button", { name: m.favouriteLabel({ title: shown.find(isChoosable)!.title }), exact: true })
      .first();
    await expect(choose).toBeHidden();
    release();
    await choose.click();
    await expect(choose).toHaveAttribute("aria-pressed", "true");
    await expect(cards(page)).toHaveCount(shown.length);
  });
});

test.describe(`On a phone in ${visitorZone}`, () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: visitorZone });

  test("the zone switch changes every card's time", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await page.getByRole("button", { name: m.zoneLocal }).click();
    await expect(cardTimes(page)).toHaveText(shown.map((slot) => visitorTime(slot, visitorZone)));
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("Visitors on a desktop see every session in a table, in the event's zone, whose titles lead to the talk pages", async ({
  page,
}) => {
  await page.goto("/talks_demos");
  await waitForHydration(page);
  // One table: the first day's, where there are several.
  await expect(table(page)).toHaveCount(1);
  await expect(table(page)).toBeVisible();
  await expect(cards(page).first()).toBeHidden();
  const headers = table(page).getByRole("columnheader");
  const time = m.agendaTimeHeader({ zone: event.timeZoneLabel });
  await expect(headers).toHaveText(
    rooms.length > 0
      ? [time, ...roomsOf(shown).map((room) => room.name)]
      : [time, m.agendaTypeHeader, m.agendaSessionHeader, m.agendaSpeakersHeader],
  );
  await expectWideTimes(page, eventTime);

  await table(page).getByRole("link", { name: talk.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${talk.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(talk.title);
});

test("The header says the edition's dates, its number of sessions and how they are spread, as does the description", async ({
  page,
}) => {
  await page.goto("/agenda");
  const dates = formatDateSpan(event.date, event.endDate);
  // The message chosen here rather than by the page's own code (programmeShape), so a mistake there shows.
  const spread =
    rooms.length === 0
      ? m.programmeShapeOneStream({ days: days.length })
      : m.programmeShapeRooms({ rooms: rooms.length, days: days.length });
  await expect(
    page.getByText(m.agendaSummary({ dates, location: event.location, count: agenda.length, shape: spread })),
  ).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    m.agendaDescription({ name: event.name, dates, zone: event.timeZoneName }),
  );
});

test("The legend names every session type, and once the day is over it ends with thanks and the recordings", async ({
  page,
}) => {
  await page.goto(at("/agenda", editionMoments.over));
  const legend = page.getByRole("region", { name: m.agendaSessionTypes }).getByRole("listitem");
  // Those of the six the agenda colours that the edition uses, then the edition's own, in the order it first uses them;
  // no legend where they are more than eight.
  const used = [...new Set(agenda.map((slot) => slot.type))];
  const ownTypes = used.filter((type) => !knownTypes.includes(type));
  await expect(legend).toHaveText(
    used.length > 8 ? [] : [...knownTypes.filter((type) => used.includes(type)), ...ownTypes].map(sessionTypeWords),
  );
  // Colour is never the only cue: every session writes its type out (the cards too: see "On a phone").
  if (rooms.length === 0) {
    await expect(table(page).locator("tbody tr").locator("td:nth-child(2)")).toHaveText(
      shown.map((slot) => sessionTypeWords(slot.type)),
    );
  } else {
    for (const slot of shown) {
      await expect(roomCells(page, slot.title).first()).toContainText(sessionTypeWords(slot.type));
    }
  }
  const thanks = page.getByRole("region", { name: event.conclusion.heading });
  await expect(thanks).toContainText(event.conclusion.message);
  await expect(thanks.getByRole("link", { name: startingWith(m.actionWatchRecording) })).toHaveAttribute(
    "href",
    event.links.watch,
  );
});

test.describe(`In ${visitorZone}`, () => {
  test.use({ timezoneId: visitorZone });

  test("a visitor switches every time to their own zone with one click, and the site remembers", async ({ page }) => {
    const label = visitorLabel(visitorZone);
    const talkSlot = agenda.find((slot) => slot.talkId === talk.id)!;
    await page.goto("/agenda");
    await waitForHydration(page);
    await expect(firstTime(page)).toHaveText(eventTime(first));
    const eventZone = page.getByRole("button", { name: event.timeZoneName });
    await expect(eventZone).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: m.zoneLocal }).click();
    await expect(firstTime(page)).toHaveText(visitorTime(first, visitorZone));
    await expect(table(page).getByRole("columnheader").first()).toHaveText(m.agendaTimeHeader({ zone: label }));
    await expect(
      page.getByText(m.zoneTimesIn({ zone: m.zoneVisitorDescription({ zone: visitorZone, label }) })),
    ).toBeVisible();
    await expectWideTimes(page, (slot) => visitorTime(slot, visitorZone));

    // Remembered across pages...
    await page.getByRole("link", { name: talk.title }).first().click();
    await expect(page.getByRole("complementary", { name: m.talkWhenWhere })).toContainText(
      `${formatTimeRange(talkSlot.start, talkSlot.end, visitorZone)} ${label}`,
    );
    // ...and visits.
    await page.goto("/agenda");
    await expect(firstTime(page)).toHaveText(visitorTime(first, visitorZone));
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: event.timeZoneName }).click();
    await expect(firstTime(page)).toHaveText(eventTime(first));
    await page.reload();
    await expect(firstTime(page)).toHaveText(eventTime(first));
  });
});

test.describe(`In ${farZone}`, () => {
  test.use({ timezoneId: farZone });

  test("sessions that fall on another day there say which day", async ({ page }) => {
    await page.goto("/agenda");
    await waitForHydration(page);
    await page.getByRole("button", { name: m.zoneLocal }).click();
    await expectWideTimes(page, (slot) => visitorTime(slot, farZone));
  });
});

test("The prerendered agenda is in the event's zone, so nothing changes on load for a visitor who never switched", async ({
  request,
}) => {
  // React separates adjacent text with empty comments in its HTML.
  const html = (await (await request.get("/agenda")).text()).replaceAll("<!-- -->", "");
  expect(html).toContain(eventTime(first));
  expect(html).toContain(
    m.zoneTimesIn({ zone: m.zoneEventDescription({ name: event.timeZoneName, label: event.timeZoneLabel }) }),
  );
});

if (days.length > 1) {
  test.describe("An edition of several days", () => {
    test("shows a day at a time, its days as tabs that lead to each by the address, and Back returns", async ({
      page,
    }) => {
      await page.goto("/agenda");
      await scheduleReady(page);
      await expect(dayTabs(page)).toHaveText(days.map((day) => formatDayName(day.date, "short")));
      for (const [index, day] of days.entries()) {
        await expect(dayTabs(page).nth(index)).toHaveAttribute("href", agendaDayLink(day.date));
      }
      await expect(dayTabs(page).first()).toHaveAttribute("aria-current", "page");
      for (const [index, day] of days.entries()) {
        await dayTabs(page).nth(index).click();
        await expect(page).toHaveURL(new RegExp(`\\?day=${day.date}$`));
        await expect(dayTabs(page).nth(index)).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("heading", { level: 2, name: formatDayName(day.date, "long") })).toBeVisible();
        await expect(table(page)).toHaveCount(1);
        for (const slot of day.sessions) await expect(table(page)).toContainText(slot.title);
        const elsewhere = agenda.find((slot) => !day.sessions.some((other) => other.title === slot.title));
        if (elsewhere) await expect(table(page)).not.toContainText(elsewhere.title);
      }
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`\\?day=${days.at(-2)!.date}$`));
      await expect(dayTabs(page).nth(days.length - 2)).toHaveAttribute("aria-current", "page");

      // On a phone, the day's cards.
      await page.setViewportSize({ width: 390, height: 844 });
      const day = days.at(-2)!;
      await expect(listTitles(page, day.date)).toHaveText(day.sessions.map((slot) => slot.title));
      expect(await axeViolations(page)).toEqual([]);
    });

    test("while the edition is on, /agenda opens on the day on air, and Now goes to what is on", async ({ page }) => {
      const second = days[1]!;
      // Into the day's last session to start, so that its card is far down the list.
      const last = second.sessions.at(-1)!;
      const during = Date.parse(last.start) + minute;
      await page.goto(at("/agenda", iso(during)));
      await scheduleReady(page);
      await expect(dayTabs(page).nth(1)).toHaveAttribute("aria-current", "page");
      await expect(table(page)).toContainText(second.sessions[0]!.title);

      await page.setViewportSize({ width: 390, height: 844 });
      const now = page.getByRole("button", { name: m.agendaNow });
      await now.click();
      const going = second.sessions.find((slot) => Date.parse(slot.end) > during)!;
      await expect(cards(page, second.date).filter({ hasText: going.title }).first()).toBeInViewport();
      // Not on another day.
      await dayTabs(page).first().click();
      await expect(now).toHaveCount(0);
    });

    test("no strip shows in the night between two days", async ({ page }) => {
      const end = Math.max(...days[0]!.sessions.map((slot) => Date.parse(slot.end)));
      // Playwright's clock: the page's timers run on it, so the strip's first ticks are run at once below.
      await page.clock.install();
      await page.goto(at("/agenda", iso(end + 60 * minute)));
      await waitForHydration(page);
      await page.clock.runFor(1500);
      await expect(strip(page)).toHaveCount(0);
    });
  });

  test.describe("Without JavaScript, an edition of several days", () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

    test("reads every day: each tab leads to that day's sessions", async ({ page }) => {
      await page.goto("/agenda");
      await expect(listTitles(page)).toHaveText(shown.map((slot) => slot.title));
      for (const [index, day] of days.entries()) {
        await dayTabs(page).nth(index).click();
        await expect(page).toHaveURL(new RegExp(`\\?day=${day.date}$`));
        await expect(listTitles(page, day.date)).toHaveText(day.sessions.map((slot) => slot.title));
        await expect(dayTabs(page).nth(index)).toHaveAttribute("aria-current", "page");
      }
      // The search and the filters need JavaScript: not shown.
      await expect(page.getByRole("searchbox")).toHaveCount(0);
    });
  });
}

if (byDay) {
  test.describe("Search and filters", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("each filter by the address shows exactly the day's sessions it names, alone and together", async ({
      page,
    }) => {
      for (const { key, value, keeps } of filterCases) {
        await page.goto(`/agenda?${new URLSearchParams({ [key]: value }).toString()}`);
        await scheduleReady(page);
        await expect(listTitles(page), `${key}=${value}`).toHaveText(shown.filter(keeps).map((slot) => slot.title));
        await expect(page.getByText(m.agendaFiltersCount({ count: 1 }), { exact: true })).toBeVisible();
      }
      const [room, type] = [filterCases.find((each) => each.key === "room"), filterCases.at(-2)];
      if (room && type) {
        await page.goto(`/agenda?room=${room.value}&type=${encodeURIComponent(type.value)}`);
        await scheduleReady(page);
        const both = shown.filter((slot) => room.keeps(slot) && type.keeps(slot));
        if (both.length > 0) await expect(listTitles(page)).toHaveText(both.map((slot) => slot.title));
        else await expect(page.getByText(m.agendaNothingMatches)).toBeVisible();
      }
    });

    test("the search finds by a title word as the visitor types, says how many, and clears", async ({ page }) => {
      await page.goto("/agenda");
      await scheduleReady(page);
      // The first session stays on the first screen, under the search and the one control of the filters.
      await expect(cards(page).first()).toBeInViewport();
      const word = first.title.split(/\s+/).reduce((longest, each) => (each.length > longest.length ? each : longest));
      const found = shown.filter((slot) => matchesQuery(searchText(slot), word));
      const search = page.getByRole("searchbox", { name: m.agendaSearchLabel });
      await search.pressSequentially(word.toUpperCase());
      await expect(listTitles(page)).toHaveText(found.map((slot) => slot.title));
      await expect(page.getByText(m.agendaMatching({ count: found.length }))).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word.toUpperCase())}`));

      await search.fill("zzqqxxjj");
      await expect(page.getByText(m.agendaNothingMatches)).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await page.getByRole("button", { name: m.agendaClearFilters }).first().click();
      await expect(cards(page)).toHaveCount(shown.length);
      await expect(search).toHaveValue("");
      await expect(page).not.toHaveURL(/q=/);
    });

    const accented = shown
      .flatMap((slot) => slot.speakerIds.map((id) => ({ slot, name: speakerName.get(id) ?? "" })))
      .find(({ name }) => searchKey(name) !== name.toLowerCase().replace(/\s+/g, " "));
    if (accented) {
      test(`the search finds ${accented.name} written without diacritics`, async ({ page }) => {
        const plain = searchKey(accented.name);
        await page.goto(`/agenda?q=${encodeURIComponent(plain)}`);
        await scheduleReady(page);
        await expect(listTitles(page)).toHaveText(
          shown.filter((slot) => matchesQuery(searchText(slot), plain)).map((slot) => slot.title),
        );
        await expect(cards(page).filter({ hasText: accented.slot.title }).first()).toBeVisible();
      });
    }

    test("the filters open from one control, each choice a step Back undoes, by keyboard too", async ({ page }) => {
      await page.goto("/agenda");
      await scheduleReady(page);
      const summary = page.getByText(m.agendaFiltersCount({ count: 0 }), { exact: true });
      await tabTo(page, summary);
      await page.keyboard.press("Enter");
      const selects = page.getByRole("combobox");
      await expect(selects.first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await tabTo(page, selects.first());
      await page.keyboard.press("ArrowDown");
      await expect(page).toHaveURL(/[?&](room|track|type|lang)=/);
      await expect(page.getByText(m.agendaFiltersCount({ count: 1 }), { exact: true })).toBeVisible();
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&](room|track|type|lang)=/);
      await expect(cards(page)).toHaveCount(shown.length);
    });
  });

  test("At 1440 px the filters and search pass axe, and each session names its track, linked to its page", async ({
    page,
  }) => {
    await page.goto("/agenda");
    await scheduleReady(page);
    await page.getByText(m.agendaFiltersCount({ count: 0 }), { exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    for (const track of tracks) {
      const sessions = shown.filter((slot) => slot.track === track.name);
      const links = page.getByRole("link", { name: `${m.agendaTrackPrefix}${track.name}`, exact: true });
      await expect(links).toHaveCount(sessions.length);
      if (sessions.length > 0) await expect(links.first()).toHaveAttribute("href", trackPath(track.slug));
    }
  });
}

if (rooms.length > 0) {
  test.describe("An edition with rooms", () => {
    test("on a wide screen shows its rooms side by side: each session in its room's column, in the row of its start, no title over another", async ({
      page,
    }) => {
      for (const day of days) {
        await page.goto(agendaDayLink(day.date));
        await scheduleReady(page);
        const dayTable = table(page);
        const dayRooms = roomsOf(day.sessions);
        await expect(dayTable.getByRole("columnheader")).toHaveText([
          m.agendaTimeHeader({ zone: event.timeZoneLabel }),
          ...dayRooms.map((room) => room.name),
        ]);
        const columns = await Promise.all(
          dayRooms.map((room) => dayTable.getByRole("columnheader", { name: room.name, exact: true }).boundingBox()),
        );
        for (const slot of day.sessions) {
          const sameTitle = day.sessions.filter((other) => other.title === slot.title);
          const cell = roomCells(page, slot.title, dayTable).nth(sameTitle.indexOf(slot));
          const box = (await cell.boundingBox())!;
          const column = columns[dayRooms.findIndex((room) => room.id === slot.room)]!;
          const middle = box.x + box.width / 2;
          expect(middle, `${slot.id} in ${roomName(slot)}`).toBeGreaterThan(column.x);
          expect(middle, `${slot.id} in ${roomName(slot)}`).toBeLessThan(column.x + column.width);
          // Its row starts at its start time: what a screen reader reads with it.
          await expect(cell.locator("xpath=..").getByRole("rowheader")).toHaveText(
            formatClock(slot.start, event.timeZone),
          );
        }
        await expectNoOverlap(dayTable.locator("td p.font-bold"));
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test.describe("on a phone", () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("names each card's room and track", async ({ page }) => {
        await page.goto("/agenda");
        await scheduleReady(page);
        for (const [index, slot] of shown.entries()) {
          await expect(cards(page).nth(index)).toContainText(roomName(slot));
          if (slot.track) await expect(cards(page).nth(index)).toContainText(slot.track);
        }
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  });
}

test("?now= previews a live moment: the strip shows the session on air, its time left, and what is next", async ({
  page,
}) => {
  // A quarter of the way into the first session long enough to show minutes left, with one after it in its stream.
  const slot = agenda.find(
    (candidate) =>
      Date.parse(candidate.end) - Date.parse(candidate.start) >= 4 * minute &&
      nextInStream(candidate, Date.parse(candidate.start)),
  )!;
  const start = Date.parse(slot.start);
  const length = Date.parse(slot.end) - start;
  const instant = start + Math.floor(length / 4 / second) * second;
  const next = nextInStream(slot, instant)!;
  const secondsLeft = (Date.parse(slot.end) - instant) / second;

  await page.goto(at("/agenda", iso(instant)));
  const live = stripLine(page, slot);
  await expect(live).toBeVisible();
  await expect(live).toContainText(slot.title);
  const minutesAndSeconds = messageExactly(m.timeLeft({ time: hole }), "(\\d+):(\\d\\d)");
  const left = live.getByText(minutesAndSeconds);
  // Counting down from the previewed instant: at most a few seconds (page load) less than it started with.
  const shown = minutesAndSeconds.exec((await left.textContent()) ?? "");
  const shownSeconds = Number(shown?.[1]) * 60 + Number(shown?.[2]);
  expect(shownSeconds).toBeLessThanOrEqual(secondsLeft);
  expect(shownSeconds).toBeGreaterThan(secondsLeft - 30);
  if (rooms.length === 0) {
    // One stream shows how far the session has gone; rooms keep to one line each.
    const progress = Number(
      await live.getByRole("progressbar", { name: m.sessionProgressLabel }).getAttribute("aria-valuenow"),
    );
    expect(progress).toBeGreaterThanOrEqual(25);
    expect(progress).toBeLessThanOrEqual(25 + Math.ceil((30 * second * 100) / length));
  }
  await expect(live).toContainText(nextLine(next));
  const before = await left.textContent();
  await expect.poll(() => left.textContent()).not.toBe(before);
  expect(await axeViolations(page)).toEqual([]);
});

/** An instant a minute after a session starts while another room has one on air too, if the edition has one. */
const together = agenda
  .map((slot) => Date.parse(slot.start) + minute)
  .find(
    (instant) =>
      new Set(
        agenda
          .filter((slot) => Date.parse(slot.start) <= instant && instant < Date.parse(slot.end))
          .map((slot) => slot.room),
      ).size > 1,
  );

if (together !== undefined) {
  test("With sessions on air in several rooms, the strip gives each room a line: what is on there, or what is next", async ({
    page,
  }) => {
    const onAir = (slot: AgendaSlot) => Date.parse(slot.start) <= together && together < Date.parse(slot.end);
    const day = days.find((entry) => entry.sessions.some(onAir))!;
    // Rooms with something on or to come that day, in their order.
    const lines = rooms.flatMap((room) => {
      const inRoom = day.sessions.filter((slot) => slot.room === room.id);
      const current = inRoom.find(onAir);
      const next = inRoom.find((slot) => Date.parse(slot.start) > together);
      return current || next ? [{ room, current, next }] : [];
    });
    await page.goto(at("/agenda", iso(together)));
    const items = strip(page).getByRole("listitem");
    await expect(items).toHaveCount(lines.length);
    for (const [index, { room, current, next }] of lines.entries()) {
      const line = items.nth(index);
      await expect(line).toContainText(room.name);
      if (current) await expect(line).toContainText(current.title);
      if (next) await expect(line).toContainText(nextLine(next));
    }
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("Under a minute the strip counts seconds, and the home page shows it too", async ({ page }) => {
  const instant = Date.parse(first.end) - 30 * second;
  const next = nextInStream(first, instant)!;
  await page.goto(at("/", iso(instant)));
  const live = stripLine(page, first);
  // The home page loads React for its strip only now: on a loaded machine that has taken 7 s, past expect's 5.
  await expect(live).toContainText(first.title, { timeout: 15_000 });
  await expect(live.getByText(timeLeftPattern)).toHaveText(
    messageExactly(m.timeLeftSeconds({ seconds: hole }), "(30|[12]\\d)"),
  );
  await expect(live).toContainText(nextLine(next));
});

test("No strip shows the moment the last session ends, after the day, or just before the first session", async ({
  page,
}) => {
  const end = Date.parse(eventSpan.end);
  const start = Date.parse(eventSpan.start);
  await page.clock.install();
  for (const path of [
    at("/agenda", iso(end + second)),
    at("/agenda", editionMoments.over),
    // Ten minutes before: the home page has loaded the strip's code by then (from 12 hours before), yet shows none.
    at("/", iso(start - 10 * minute)),
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    // Run the clock's first ticks (Playwright's clock, installed above): a strip would have appeared by then.
    await page.clock.runFor(1500);
    await expect(strip(page)).toHaveCount(0);
  }
});

test("Add to calendar downloads the whole programme as one calendar file", async ({ page, request }) => {
  await page.goto("/agenda");
  const link = page.getByRole("link", { name: m.actionAddToCalendar });
  await expect(link).toHaveAttribute("download", "");
  const href = (await link.getAttribute("href")) ?? "";
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const body = await response.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(agenda.filter((slot) => slot.type !== "Break").length);
  // The first session's start, in UTC as calendar files write it: 20250416T140000Z.
  const firstStart = new Date(first.start).toISOString().replace(/[-:]|\.\d{3}/g, "");
  expect(body).toContain(`DTSTART:${firstStart}`);
});
