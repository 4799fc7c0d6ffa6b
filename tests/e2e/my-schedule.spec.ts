import type { Page } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { edition, type AgendaSlot } from "../../content";
import { chosenSessions } from "../../app/lib/chosen-sessions";
import { favouritesStorageKey } from "../../app/lib/favourites";
import { isChoosable, mySchedulePath, personalCalendarPath } from "../../common/my-schedule";
import { guidOfSession } from "../../interop/guids";
import { parseSessionSelection } from "../../app/lib/session-selection";
import { axeViolations, expect, test, waitForHydration, startingWith } from "./fixtures";
import * as m from "../../app/i18n/messages";
import { hole, withPattern } from "../message-words";

// A visitor's own schedule (issue 18): toggles on the agenda and the talk pages, /my-schedule, its calendar feed,
// and the link that carries it to another browser. Sessions and titles come from the edition under test.

const { agenda, talks } = edition;
// Sessions whose titles no other session shares, so each toggle and list entry is found by its title alone.
const titled = agenda
  .filter(isChoosable)
  .filter((slot, _, all) => all.filter((s) => s.title === slot.title).length === 1);
const [first, second] = titled as [AgendaSlot, AgendaSlot];
const withTalk = titled.find((slot) => talks.some((talk) => talk.id === slot.talkId));
const talkOfIt = talks.find((talk) => talk.id === withTalk?.talkId);

/** A session's toggle, named after the title the page gives it (a talk page: the talk's own). */
const toggle = (page: Page, { title }: { title: string }) =>
  page.getByRole("button", { name: m.favouriteLabel({ title }) });
const chosenList = (page: Page) => page.getByRole("region").filter({ has: page.locator("#chosen-title") });

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Stores a choice as the toggles would, before the page reads it. */
async function storeChoice(page: Page, ids: string[]) {
  // Drawn first (the page reads the choice once the programme it fetches has arrived): a page still starting would
  // read the choice as it unloads, and could prune it.
  await open(page, mySchedulePath);
  await expect(page.locator("#chosen-title")).toBeVisible();
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key!, value!);
    },
    [favouritesStorageKey, ids.join(",")],
  );
  await open(page, mySchedulePath);
}

