import type { Page } from "@playwright/test";
import { edition, onAirSpans } from "../../content";
import { remainingUntil, twoDigits } from "../../app/lib/countdown";
import { initialsOf } from "../../common/initials";
import { editionPhase } from "../../app/lib/on-air";
import { speakerById } from "../../app/lib/lookups";
import { votingWindowOf } from "../../common/voting-window";
import { zoneOffsetMinutes } from "../../common/time";
import { formatClock, formatLongDate, zoneAbbreviation } from "../../app/lib/time-in-edition-language";
import { votingPhase, type VotingPhase } from "../../common/voting-window";
import * as m from "../../app/i18n/messages";
import {
  axeViolations,
  escaped,
  exactly,
  expect,
  portraitAsFile,
  startingWith,
  test,
  voteButtonName,
  waitForHydration,
} from "./fixtures";
import { at, editionMoments, votingMoments } from "./moments";

/**
 * The leaderboard of the edition under test, on the main server, which enforces the edition's own voting window
 * (GET /api/voting sends it). The page's phase is its clock against that window, so `?now=` puts it in the phase
 * a test is about, whatever today's date is. Voting itself is in demo-voting-open.spec.ts; the reference
 * edition's catalogue is checked against the spec in demo-voting.reference.spec.ts.
 */
const { event } = edition;
const window = votingWindowOf(event.voting);

/** The catalogue by votes, most first: what the seeded store and the fallback both show. */
const ranked = [...edition.demos].sort((a, b) => b.votes - a.votes);
const top = ranked[0]!;
const presenterOf = (demo: (typeof ranked)[number]) => {
  const speaker = speakerById(demo.presenterId);
  if (!speaker) throw new Error(`${demo.id}: presenter ${demo.presenterId} is not in the edition`);
  return speaker;
};
const cards = (page: Page) => page.getByRole("article");
const card = (page: Page, title: string) => page.getByRole("article", { name: title });

/** Opens the leaderboard, at an instant if given, and waits for the live list to have arrived and rendered. */
async function openLeaderboard(page: Page, instant?: string) {
  const list = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/demos");
  await page.goto(instant ? at("/demo-voting", instant) : "/demo-voting");
  await waitForHydration(page);
  await list;
  await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
}

/** A card's rank, as it reads: the (visually hidden) word and the place. */
const rankText = (rank: number) => `${m.demoRank} #${String(rank)}`;
/** A card's count of votes: the number and its word, one or many. */
const votesPattern = new RegExp(`^\\d+ (${[m.demoVoteOne, m.demoVoteMany].map(escaped).join("|")})$`);
const votesText = (votes: number) => `${String(votes)} ${votes === 1 ? m.demoVoteOne : m.demoVoteMany}`;

async function expectRanked(page: Page) {
  await expect(cards(page)).toHaveCount(edition.demos.length);
  for (const [index, demo] of ranked.entries()) {
    const item = cards(page).nth(index);
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(demo.title);
    await expect(item).toContainText(rankText(index + 1));
    await expect(item.getByText(votesPattern)).toHaveText(votesText(demo.votes));
  }
}

/** Spec §5's search, written out: a case-insensitive substring of the title, presenter, description or a tag. */
const matching = (query: string) =>
  ranked
    .filter((demo) =>
      [demo.title, presenterOf(demo).name, demo.description, ...demo.tags].some((field) =>
        field.toLowerCase().includes(query.trim().toLowerCase()),
      ),
    )
    .map((demo) => demo.title);

/** A zone whose clock differs from the event's when voting opens: the page must give the opening in it. */
const farZone =
  ["Asia/Tokyo", "America/Los_Angeles", "Pacific/Auckland"].find(
    (zone) => zoneOffsetMinutes(window.opens, zone) !== zoneOffsetMinutes(window.opens, event.timeZone),
  ) ?? "Asia/Tokyo";

test("Once voting has ended, visitors see every demo ranked by votes with its count, and that voting is over", async ({
  page,
}) => {
  await openLeaderboard(page, votingMoments.ended);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.navDemoVoting);
  const breadcrumb = page.getByRole("navigation", { name: m.breadcrumbLabel });
  await expect(breadcrumb.getByRole("link", { name: m.navHome })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByText(m.navDemoVoting)).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByRole("link", { name: startingWith(m.actionRegister) })).toHaveAttribute(
    "href",
    event.links.register,
  );

  await expectRanked(page);
  const ended = page.getByRole("button", { name: m.demoVotingEnded });
  await expect(ended).toHaveCount(edition.demos.length);
  for (const button of await ended.all()) await expect(button).toBeDisabled();

  await expect(page.getByRole("heading", { name: m.votingEnded })).toBeVisible();
  await expect(page.getByText(m.votingEndedThanks, { exact: true })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveCount(0);

  const first = card(page, top.title);
  if (top.projectUrl) {
    await expect(first.getByRole("link", { name: startingWith(m.demoViewProject) })).toHaveAttribute(
      "href",
      top.projectUrl,
    );
  }
  await expect(first.getByRole("img", { name: m.portraitOf({ name: presenterOf(top).name }) })).toBeVisible();
  await expect(first).toContainText(presenterOf(top).title!);
});

