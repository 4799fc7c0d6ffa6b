import { edition } from "../../content";
import { agendaDayLink } from "../../common/programme-days";
import { matchesQuery, searchKey } from "../../common/search-text";
import * as m from "../../app/i18n/messages";
import { axeViolations, expect, expectNoOverlap, test } from "./fixtures";
import {
  cards,
  days,
  filterCases,
  listTitles,
  scheduleReady,
  searchText,
  shown,
  speakerName,
  table,
} from "./agenda-edition";

// The agenda at a large conference's size (the suite's large pass: 1,100 sessions in 35 rooms over 2 days, 1,200
// speakers, 60 tracks; scripts/test/test-editions.ts): a day's grid with no title over another, the first session on
// a phone's first screen, the search and every filter by the address, against the edition's files.

// A day's page here holds a thousand sessions' HTML: loading it, and axe's scan of it, take tens of seconds on a
// loaded machine.
test.describe.configure({ timeout: 240_000 });

test("At 1440 px each day's grid holds its sessions once, and no title is drawn over another", async ({ page }) => {
  for (const day of days) {
    await page.goto(agendaDayLink(day.date));
    await scheduleReady(page);
    const titles = table(page).locator("td p.font-bold");
    await expect(titles).toHaveCount(day.sessions.length);
    await expectNoOverlap(titles);
  }
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("On a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first session is on the first screen, under the search and the filters' one control", async ({ page }) => {
    await page.goto("/agenda");
    await scheduleReady(page);
    await expect(cards(page)).toHaveCount(shown.length);
    await expect(cards(page).first()).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the search finds by a title word, and by a name written without its diacritics", async ({ page }) => {
    await page.goto("/agenda");
    await scheduleReady(page);
    const search = page.getByRole("searchbox", { name: m.agendaSearchLabel });
    const word = shown[3]!.title
      .split(/\s+/)
      .reduce((longest, each) => (each.length > longest.length ? each : longest));
    await search.fill(word);
    const byWord = shown.filter((slot) => matchesQuery(searchText(slot), word));
    await expect(listTitles(page)).toHaveText(byWord.map((slot) => slot.title));
    await expect(page.getByText(m.agendaMatching({ count: byWord.length }))).toBeVisible();

    // A speaker of the day whose name has diacritics ("Jiří Dvořák"), searched for as "jiri dvorak".
    const name = shown
      .flatMap((slot) => slot.speakerIds.map((id) => speakerName.get(id) ?? ""))
      .find((each) => /[\u00c0-\u017f]/.test(each) && searchKey(each) !== each.toLowerCase())!;
    const plain = searchKey(name);
    await search.fill(plain);
    const byName = shown.filter((slot) => matchesQuery(searchText(slot), plain));
    expect(byName.length).toBeGreaterThan(0);
    await expect(listTitles(page)).toHaveText(byName.map((slot) => slot.title));
  });

  test("each filter by the address shows exactly the day's sessions it names", async ({ page }) => {
    // One value of each filter: the first room, track, type and language of the day.
    const cases = ["room", "track", "type", "lang"].flatMap(
      (key) => filterCases.find((each) => each.key === key) ?? [],
    );
    expect(cases.map((each) => each.key)).toEqual(
      ["room", "track", "type", "lang"].filter((key) => key !== "track" || edition.tracks.length > 0),
    );
    for (const { key, value, keeps } of cases) {
      await page.goto(`/agenda?${new URLSearchParams({ [key]: value }).toString()}`);
      await scheduleReady(page);
      await expect(listTitles(page), `${key}=${value}`).toHaveText(shown.filter(keeps).map((slot) => slot.title));
    }
  });
});
