import type { Page } from "@playwright/test";
import { edition, eventSpan, type AgendaSlot } from "../../content";
import {
  formatClock,
  formatTimeRange,
  formatWeekdayDate,
  zoneAbbreviation,
  zonedDate,
  zoneOffsetMinutes,
} from "../../app/lib/time";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";
import { at, editionMoments } from "./moments";

// The agenda of whichever edition is built: its sessions, in its zone and a visitor's, and the live strip at
// moments of its own day (agenda.reference.spec.ts checks the reference edition's exact figures; phases.spec.ts
// the page's actions in each phase).

const table = (page: Page) => page.getByRole("table");
const cards = (page: Page) => page.getByRole("list", { name: "Schedule" }).getByRole("listitem");
const strip = (page: Page) => page.getByRole("complementary", { name: "Live now" });
const firstTime = (page: Page) => table(page).getByRole("row").nth(1).getByRole("cell").first();
const timeCells = (page: Page) => table(page).locator("tbody tr").locator("td:first-child");

const { event, agenda } = edition;
const first = agenda[0]!;
const talk = edition.talks[0]!;
const sessionTypes = ["Talk", "Q&A", "Panel", "Featured Demo", "Submitted Demo", "Break"];
const second = 1000;
const minute = 60 * second;

/** A session's time as the agenda writes it in the event's zone: "10:00 - 10:30am ET". */
const eventTime = (slot: Pick<AgendaSlot, "start" | "end">) =>
  `${formatTimeRange(slot.start, slot.end, event.timeZone)} ${event.timeZoneLabel}`;

/** The label a visitor's zone gets: its abbreviation on the event's day ("GMT+2"). */
const visitorLabel = (zone: string) => zoneAbbreviation(first.start, zone);

/** A session's time in a visitor's zone, with its day when that zone puts it on another day than the event's. */
const visitorTime = (slot: Pick<AgendaSlot, "start" | "end">, zone: string) => {
  const day = zonedDate(new Date(slot.start), zone) === event.date ? "" : formatWeekdayDate(slot.start, zone);
  return `${formatTimeRange(slot.start, slot.end, zone)} ${visitorLabel(zone)}${day}`;
};

/** A visitor whose clock differs from the event's on the day, so switching zones changes every time. */
const visitorZone = ["Europe/Berlin", "America/Los_Angeles"].find(
  (zone) => zoneOffsetMinutes(new Date(first.start), zone) !== zoneOffsetMinutes(new Date(first.start), event.timeZone),
)!;

/** A visitor for whom some of the day's sessions fall on another calendar day than the event's. */
const farZone = ["Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"].find((zone) =>
  agenda.some((slot) => zonedDate(new Date(slot.start), zone) !== event.date),
)!;

const iso = (time: number) => new Date(time).toISOString();

test.describe("On a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Visitors see the day as one card per session, each with its time, type and title", async ({ page }) => {
    await page.goto("/agenda");
    await expect(cards(page)).toHaveCount(agenda.length);
    for (const card of await cards(page).all()) await expect(card).toBeVisible();
    await expect(table(page)).toBeHidden();
    const card = cards(page).first();
    await expect(card).toContainText(eventTime(first));
    await expect(card).toContainText(first.type);
    await expect(card.getByRole("heading")).toHaveText(first.title);
  });
});

