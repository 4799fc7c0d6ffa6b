import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import * as m from "../../app/i18n/messages";
import { hole, wordsBefore } from "../message-words";
import { offlinePages } from "../../app/lib/page-list";
import { mySchedulePath } from "../../common/my-schedule";
import { serviceWorkerPath, webAppManifestPath } from "../../common/offline-pages";
import { siteIconPath, speakerPath, trackPath } from "../../common/site-paths";
import { tracksWithSessions } from "../../content/tracks";
import { speakersWithSessions } from "../../app/lib/speaker-schedule";
import { editionSchedule } from "../../app/lib/edition-schedule";
import { zoneOffsetMinutes } from "../../common/time";
import { edition, editionId, eventSpan } from "../../content";
import { editionMomentsOf } from "./phase-moments";
import { freePort, startBuiltServer, type BuiltServer } from "../../scripts/tools/local-site";
import { writeServiceWorker } from "../../scripts/build/service-worker";
import { votingOpenEnv } from "../../server/test-support/server-process";
import { sessionQuestionsUrl } from "../../common/question-contract";
import { expect, startingWith, test, voteButtonName, waitForHydration } from "./fixtures";
import {
  moderate,
  moderation,
  moderatorToken,
  item,
  openList,
  openQuestions,
  questionTalk,
  uniqueQuestion,
} from "./questions-support";
import { asVisitor } from "./visitors";

// Issue 32: the programme in the pocket. Each test serves a copy of the build on a server of its own, voting open,
// so that it can stop the server (offline must not mean "the network answered anyway") or deploy a new build.
// Expected values come from the edition under test.

test.use({ serviceWorkers: "allow", expectedConsole: /net::ERR_INTERNET_DISCONNECTED/ });
test.describe.configure({ mode: "serial" });

const talk = edition.talks[0]!;
const talkSlot = edition.agenda.find((slot) => slot.talkId === talk.id)!;

/** A text's first paragraph, as a page shows it. */
const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0]!.trim();
const speaker = speakersWithSessions(editionSchedule)[0]!;

/** A visitor whose clock differs from the event's on the day, so that the zone switch changes every time. */
const visitorZone = ["Europe/Berlin", "America/Los_Angeles"].find(
  (zone) =>
    zoneOffsetMinutes(new Date(eventSpan.start), zone) !==
    zoneOffsetMinutes(new Date(eventSpan.start), edition.event.timeZone),
)!;

/** Voting and every session's questions open, whenever the tests run; the tests' moderator. */
const openWindows = {
  ...votingOpenEnv,
  QUESTIONS_OPENS: votingOpenEnv.VOTING_OPENS,
  QUESTIONS_CLOSES: votingOpenEnv.VOTING_CLOSES,
  MODERATOR_TOKEN: moderatorToken,
};

interface Site {
  dir: string;
  server: BuiltServer;
  context: BrowserContext;
  page: Page;
}
let site: Site | undefined;

test.beforeEach(async ({ browser }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "glosaic-offline-"));
  cpSync(path.resolve("build/client"), dir, { recursive: true });
  // The store in the copy's folder, so that a server started again in its place (a new build) keeps it.
  const at = { port: await freePort(), database: path.join(dir, "votes.sqlite") };
  const server = await startBuiltServer({ at, env: { CLIENT_DIR: dir, ...openWindows } });
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "allow", timezoneId: visitorZone });
  site = { dir, server, context, page: await context.newPage() };
});

test.afterEach(async () => {
  if (!site) return;
  await site.context.close();
  site.server.stop();
  rmSync(site.dir, { recursive: true, force: true });
  site = undefined;
});

/**
 * How long a worker may take to install: it downloads the whole offline copy (about 200 files) first. On a busy
 * two-core machine that has taken longer than an assertion's default 5 s.
 */
const installBound = { timeout: 30_000 };

/** Opens a page and waits for the worker to have kept the programme (it registers once the page has loaded). */
async function visit(page: Page, pagePath: string) {
  await page.goto(pagePath);
  await waitForHydration(page);
  // Ready once a worker is active; activated once it has taken over, the copy kept.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), installBound)
    .toBe("activated");
}

/** The build id that names the worker's caches, as its file says it. */
function buildOf(dir: string): string {
  return /suffix:"([0-9a-f]{12})"/.exec(readFileSync(path.join(dir, serviceWorkerPath), "utf8"))?.[1] ?? "";
}