for (const width of [390, 1440]) {
  test.describe(`At ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("two sessions added on the agenda stay chosen over a reload, are listed in time order, and the feed has exactly those two", async ({
      page,
    }) => {
      await open(page, "/agenda");
      // The later one first: the list is in time order, not in the order chosen.
      for (const slot of [second, first]) {
        await expect(toggle(page, slot)).toHaveAttribute("aria-pressed", "false");
        await toggle(page, slot).click();
        await expect(toggle(page, slot)).toHaveAttribute("aria-pressed", "true");
      }
      await page.reload();
      await waitForHydration(page);
      for (const slot of [first, second]) await expect(toggle(page, slot)).toHaveAttribute("aria-pressed", "true");

      await page.getByRole("link", { name: m.myScheduleLink({ count: 2 }) }).click();
      await expect(page).toHaveURL(new RegExp(`${mySchedulePath}$`));
      await expect(page.getByRole("heading", { level: 2, name: m.myScheduleYours({ count: 2 }) })).toBeVisible();
      const items = chosenList(page).getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText(first.title);
      await expect(items.nth(1)).toContainText(second.title);
      expect(await axeViolations(page)).toEqual([]);

      const download = page.getByRole("link", { name: m.myScheduleDownload });
      const feed = (await download.getAttribute("href")) ?? "";
      expect(feed.startsWith(`${personalCalendarPath}?`)).toBe(true);
      await expect(page.getByRole("link", { name: m.myScheduleSubscribe })).toHaveAttribute(
        "href",
        `webcal://${new URL(page.url()).host}${feed}`,
      );
      const response = await page.request.get(feed);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^text\/calendar/);
      const events = Object.values(ical.sync.parseICS(await response.text())).filter(
        (component): component is VEvent => component?.type === "VEVENT",
      );
      expect(events.map((event) => event.uid)).toEqual([first, second].map((slot) => guidOfSession(edition, slot.id)));
      expect(events.map((event) => new Date(event.start).toISOString())).toEqual(
        [first, second].map((slot) => new Date(slot.start).toISOString()),
      );
    });

    test("a session removed on /my-schedule leaves it, and its toggle on the agenda is no longer pressed", async ({
      page,
    }) => {
      await storeChoice(page, [first.id, second.id]);
      await page.getByRole("button", { name: m.myScheduleRemoveLabel({ title: first.title }) }).click();
      await expect(chosenList(page).getByRole("listitem")).toHaveCount(1);
      await expect(
        page.getByRole("status").filter({ hasText: m.myScheduleRemoved({ title: first.title }) }),
      ).toBeVisible();
      // The button pressed is gone: the list's heading holds the focus, so the keyboard does not start over.
      await expect(page.getByRole("heading", { name: m.myScheduleYours({ count: 1 }) })).toBeFocused();
      await open(page, "/agenda");
      await expect(toggle(page, first)).toHaveAttribute("aria-pressed", "false");
      await expect(toggle(page, second)).toHaveAttribute("aria-pressed", "true");
    });

    test("the shared link, opened in another browser, offers the sessions and adds them when asked", async ({
      page,
      browser,
    }) => {
      await storeChoice(page, [second.id, first.id]);
      const shared = await page.getByLabel(m.myScheduleLinkLabel, { exact: true }).inputValue();
      expect(new URL(shared).pathname).toBe(mySchedulePath);
      // The QR code is drawn in the page: its canvas holds the code's modules and the quiet zone around them.
      const qr = page.getByRole("img", { name: m.myScheduleQrLabel });
      await expect(qr).toBeVisible();
      await expect
        .poll(() => qr.locator("canvas").evaluate((canvas: HTMLCanvasElement) => canvas.width))
        .toBeGreaterThan(21);

      const other = await browser.newContext({ viewport: { width, height: 900 } });
      const phone = await other.newPage();
      await open(phone, shared);
      await expect(phone.getByRole("heading", { name: m.myScheduleSharedTitle({ count: 2 }) })).toBeVisible();
      await expect(phone.getByRole("heading", { name: m.myScheduleNone })).toBeVisible();
      expect(await axeViolations(phone)).toEqual([]);
      await phone.getByRole("button", { name: m.myScheduleAddShared({ count: 2 }) }).click();
      await expect(phone.getByRole("status").filter({ hasText: m.myScheduleAdded({ count: 2 }) })).toBeVisible();
      await expect(chosenList(phone).getByRole("listitem")).toHaveCount(2);
      // The selection leaves the address, so a reload or bookmark does not offer it again.
      expect(new URL(phone.url()).search).toBe("");
      await phone.reload();
      await waitForHydration(phone);
      await expect(phone.getByRole("heading", { name: m.myScheduleSharedTitle({ count: 2 }) })).toHaveCount(0);
      await expect(chosenList(phone).getByRole("listitem")).toHaveCount(2);
      await other.close();
    });
  });
}

test("No, thanks leaves the schedule as it was, and a link with nothing new offers nothing", async ({ page }) => {
  await storeChoice(page, [first.id]);
  await open(page, `${mySchedulePath}?sessions=${second.id}`);
  await expect(page.getByRole("heading", { name: m.myScheduleSharedTitle({ count: 1 }) })).toBeVisible();
  await page.getByRole("button", { name: m.myScheduleNoThanks }).click();
  await expect(page.locator("#shared-title")).toHaveCount(0);
  await expect(chosenList(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: m.myScheduleYours({ count: 1 }) })).toBeFocused();

  await open(page, `${mySchedulePath}?sessions=${first.id}`);
  // The page reads the link once the programme it fetches has arrived, after hydration: the address is the sign
  // that it has, and only then does the offer's absence say anything.
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(page.locator("#shared-title")).toHaveCount(0);
});