test("The leaderboard is readable without JavaScript, in the voting phase of the build's instant", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/demo-voting");
  await expectRanked(page);

  // The prerendered page shows the phase at the moment it was built: the instant a pass built it as of
  // (SITE_BUILT_AT, scripts/test/test-editions.ts), or otherwise a moment no later than now.
  const heading = page.getByRole("heading", {
    level: 2,
    name: new RegExp(`^(${[m.votingEnded, m.votingOpensIn, m.votingClosesIn].map(escaped).join("|")})$`),
  });
  const shown = await heading.textContent();
  const built: VotingPhase = shown === m.votingEnded ? "ended" : shown === m.votingOpensIn ? "upcoming" : "open";
  const order: VotingPhase[] = ["upcoming", "open", "ended"];
  const builtAt = process.env.SITE_BUILT_AT;
  if (builtAt) expect(built).toBe(votingPhase(new Date(builtAt), window));
  else {
    expect(order.indexOf(built), `built ${built}, now ${votingPhase(new Date(), window)}`).toBeLessThanOrEqual(
      order.indexOf(votingPhase(new Date(), window)),
    );
  }
  // Every card's button says the same phase; before the page runs in a browser it knows only the event's zone.
  const opens = window.opens.toISOString();
  const button = {
    ended: m.demoVotingEnded,
    upcoming: m.demoVotingOpensOn({ date: formatLongDate(opens, event.timeZone) }),
    open: startingWith(voteButtonName("")),
  }[built];
  await expect(page.getByRole("button", { name: button })).toHaveCount(edition.demos.length);
  if (built === "upcoming") {
    await expect(
      page.getByText(
        m.votingOpensAt({
          date: formatLongDate(opens, event.timeZone),
          time: formatClock(opens, event.timeZone),
          zone: event.timeZoneLabel,
        }),
        {
          exact: true,
        },
      ),
    ).toBeVisible();
  }
  if (built !== "open") for (const each of await page.getByRole("button").all()) await expect(each).toBeDisabled();
  await context.close();
});

test("Nothing moves when the page comes to life", async ({ page }) => {
  // The running page at the instant the prerendered one shows: the one a pass built it as of (SITE_BUILT_AT), or
  // today, which a build of today shows.
  const builtAt = process.env.SITE_BUILT_AT;
  const checked = new Set<string>();
  page.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname.endsWith("/has-voted")) checked.add(request.url());
  });
  await page.goto(builtAt ? at("/demo-voting", builtAt) : "/demo-voting");
  const boxes = () =>
    cards(page).evaluateAll((articles) =>
      articles.map((article) => article.getBoundingClientRect().toJSON() as unknown),
    );
  const before = await boxes();
  await waitForHydration(page);
  await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
  // The has-voted checks (one a demo) have answered too, and the page has drawn them: every card is final. Not the
  // network's idleness, which never comes: every page holds the show's stream open (issue 44).
  await expect.poll(() => checked.size).toBe(await cards(page).count());
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(await boxes()).toEqual(before);
});