test("after one visit to the home page and the agenda, the programme reads with the network gone", async () => {
  const { page, context, server } = site!;
  await visit(page, "/");
  await visit(page, "/agenda");
  await server.stopForRestart();
  await context.setOffline(true);

  await page.goto("/agenda");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(edition.agenda[0]!.title).first()).toBeVisible();
  // The zone switch: every time in the visitor's zone.
  const times = await page.getByRole("table").first().textContent();
  await page.getByRole("button", { name: m.zoneLocal }).click();
  await expect(page.getByRole("button", { name: m.zoneLocal })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("table").first()).not.toHaveText(times ?? "");
  // Now and next, on the day (previewed): the strip, from the kept scripts.
  await page.goto(`/agenda?now=${encodeURIComponent(editionMomentsOf(eventSpan).live)}`);
  await waitForHydration(page);
  await expect(page.getByRole("complementary", { name: m.liveStripLabel })).toContainText(m.liveNow);

  // A talk, a speaker and the visitor's own schedule, none of them visited: drawn by the app's shell from the one
  // kept file of their data (decision 079), as the network would have sent them.
  await page.goto(talk.path);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: talk.title })).toBeVisible();
  await expect(page.getByText(firstParagraph(talk.abstract ?? talk.description)).first()).toBeVisible();
  for (const name of talkSlot.speakerIds.map((id) => edition.speakers.find((each) => each.id === id)!.name)) {
    await expect(page.getByRole("heading", { name }).first()).toBeVisible();
  }
  const whenWhere = page.getByRole("complementary", { name: m.talkWhenWhere });
  await expect(whenWhere).toBeVisible();
  const room = edition.rooms.find((each) => each.id === talkSlot.room);
  if (room) await expect(whenWhere).toContainText(room.name);
  // The shell was drawn at no page's path: once hydrated, no section of the navigation is the page's own.
  const navigation = page.getByRole("navigation", { name: m.navMain });
  await expect(navigation.locator('[aria-current="page"]')).toHaveCount(0);
  await page.goto(speakerPath(speaker.id));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: speaker.name })).toBeVisible();
  await expect(navigation.locator('[aria-current="page"]')).toHaveCount(0);
  // A track's page, where the edition has tracks, the same way.
  const [track] = tracksWithSessions(edition);
  if (track) {
    await page.goto(trackPath(track.slug));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: track.name })).toBeVisible();
  }
  // A section reached from there is marked as the page's.
  await navigation.getByRole("link", { name: m.navAgenda, exact: true }).click();
  await expect(navigation.getByRole("link", { name: m.navAgenda, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // "My schedule" works offline: a session chosen on the talk's page is on /my-schedule.
  await page.goto(talk.path);
  await waitForHydration(page);
  const toggle = page.getByRole("button", { name: m.favouriteLabel({ title: talk.title }) }).first();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.goto(mySchedulePath);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: talk.title }).first()).toBeVisible();

  // A page the worker does not keep is not made up: the browser's own offline error.
  const { pages, drawn } = offlinePages(edition);
  expect([...pages, ...drawn]).not.toContain("/moderate");
  await expect(page.goto("/moderate")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
});

// An edition without demos (an imported programme) has no vote to make offline.
if (edition.demos.length > 0) {
  test("a vote made offline says it was not sent, and nothing is sent when the connection returns", async () => {
    const { page, context } = site!;
    const demo = edition.demos[0]!;
    await visit(page, "/demo-voting");
    await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
    const card = page.getByRole("article", { name: demo.title });
    const count = await card.getByText(/^\d+ /).first().textContent();
    const votes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") votes.push(request.url());
    });

    await context.setOffline(true);
    await card.getByRole("button", { name: voteButtonName(demo.title) }).click();
    await expect(page.getByRole("status").filter({ hasText: m.voteNotSentTitle })).toBeVisible();
    expect(votes).toHaveLength(1);

    await context.setOffline(false);
    const status = await page.request.get(`/api/demos/${demo.id}/has-voted`);
    expect(await status.json()).toMatchObject({ hasVoted: false });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText(m.leaderboardLoading)).toBeHidden();
    await expect(card.getByText(/^\d+ /).first()).toHaveText(count ?? "");
    expect(votes).toHaveLength(1);
  });
}

