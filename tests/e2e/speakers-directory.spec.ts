import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { letterOf, otherNames, speakerDirectoryPath } from "../../content/speaker-directory";
import { matchesQuery, searchKey } from "../../common/search-text";
import { speakerPath, speakersPath } from "../../common/site-paths";
import {
  axeViolations,
  expect as expectOf,
  focusProblem,
  startingWith,
  tabTo,
  test,
  waitForHydration,
} from "./fixtures";
import * as m from "../../app/i18n/messages";

// A large edition's directory (1,200 speakers) renders and filters in seconds rather than moments on a busy shared
// machine: its expectations wait longer than the default five seconds.
const expect = expectOf.configure({ timeout: 20_000 });

/**
 * The speakers' directory of the edition under test (decision 087), expected values taken from its files: everyone
 * who hosts or speaks in a session of its agenda, each with those sessions in the agenda's order and their talks'
 * pages. Runs on every edition's build, and on the large pass's 1,200 speakers.
 */

interface Listed {
  path: string;
  name: string;
  title: string | null;
  sessions: { title: string; path: string | null }[];
}

const talkPaths = new Map(edition.talks.map((talk) => [talk.id, talk.path]));
const expected: Listed[] = edition.speakers.flatMap((speaker) => {
  const slots = edition.agenda.filter((slot) => slot.hostId === speaker.id || slot.speakerIds.includes(speaker.id));
  if (slots.length === 0) return [];
  return [
    {
      path: speakerPath(speaker.id),
      name: speaker.name,
      title: speaker.title ?? null,
      sessions: slots.map((slot) => ({
        title: slot.title,
        path: (slot.talkId === undefined ? undefined : talkPaths.get(slot.talkId)) ?? null,
      })),
    },
  ];
});
const byPath = (a: Listed, b: Listed) => (a.path < b.path ? -1 : 1);
const folded = new Map(expected.map((entry) => [entry.path, searchKey(`${entry.name} ${entry.title ?? ""}`)]));
/** The entries a search should leave, by their pages. */
const found = (query: string) =>
  expected
    .filter((entry) => matchesQuery(folded.get(entry.path) ?? "", query))
    .map((entry) => entry.path)
    .sort();

/** The groups and entries the page shows (not hidden by a search), in its order. */
async function shown(page: Page): Promise<{ letter: string; entries: Listed[] }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main section[aria-labelledby]")]
      .filter((section) => section.checkVisibility())
      .map((section) => ({
        letter: section.querySelector("h2")?.firstChild?.textContent ?? "",
        entries: [...section.querySelectorAll(":scope > ul > li")]
          .filter((item) => item.checkVisibility())
          .map((item) => ({
            path: item.querySelector("h3 a")?.getAttribute("href") ?? "",
            name: item.querySelector("h3")?.textContent ?? "",
            title: item.querySelector(":scope > p")?.textContent ?? null,
            sessions: [...item.querySelectorAll(":scope > ul > li")].map((session) => ({
              title: session.textContent,
              path: session.querySelector("a")?.getAttribute("href") ?? null,
            })),
          })),
      })),
  );
}

const shownPaths = async (page: Page) =>
  (await shown(page)).flatMap((group) => group.entries.map((entry) => entry.path)).sort();

const searchBox = (page: Page) => page.getByRole("searchbox", { name: m.speakersSearchLabel });

/**
 * Opens the directory and waits until its list has hydrated too: it does so in a Suspense boundary of its own once
 * its file has come, after the rest of the page (the root's mark), which at 1,200 speakers on a busy machine is
 * seconds later. React has hydrated an element once it has its fiber.
 */
async function openDirectory(page: Page, address: string = speakersPath) {
  await page.goto(address);
  await waitForHydration(page);
  await page.waitForFunction(
    () => {
      const status = document.querySelector("main [role=status]");
      return status !== null && Object.keys(status).some((key) => key.startsWith("__reactFiber"));
    },
    null,
    { timeout: 30_000 },
  );
}