test.describe("Columns", () => {
  for (const [width, columns] of [
    [390, 1],
    [800, 2],
    [1440, 3],
  ] as const) {
    test(`${String(columns)} at ${String(width)} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/demo-voting");
      const grid = page.getByRole("list", { name: m.leaderboardListLabel });
      expect(await grid.evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length)).toBe(columns);
    });
  }
});

test("Visitors search by title, presenter, description or tag, and are told when nothing matches", async ({ page }) => {
  await openLeaderboard(page);
  const search = page.getByRole("searchbox", { name: m.leaderboardSearchLabel });
  const last = ranked.at(-1)!;
  const [firstName = ""] = presenterOf(last).name.split(" ");
  const queries = [
    last.title.toUpperCase(),
    firstName.toLowerCase(),
    top.tags[0] ?? top.title,
    ranked[1]?.description.split(" ").slice(0, 3).join(" ") ?? top.description,
  ];
  for (const query of queries) {
    await search.fill(query);
    const expected = matching(query);
    expect(expected.length, query).toBeGreaterThan(0);
    await expect(cards(page).getByRole("heading", { level: 3 }), query).toHaveText(expected);
    // Each demo keeps its rank when the others are filtered out.
    for (const [index, title] of expected.entries()) {
      const rank = ranked.findIndex((demo) => demo.title === title) + 1;
      await expect(cards(page).nth(index)).toContainText(rankText(rank));
    }
  }

  const nothing = "no demo is called this";
  expect(matching(nothing)).toEqual([]);
  await search.fill(nothing);
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText(m.leaderboardNoMatch, { exact: true })).toBeVisible();

  await search.fill("");
  await expect(cards(page)).toHaveCount(edition.demos.length);
  await expect(page.getByText(m.leaderboardNoMatch)).toBeHidden();
});

test("What a visitor types into the search box before the live leaderboard has loaded is kept, with the focus", async ({
  page,
}) => {
  const start = top.title.slice(0, 4).toLowerCase();
  const rest = top.title.slice(4).toLowerCase();
  // The page's hydration is held back, so the visitor types into the prerendered leaderboard.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  const list = page.waitForResponse((response) => response.url().endsWith("/api/demos"));
  await page.goto("/demo-voting", { waitUntil: "domcontentloaded" });
  const search = page.getByRole("searchbox", { name: m.leaderboardSearchLabel });
  await search.click();
  await page.keyboard.type(start);
  release?.();
  await waitForHydration(page);
  await list;
  await expect(page.getByText(m.leaderboardLoading)).toBeHidden();

  await expect(search).toHaveValue(start);
  await expect(search).toBeFocused();
  expect(await cards(page).getByRole("heading", { level: 3 }).allTextContents()).toEqual(matching(start));
  // And typing goes on where it stopped.
  await page.keyboard.type(rest);
  await expect(search).toHaveValue(start + rest);
  expect(await cards(page).getByRole("heading", { level: 3 }).allTextContents()).toEqual(matching(start + rest));
});

test("Visitors see Loading demos... while the list is on its way", async ({ page }) => {
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/demos", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/demo-voting");
  await waitForHydration(page);
  await expect(page.getByText(m.leaderboardLoading, { exact: true })).toBeVisible();
  // The catalogue stays on screen meanwhile.
  await expect(cards(page)).toHaveCount(edition.demos.length);
  release?.();
  await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
});

test.describe("With the API answering 500", () => {
  test.use({
    expectedConsole:
      /^(Failed to load resource: the server responded with a status of 500 .*|(Failed to fetch demos|Error checking vote status): 500: \{"error":"Internal server error"\})$/,
  });

  test("the leaderboard shows the local catalogue by votes, says so, and logs why", async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    await page.route("**/api/**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }),
    );
    // The edition's own window stands when the server cannot say which it enforces.
    await page.goto(at("/demo-voting", votingMoments.ended));
    await waitForHydration(page);
    await expect(page.getByRole("alert")).toHaveText(m.leaderboardFailed);
    await expectRanked(page);
    await expect(page.getByRole("button", { name: m.demoVotingEnded })).toHaveCount(edition.demos.length);
    await expect.poll(() => logs).toContain('Failed to fetch demos: 500: {"error":"Internal server error"}');
    await expect
      .poll(() => logs.filter((line) => line.startsWith("Error checking vote status: 500: ")).length)
      .toBe(edition.demos.length);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("With the API unreachable", () => {
  test.use({
    expectedConsole:
      /^(Failed to load resource: net::ERR_CONNECTION_REFUSED|(Failed to fetch demos|Error checking vote status): Failed to fetch)$/,
  });

  test("the leaderboard still shows every demo with the fallback message", async ({ page }) => {
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.goto(at("/demo-voting", votingMoments.ended));
    await waitForHydration(page);
    await expect(page.getByRole("alert")).toHaveText(m.leaderboardFailed);
    await expectRanked(page);
    await expect(page.getByRole("heading", { name: m.votingEnded })).toBeVisible();
  });
});

test.describe("With the vote status check failing", () => {
  test.use({
    expectedConsole:
      /^(Failed to load resource: the server responded with a status of 503 .*|Error checking vote status: 503: Service Unavailable)$/,
  });

  test("a card still shows the vote this browser remembers", async ({ page }) => {
    const remembered = ranked.at(-1)!;
    await page.addInitScript((id) => {
      localStorage.setItem("voted-demos", JSON.stringify([id]));
    }, remembered.id);
    await page.route("**/has-voted", (route) => route.fulfill({ status: 503, body: "" }));
    // While voting is open, as when the visitor voted.
    await openLeaderboard(page, votingMoments.open);
    await expect(card(page, remembered.title).getByText(m.demoYouVoted)).toBeVisible();
    await expect(card(page, remembered.title).getByRole("button", { name: exactly(m.demoVoted) })).toBeDisabled();
    await expect(page.getByText(m.demoYouVoted)).toHaveCount(1);
    // Only logged: no error box for the visitor.
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("Presenters", () => {
  test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of 404 / });

  test("a portrait that fails to load is replaced by a placeholder", async ({ page }) => {
    const presenter = presenterOf(top);
    await portraitAsFile(page, "/demo-voting", presenter.name, presenter.portrait);
    await page.route(`**${presenter.portrait}`, (route) => route.fulfill({ status: 404, body: "" }));
    await openLeaderboard(page);
    const portrait = card(page, top.title).getByRole("img", { name: m.portraitOf({ name: presenter.name }) });
    await expect(portrait).toHaveText(initialsOf(presenter.name));
    await expect(card(page, top.title).locator("img")).toHaveCount(0);
    await expect(card(page, top.title)).toContainText(presenter.name);
  });
});

test("A presenter the site does not know shows as their id, titled Presenter, with a placeholder", async ({ page }) => {
  await page.route("**/api/demos", async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { id: string; presenterId: string }[];
    const record = list.find((demo) => demo.id === top.id);
    if (!record) throw new Error(`${top.id} is not in the server's list`);
    record.presenterId = "guest-presenter";
    await route.fulfill({ response, json: list });
  });
  await openLeaderboard(page);
  const first = card(page, top.title);
  await expect(first.getByText("guest-presenter", { exact: true })).toBeVisible();
  await expect(first.getByText(m.presenterTitle, { exact: true })).toBeVisible();
  await expect(first.locator("img")).toHaveAttribute("src", "/portraits/placeholder.svg");
  if (top.projectUrl) {
    await expect(first.getByRole("link", { name: startingWith(m.demoViewProject) })).toHaveAttribute(
      "href",
      top.projectUrl,
    );
  }
});