test("Visitors on a desktop see a table of every session, in the event's zone, whose rows lead to the talk pages", async ({
  page,
}) => {
  await page.goto("/talks_demos");
  await waitForHydration(page);
  await expect(table(page)).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(agenda.length);
  await expect(cards(page).first()).toBeHidden();
  const headers = table(page).getByRole("columnheader");
  await expect(headers).toHaveText([`Time (${event.timeZoneLabel})`, "Type", "Session", "Speakers"]);
  await expect(timeCells(page)).toHaveText(agenda.map(eventTime));

  await table(page).getByRole("link", { name: talk.title }).click();
  await expect(page).toHaveURL(new RegExp(`${talk.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(talk.title);
});

test("The legend names every session type, and once the day is over it ends with thanks and the recordings", async ({
  page,
}) => {
  await page.goto(at("/agenda", editionMoments.over));
  const legend = page.getByRole("region", { name: "Session types" }).getByRole("listitem");
  await expect(legend).toHaveText(sessionTypes);
  // Colour is never the only cue: every row writes its type out.
  await expect(table(page).locator("tbody tr").locator("td:nth-child(2)")).toHaveText(agenda.map((slot) => slot.type));
  const thanks = page.getByRole("region", { name: event.conclusion.heading });
  await expect(thanks).toContainText(event.conclusion.message);
  await expect(thanks.getByRole("link", { name: /^Watch Recording/ })).toHaveAttribute("href", event.links.watch);
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

    await page.getByRole("button", { name: "My time zone" }).click();
    await expect(firstTime(page)).toHaveText(visitorTime(first, visitorZone));
    await expect(table(page).getByRole("columnheader").first()).toHaveText(`Time (${label})`);
    await expect(page.getByText(`Times in your time zone, ${visitorZone} (${label}).`)).toBeVisible();

    // Remembered across pages...
    await page.getByRole("link", { name: talk.title }).first().click();
    await expect(page.getByRole("complementary", { name: "When and where" })).toContainText(
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
    await page.getByRole("button", { name: "My time zone" }).click();
    await expect(timeCells(page)).toHaveText(agenda.map((slot) => visitorTime(slot, farZone)));
  });
});

test("The prerendered agenda is in the event's zone, so nothing changes on load for a visitor who never switched", async ({
  request,
}) => {
  // React separates adjacent text with empty comments in its HTML.
  const html = (await (await request.get("/agenda")).text()).replaceAll("<!-- -->", "");
  expect(html).toContain(eventTime(first));
  expect(html).toContain(`Times in ${event.timeZoneName} (${event.timeZoneLabel}).`);
});

test("?now= previews a live moment: the strip shows the session on air, its time left, and what is next", async ({
  page,
}) => {
  // A quarter of the way into the first session long enough to show minutes left, with one after it.
  const index = agenda.findIndex(
    (slot, i) => i < agenda.length - 1 && Date.parse(slot.end) - Date.parse(slot.start) >= 4 * minute,
  );
  const slot = agenda[index]!;
  const next = agenda[index + 1]!;
  const start = Date.parse(slot.start);
  const length = Date.parse(slot.end) - start;
  const instant = start + Math.floor(length / 4 / second) * second;
  const secondsLeft = (Date.parse(slot.end) - instant) / second;

  await page.goto(at("/agenda", iso(instant)));
  const live = strip(page);
  await expect(live).toBeVisible();
  await expect(live).toContainText(slot.title);
  const left = live.getByText(/^\d+:\d\d left$/);
  // Counting down from the previewed instant: at most a few seconds (page load) less than it started with.
  const shown = /^(\d+):(\d\d) left$/.exec((await left.textContent()) ?? "");
  const shownSeconds = Number(shown?.[1]) * 60 + Number(shown?.[2]);
  expect(shownSeconds).toBeLessThanOrEqual(secondsLeft);
  expect(shownSeconds).toBeGreaterThan(secondsLeft - 30);
  const progress = Number(
    await live.getByRole("progressbar", { name: "Session progress" }).getAttribute("aria-valuenow"),
  );
  expect(progress).toBeGreaterThanOrEqual(25);
  expect(progress).toBeLessThanOrEqual(25 + Math.ceil((30 * second * 100) / length));
  await expect(live).toContainText(
    `Next at ${formatClock(next.start, event.timeZone)} ${event.timeZoneLabel}: ${next.title}`,
  );
  const before = await left.textContent();
  await expect.poll(() => left.textContent()).not.toBe(before);
  expect(await axeViolations(page)).toEqual([]);
});

test("Under a minute the strip counts seconds, and the home page shows it too", async ({ page }) => {
  const next = agenda[1]!;
  await page.goto(at("/", iso(Date.parse(first.end) - 30 * second)));
  const live = strip(page);
  await expect(live).toContainText(first.title);
  await expect(live.getByText(/ left$/)).toHaveText(/^(30|[12]\d)s left$/);
  await expect(live).toContainText(
    `Next at ${formatClock(next.start, event.timeZone)} ${event.timeZoneLabel}: ${next.title}`,
  );
});

test("No strip shows the moment the last session ends, after the day, or just before the first session", async ({
  page,
}) => {
  const end = Date.parse(eventSpan.end);
  const start = Date.parse(eventSpan.start);
  for (const path of [
    at("/agenda", iso(end + second)),
    at("/agenda", editionMoments.over),
    // Ten minutes before: the home page has loaded the strip's code by then (from 12 hours before), yet shows none.
    at("/", iso(start - 10 * minute)),
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    // Give the clock its first ticks: a strip would have appeared by then.
    await page.waitForTimeout(1500);
    await expect(strip(page)).toHaveCount(0);
  }
});

test("Add to calendar downloads the whole day as one calendar file", async ({ page, request }) => {
  await page.goto("/agenda");
  const link = page.getByRole("link", { name: "Add to calendar" });
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