/** A speaker whose name has a letter with a mark (Jiří), for a search typed without it; none in some editions. */
const marked = expected.find((entry) => /\p{M}/u.test(entry.name.normalize("NFD")));
/** An organisation, as a job title ends with it ("Co-founder, Nomic"); none in an imported edition. */
const organisation = expected
  .find((entry) => entry.title?.includes(","))
  ?.title?.split(",")
  .at(-1)
  ?.trim();

test("The directory lists every speaker on the programme once, by letter, with their sessions and pages", async ({
  page,
}) => {
  await openDirectory(page);
  const groups = await shown(page);
  const entries = groups.flatMap((group) => group.entries);
  expect([...entries].sort(byPath)).toEqual([...expected].sort(byPath));
  await expect(page.getByText(m.speakersShown({ count: expected.length }), { exact: true })).toBeVisible();

  const collator = new Intl.Collator(edition.event.locale, { ignorePunctuation: true, numeric: true });
  for (const { letter, entries: inGroup } of groups) {
    for (const entry of inGroup) expect(letterOf(entry.name, edition.event.locale), entry.name).toBe(letter);
    const names = inGroup.map((entry) => entry.name);
    expect(names, letter).toEqual([...names].sort(collator.compare));
  }
  const letters = groups.map((group) => group.letter);
  expect(new Set(letters).size).toBe(letters.length);
  if (letters.includes(otherNames)) expect(letters.at(-1)).toBe(otherNames);

  // The index names exactly the letters present, each leading to its group's heading: the first, one in the
  // middle and the last are followed (each of a large edition's forty would take minutes).
  const index = page.getByRole("navigation", { name: m.speakersIndexLabel }).getByRole("link");
  await expect(index).toHaveCount(letters.length);
  await expect(index).toHaveText(letters.map((letter) => (letter === otherNames ? startingWith(letter) : letter)));
  const followed = [...new Set([0, Math.floor(letters.length / 2), letters.length - 1])];
  for (const position of followed) {
    const letter = letters[position]!;
    const link = index.nth(position);
    await link.click();
    const heading = page.getByRole("heading", { level: 2, name: letter === otherNames ? undefined : letter });
    const target = (await link.getAttribute("href"))?.slice(1) ?? "";
    await expect(page.locator(`[id="${target}"]`)).toBeInViewport();
    if (letter !== otherNames) await expect(heading.first()).toBeVisible();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#${target}`);
  }
});

test("A speaker's name and sessions lead to their pages", async ({ page }) => {
  const entry = expected.find((speaker) => speaker.sessions.some((session) => session.path)) ?? expected[0]!;
  await openDirectory(page);
  await page.getByRole("link", { name: entry.name, exact: true }).first().click();
  await expect(page).toHaveURL(entry.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.name);
  await page.getByRole("navigation", { name: m.breadcrumbLabel }).getByRole("link", { name: m.speakersTitle }).click();
  await expect(page).toHaveURL(speakersPath);
  const session = entry.sessions.find((each) => each.path);
  if (!session?.path) return;
  await page
    .locator(`main h3 a[href="${entry.path}"]`)
    .locator("xpath=../..")
    .getByRole("link", { name: session.title })
    .click();
  await expect(page).toHaveURL(session.path);
});