/**
 * The days a countdown started at `instant` shows until `target`: the clock ticks on from the instant, so a whole
 * number of days may already have become one less by the time the page is read (a minute's grace).
 */
function daysLeft(instant: string, target: Date): RegExp {
  const shown = [0, 60_000].map((later) =>
    twoDigits(remainingUntil(new Date(Date.parse(instant) + later), target).days),
  );
  return new RegExp(`^(${[...new Set(shown)].join("|")})$`);
}

/** The intro's sentence about the demos shown live, in the phase's tense, as the edition's messages word it. */
function presentedLiveIntro(tense: "before" | "after"): string {
  const count = event.presentedLive;
  if (count === 1) return tense === "after" ? m.demoVotingLiveOnePast : m.demoVotingLiveOne;
  return (tense === "after" ? m.demoVotingLivePast : m.demoVotingLive)({ count });
}

test.describe("Before voting opens", () => {
  // A visitor far from the event's zone: the opening is given in theirs.
  test.use({ timezoneId: farZone });

  test("the page says when voting opens, in the visitor's zone, and every vote button waits for that date", async ({
    page,
  }) => {
    await openLeaderboard(page, votingMoments.upcoming);

    const opens = event.voting.opens;
    const label = zoneAbbreviation(opens, farZone);
    await expect(page.getByRole("heading", { name: m.votingOpensIn })).toBeVisible();
    await expect(
      page.getByText(
        m.votingOpensAt({ date: formatLongDate(opens, farZone), time: formatClock(opens, farZone), zone: label }),
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    // The countdown runs to the opening, from the preview's instant.
    await expect(page.getByRole("timer").locator("dd").first()).toHaveText(
      daysLeft(votingMoments.upcoming, window.opens),
    );
    const waiting = page.getByRole("button", { name: m.demoVotingOpensOn({ date: formatLongDate(opens, farZone) }) });
    await expect(waiting).toHaveCount(edition.demos.length);
    for (const button of await waiting.all()) await expect(button).toBeDisabled();
    const tense = editionPhase(new Date(votingMoments.upcoming), onAirSpans) === "over" ? "after" : "before";
    await expect(page.getByText(presentedLiveIntro(tense), { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("While voting is open, every demo has a vote button and the countdown runs to the close", async ({ page }) => {
  await openLeaderboard(page, votingMoments.open);
  await expect(page.getByRole("heading", { name: m.votingClosesIn })).toBeVisible();
  const timer = page.getByRole("timer");
  await expect(timer.locator("dt")).toHaveText([
    m.countdownDays,
    m.countdownHours,
    m.countdownMinutes,
    m.countdownSeconds,
  ]);
  await expect(timer.locator("dd").first()).toHaveText(daysLeft(votingMoments.open, window.closes));
  for (const demo of ranked) {
    await expect(card(page, demo.title).getByRole("button", { name: voteButtonName(demo.title) })).toBeEnabled();
  }
});

test("The intro says the top demos will be presented live, and afterwards that they were", async ({ page }) => {
  await page.goto(at("/demo-voting", editionMoments.upcoming));
  await waitForHydration(page);
  const intro = page.getByText(m.demoVotingIntroLead({ name: event.name }));
  await expect(intro).toContainText(presentedLiveIntro("before"));

  await page.goto(at("/demo-voting", editionMoments.over));
  await waitForHydration(page);
  await expect(intro).toContainText(presentedLiveIntro("after"));
});