test("a shared link that cannot be read says so and changes nothing", async ({ page }) => {
  await storeChoice(page, [first.id]);
  await open(page, `${mySchedulePath}?sessions=${encodeURIComponent("Not An Id")}`);
  const selection = parseSessionSelection("Not An Id");
  if (selection.ok) throw new Error("the test's link was meant to be unreadable");
  const unreadable = m.myScheduleUnreadableLink({ error: selection.error });
  await expect(page.getByText(unreadable)).toBeVisible();
  await expect(chosenList(page).getByRole("listitem")).toHaveCount(1);
});

test("a chosen session the programme no longer has drops out, and the page says so once", async ({ page }) => {
  await storeChoice(page, [first.id, "a-session-dropped-since"]);
  await expect(page.getByRole("status").filter({ hasText: m.myScheduleDropped({ count: 1 }) })).toBeVisible();
  await expect(chosenList(page).getByRole("listitem")).toHaveCount(1);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), favouritesStorageKey)).toBe(first.id);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(m.myScheduleDropped({ count: 1 }))).toHaveCount(0);
  await expect(chosenList(page).getByRole("listitem")).toHaveCount(1);
});

test("sessions that run at the same time are marked with what they overlap", async ({ page }) => {
  const every = agenda.filter(isChoosable);
  await storeChoice(
    page,
    every.map((slot) => slot.id),
  );
  const expected = chosenSessions(
    agenda,
    every.map((slot) => slot.id),
  ).sessions;
  const items = chosenList(page).getByRole("listitem");
  await expect(items).toHaveCount(expected.length);
  // The words around the titles, as the edition's messages put them: the mark is a line of its own in the item, so
  // it is found as an element holding those words and the titles, and nothing else (a language may put no words
  // before the titles, or none after them).
  const mark = `^${withPattern(m.myScheduleOverlaps({ titles: hole }), "(.+)")}$`;
  const marks = await items.evaluateAll(
    (elements, source) =>
      elements.map((element) => {
        const pattern = new RegExp(source);
        for (const part of element.querySelectorAll("*")) {
          const found = pattern.exec(part.textContent);
          if (found) return found[1];
        }
        return "";
      }),
    mark,
  );
  expect(marks).toEqual(expected.map((session) => session.overlaps.map((other) => other.title).join(", ")));
});

test("keyboard only: choose a session on its page, open my schedule and remove it", async ({ page }) => {
  test.skip(!withTalk || !talkOfIt, "the edition has no session with a talk page");
  await open(page, talkOfIt!.path);
  const target = toggle(page, talkOfIt!);
  for (let presses = 0; presses < 80 && !(await target.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
  await page.keyboard.press("Space");
  await expect(target).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: m.myScheduleLink({ count: 1 }) })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${mySchedulePath}$`));
  const remove = page.getByRole("button", { name: m.myScheduleRemoveLabel({ title: withTalk!.title }) });
  for (let presses = 0; presses < 40 && !(await remove.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: m.myScheduleNone })).toBeFocused();
});

test("without JavaScript the toggles are not shown and /my-schedule says what it needs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/agenda");
  await expect(page.getByRole("button", { name: startingWith(m.favouriteLabel({ title: "" })) })).toHaveCount(0);
  await page.goto(mySchedulePath);
  // Given words alone, the message's parts are words: the note as it reads, its link's name in it.
  const note = page.getByText((m.myScheduleNoScriptRich({ agenda: m.myScheduleAgendaLink }) as string[]).join(""));
  await expect(note).toBeVisible();
  await expect(note.getByRole("link", { name: m.myScheduleAgendaLink, exact: true })).toHaveAttribute(
    "href",
    "/agenda",
  );
  await context.close();
});