test.describe("Searching", () => {
  test("by a word of a name shows the speakers it finds, with their count, and keeps the search in the address", async ({
    page,
  }) => {
    const entry = expected.find((speaker) => speaker.name.includes(" ")) ?? expected[0]!;
    const word = entry.name.split(" ").at(-1)!;
    await openDirectory(page);
    await searchBox(page).fill(word);
    await expect(page).toHaveURL(`${speakersPath}?q=${encodeURIComponent(word).replace(/%20/g, "+")}`);
    const expectedFound = found(word);
    await expect(page.getByText(m.speakersFound({ count: expectedFound.length, query: word }))).toBeVisible();
    expect(await shownPaths(page)).toEqual(expectedFound);
    expect(expectedFound).toContain(entry.path);

    // A search comes back with the address: to a speaker's page and back.
    await page.getByRole("link", { name: entry.name, exact: true }).first().click();
    await expect(page).toHaveURL(entry.path);
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page.getByText(m.speakersFound({ count: expectedFound.length, query: word }))).toBeVisible();
    expect(await shownPaths(page)).toEqual(expectedFound);
  });

  test("by organisation", async ({ page }) => {
    test.skip(!organisation, "The edition gives no job titles with an organisation");
    const query = organisation!;
    await openDirectory(page);
    await searchBox(page).fill(query);
    await expect(page.getByText(m.speakersFound({ count: found(query).length, query }))).toBeVisible();
    expect(await shownPaths(page)).toEqual(found(query));
    expect(found(query).length).toBeGreaterThan(0);
  });

  test("by a name typed without its diacritics", async ({ page }) => {
    test.skip(!marked, "No speaker's name in the edition has a letter with a mark");
    const word = marked!.name.split(" ").find((part) => /\p{M}/u.test(part.normalize("NFD")))!;
    const plain = searchKey(word);
    await openDirectory(page);
    await searchBox(page).fill(plain);
    await expect(page.getByText(m.speakersFound({ count: found(plain).length, query: plain }))).toBeVisible();
    expect(await shownPaths(page)).toEqual(found(plain));
    expect(found(plain)).toContain(marked!.path);
  });

  test("from a shared address, and to nothing, said, with a way to clear it", async ({ page }) => {
    const word = expected[0]!.name.split(" ")[0]!;
    await openDirectory(page, `${speakersPath}?q=${encodeURIComponent(word)}`);
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page.getByText(m.speakersFound({ count: found(word).length, query: word }))).toBeVisible();
    expect(await shownPaths(page)).toEqual(found(word));

    const nothing = "qqqzzzxxx";
    await searchBox(page).fill(nothing);
    await expect(page.getByText(m.speakersFound({ count: 0, query: nothing }))).toBeVisible();
    expect(await shownPaths(page)).toEqual([]);
    await page.getByRole("button", { name: m.speakersClearSearch }).click();
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue("");
    await expect(page).toHaveURL(speakersPath);
    await expect(page.getByText(m.speakersShown({ count: expected.length }), { exact: true })).toBeVisible();
    expect(await shownPaths(page)).toEqual(expected.map((entry) => entry.path).sort());
  });
});

test("The keyboard reaches the search, the index and the speakers, with the focus in view", async ({ page }) => {
  await openDirectory(page);
  await tabTo(page, searchBox(page));
  const index = page.getByRole("navigation", { name: m.speakersIndexLabel }).getByRole("link");
  const last = index.last();
  await tabTo(page, index.first());
  await last.focus();
  expect(await focusProblem(page)).toBeNull();
  await page.keyboard.press("Enter");
  const target = (await last.getAttribute("href"))?.slice(1) ?? "";
  const heading = page.locator(`[id="${target}"]`);
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await page.keyboard.press("Tab");
  const [lastGroup] = (await shown(page)).slice(-1);
  await expect(page.locator(":focus")).toHaveAttribute("href", lastGroup!.entries[0]!.path);
  expect(await focusProblem(page)).toBeNull();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`Axe finds nothing on the directory at ${String(viewport.width)} px, nor with a search`, async ({ page }) => {
    // A scan of a large edition's 1,200 entries takes most of a minute on a busy machine.
    test.slow();
    await page.setViewportSize(viewport);
    await openDirectory(page);
    expect(await axeViolations(page)).toEqual([]);
    await searchBox(page).fill("qqqzzzxxx");
    await expect(page.getByRole("button", { name: m.speakersClearSearch })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("The line-up leads to the directory, and the sitemap lists it", async ({ page, request }) => {
  await page.goto("/event");
  await waitForHydration(page);
  await page.getByRole("link", { name: m.speakersAll }).click();
  await expect(page).toHaveURL(speakersPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.speakersTitle);
  // The visit fetched the directory itself: a preload added now would go unused, and the browser would warn of it.
  await expect(page.locator(`head link[rel="preload"][href="${speakerDirectoryPath}"]`)).toHaveCount(0);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${new URL(speakersPath, edition.event.siteUrl).href}</loc>`);
});

test.describe("Without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole directory is there to read, and no search box that would do nothing", async ({ page }) => {
    await page.goto(speakersPath);
    expect([...(await shown(page)).flatMap((group) => group.entries)].sort(byPath)).toEqual([...expected].sort(byPath));
    await expect(searchBox(page)).toBeHidden();
  });
});