test("a question and an upvote made offline say they were not sent", async ({ playwright }) => {
  const { page, context, server } = site!;
  const { talk: asked, slot } = questionTalk(0);
  // Another visitor's question, approved, for this one to upvote.
  const other = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
  const theirs = uniqueQuestion("Does the demo run on a train?");
  await asVisitor(other, server.url);
  const posted = await other.post(sessionQuestionsUrl(slot.id), {
    data: { text: theirs },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(posted.status()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  if (moderation === "pre") await moderate(other, id, "approve", undefined, server.url);
  await other.dispose();

  const section = await openQuestions(page, asked.path, slot.id);
  const upvote = item(openList(section), theirs).getByRole("button", { name: startingWith(m.questionUpvote) });
  await expect(upvote).toHaveAttribute("aria-pressed", "false");
  await context.setOffline(true);
  await upvote.click();
  await expect(
    section.getByRole("status").filter({ hasText: wordsBefore(m.upvoteNotSent({ reason: hole })) }),
  ).toBeVisible();
  await expect(upvote).toHaveAttribute("aria-pressed", "false");

  const mine = uniqueQuestion("Is the programme kept offline?");
  await section.getByRole("textbox", { name: m.questionLabel }).fill(mine);
  await section.getByRole("button", { name: m.questionAsk }).click();
  await expect(section.getByRole("alert")).toContainText(wordsBefore(m.questionNotSent({ reason: hole })));
  // What was typed stays, to send again once back online.
  await expect(section.getByRole("textbox", { name: m.questionLabel })).toHaveValue(mine);

  await context.setOffline(false);
  const listed = (await (await page.request.get(sessionQuestionsUrl(slot.id))).json()) as {
    questions: { text: string; upvotes: number }[];
  };
  expect(listed.questions.filter((question) => question.text === mine)).toEqual([]);
  expect(listed.questions.find((question) => question.text === theirs)?.upvotes).toBe(0);
});

test("a new build shows an open page 'The programme has been updated', and Reload brings it", async () => {
  const { page, context, server, dir } = site!;
  await visit(page, "/agenda");
  const before = buildOf(dir);

  // The organiser deploys a new build: another mark, and the worker written again for it.
  await server.stopForRestart();
  const icon = path.join(dir, siteIconPath);
  writeFileSync(icon, readFileSync(icon, "utf8").replace(/<\/svg>\s*$/, '<circle cx="1" cy="1" r="1"/></svg>'));
  const { build } = await writeServiceWorker(dir, editionId, offlinePages(edition));
  expect(build).not.toBe(before);
  site!.server = await startBuiltServer({
    at: { port: server.port, database: path.join(dir, "votes.sqlite") },
    env: { CLIENT_DIR: dir, ...openWindows },
  });

  // The connection comes back (or the visitor returns to the tab): the page asks for the worker again.
  await context.setOffline(true);
  await context.setOffline(false);
  const notice = page.getByRole("status").filter({ hasText: m.programmeUpdated });
  // Said once the new worker has installed, the new build's whole copy downloaded.
  await expect(notice).toBeVisible(installBound);
  await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: m.programmeReload }).click()]);
  await waitForHydration(page);
  const caches = await page.evaluate(async () => window.caches.keys());
  expect(caches.length).toBeGreaterThan(0);
  expect(caches.filter((name) => !name.endsWith(`-${build}`))).toEqual([]);
  await expect(page.getByRole("status").filter({ hasText: m.programmeUpdated })).toHaveCount(0);
});

test("the manifest is the edition's, and Chromium finds the site installable", async ({
  playwright,
  launchOptions,
}) => {
  const { server, dir } = site!;
  // Chromium installs nothing from an incognito profile, which every test context is: a profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), "glosaic-profile-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    // The browser and switches of playwright.config.ts, as every other test's context has them.
    ...launchOptions,
    baseURL: server.url,
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visit(page, "/");
    const cdp = await context.newCDPSession(page);
    // Named by the page once it has loaded, not in the page as built (decision 055).
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", webAppManifestPath);
    const built = readFileSync(path.join(dir, "index.html"), "utf8");
    expect(built).not.toContain('rel="manifest"');
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    expect(new URL(manifest.url).pathname).toBe(webAppManifestPath);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    const served = JSON.parse(readFileSync(path.join(dir, webAppManifestPath), "utf8")) as unknown;
    expect(served).toMatchObject({ name: edition.event.name, short_name: edition.event.shortName });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
