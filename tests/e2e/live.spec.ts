import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { programmeDays } from "../../common/programme-days";
import { voteUrl } from "../../app/lib/demo-api";
import { playerUrl, sessionsOn, stagePath, stageTopDemos, streamOf } from "../../app/lib/stage";
import { speakersByIds } from "../../app/lib/lookups";
import { axeViolations, escaped, expect, startingWith, test, timeLeftPattern, waitForHydration } from "./fixtures";
import { at } from "./moments";
import { mainPort, votingOpenURL } from "./servers";
import * as m from "../../app/i18n/messages";
import { asVisitor } from "./visitors";

/** The stage's list of the top demos, as it is named while the vote is open. */
const topDemosName = m.stageTopDemos({ count: Math.min(stageTopDemos, edition.demos.length) });

// The stage (issue 30): /live, and a page per room for an edition with rooms. Expected values come from the edition
// under test: its rooms, its streams (stage.json) and its agenda.
const site = `http://127.0.0.1:${String(mainPort)}`;
const stages = (
  edition.rooms.length > 0 ? edition.rooms.map((room) => ({ room: room.id, name: room.name })) : [{ room: undefined }]
).map((stage) => ({ ...stage, path: stagePath(stage.room), stream: streamOf(edition.stage, stage.room) }));
const platformStage = stages.find((stage) => stage.stream && stage.stream.provider !== "hls");
const hlsStage = stages.find((stage) => stage.stream?.provider === "hls");

/** Records the page's security-policy violations from its first script on (security.spec.ts does the same). */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("The player's facade asks no third party for anything until the visitor presses play", async ({ page }) => {
  test.skip(!platformStage, "the edition streams on no video platform");
  const { path, stream } = platformStage!;
  if (!stream || stream.provider === "hls") throw new Error("unreachable");
  const player = playerUrl(stream);
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== site) thirdParty.push(request.url());
  });
  // No internet is needed: anything asked of another origin gets a small page from here.
  await page.route(
    (url) => url.origin !== site,
    (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
  );
  const violations = await watchPolicy(page);
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(thirdParty).toEqual([]);
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);

  await page.getByRole("button", { name: m.stagePlay }).click();
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("src", player);
  await expect(frame).toHaveAttribute("title", /\S/);
  await expect(frame).toHaveAttribute("allow", "autoplay; fullscreen; picture-in-picture");
  await expect(frame).toBeFocused();
  await expect.poll(() => thirdParty).toContain(player);
  // The privacy-enhanced player's origin, and nothing else: the policy admits that frame.
  expect(new Set(thirdParty.map((url) => new URL(url).origin))).toEqual(new Set([new URL(player).origin]));
  expect(await violations()).toEqual([]);
});

// Debian's Chromium (156) plays HLS itself, as Safari does; hls.js serves the browsers that do not, which the second
// run stands in for by having the video deny HLS. Both decode the test stream's H.264 and AAC.
for (const player of ["the browser's own HLS", "hls.js"] as const) {
  test(`An HLS stream plays on its stage with ${player}: the video's time advances`, async ({ page }) => {
    test.skip(!hlsStage, "the edition has no HLS stream");
    if (player === "hls.js") {
      await page.addInitScript(() => {
        const canPlayType = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "canPlayType")
          ?.value as HTMLMediaElement["canPlayType"];
        HTMLMediaElement.prototype.canPlayType = function (this: HTMLMediaElement, type: string) {
          return type === "application/vnd.apple.mpegurl" ? "" : canPlayType.call(this, type);
        };
      });
    }
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const violations = await watchPolicy(page);
    await page.goto(hlsStage!.path);
    await waitForHydration(page);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const hlsJs = () => scripts.filter((script) => /\/hls-[\w-]+\.js$/.test(script));
    expect(hlsJs()).toEqual([]);
    await expect(page.locator("video")).toHaveCount(0);

    await page.getByRole("button", { name: m.stagePlay }).click();
    const video = page.locator("video");
    await expect(video).toBeFocused();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);
    // hls.js is fetched on the press, and only where the browser cannot play HLS itself.
    expect(hlsJs()).toHaveLength(player === "hls.js" ? 1 : 0);
    await expect(page.getByRole("status").filter({ hasText: m.stageCannotPlay })).toHaveCount(0);
    expect(await violations()).toEqual([]);
  });
}

test.describe("A stream that cannot be played", () => {
  // Chromium reports the host's refusals as failed loads; the page itself logs nothing.
  test.use({ expectedConsole: /Failed to load resource: the server responded with a status of 404/ });

  test("A stream that cannot be played says so calmly and offers the stream's own site", async ({ page }) => {
    test.skip(!hlsStage, "the edition has no HLS stream");
    // The stream host is away: every request to it fails.
    const host = new URL((hlsStage!.stream as { url: string }).url).origin;
    await page.route(
      (url) => url.origin === host,
      (route) => route.fulfill({ status: 404, body: "" }),
    );
    await page.goto(hlsStage!.path);
    await waitForHydration(page);
    await page.getByRole("button", { name: m.stagePlay }).click();
    await expect(page.getByRole("status").filter({ hasText: m.stageCannotPlay })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: m.stageTryAgain })).toBeVisible();
    await expect(page.getByRole("link", { name: startingWith(m.stageOpenOnSite) })).toHaveAttribute(
      "href",
      edition.event.links.broadcast,
    );
  });
});

for (const width of [390, 1440]) {
  test(`axe finds nothing on the stage at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [stagePath(), ...stages.map((stage) => stage.path)]) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await axeViolations(page), path).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path}: horizontal overflow`).toBeLessThanOrEqual(0);
    }
  });
}

// Each stage's first two sessions of the first day: a third of the way into the first, now is it and next the second.
const firstDay = programmeDays(edition.agenda, edition.event.timeZone)[0]!.sessions;
for (const stage of stages) {
  const [current, next] = sessionsOn(firstDay, stage.room);
  test(`${stage.path}: now and next follow ?now= inside a session`, async ({ page }) => {
    test.skip(!current, "the stage has nothing on the first day");
    const moment = new Date((2 * Date.parse(current!.start) + Date.parse(current!.end)) / 3).toISOString();
    await page.goto(at(stage.path, moment));
    await waitForHydration(page);
    const onStage = page.getByRole("complementary", { name: m.liveOnThisStage });
    await expect(onStage).toContainText(m.liveNow);
    await expect(onStage).toContainText(current!.title);
    await expect(onStage).toContainText(timeLeftPattern);
    await expect(onStage.getByRole("progressbar", { name: m.sessionProgressLabel })).toBeVisible();
    for (const speaker of speakersByIds(current!.speakerIds)) await expect(onStage).toContainText(speaker.name);
    if (next) await expect(onStage).toContainText(next.title);
    // The poster names the session on air too.
    await expect(page.getByRole("button", { name: m.stagePlay })).toBeVisible();
  });
}

test("Each room has a stage of its own, and /live leads to each", async ({ page }) => {
  test.skip(edition.rooms.length === 0, "the edition has one stream");
  await page.goto(stagePath());
  await waitForHydration(page);
  for (const room of edition.rooms) {
    await expect(page.getByRole("heading", { name: room.name, level: 2 })).toBeVisible();
    await expect(page.getByRole("link", { name: m.liveGoToStage({ room: room.name }) })).toHaveAttribute(
      "href",
      stagePath(room.id),
    );
  }
  for (const room of edition.rooms) {
    const response = await page.goto(stagePath(room.id));
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(room.name);
    await expect(page.getByRole("button", { name: m.stagePlay })).toHaveCount(streamOf(edition.stage, room.id) ? 1 : 0);
  }
});

test("An unknown room is the not-found page, with a 404", async ({ page }) => {
  const response = await page.goto(stagePath("no-such-room"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.notFoundTitle);
});

test.describe("While the demo vote is open", () => {
  test.use({ baseURL: votingOpenURL });

  test("the stage shows the top demos beside the stream and follows a vote", async ({ page, request }) => {
    test.skip(edition.demos.length === 0, "the edition has no demos");
    const [first] = stages;
    await page.goto(first!.path);
    await waitForHydration(page);
    const top = page
      .getByRole("complementary", { name: m.liveOnThisStage })
      .getByRole("region", { name: topDemosName });
    const rows = top.getByRole("listitem");
    await expect(rows).toHaveCount(Math.min(stageTopDemos, edition.demos.length));
    await expect(top.getByRole("link", { name: m.stageVoteForFavourite })).toHaveAttribute("href", "/demo-voting");
    expect(await axeViolations(page)).toEqual([]);

    // A vote for the demo ranked first, from a visitor of its own; other tests may vote too, so the count rises.
    const id = (await rows.first().getAttribute("data-id")) ?? "";
    const row = top.locator(`li[data-id="${id}"]`);
    const count = async () =>
      Number.parseInt(
        new RegExp(`(\\d+)${escaped(m.stageVotes)}$`).exec((await row.textContent()) ?? "")?.[1] ?? "",
        10,
      );
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(0);
    await asVisitor(request, votingOpenURL);
    const vote = await request.post(votingOpenURL + voteUrl(id), { headers: { origin: votingOpenURL } });
    expect(vote.status()).toBe(201);
    await expect.poll(count).toBeGreaterThan(before);
  });
});

test("While the vote is closed, the stage shows no leaderboard", async ({ page }) => {
  const [first] = stages;
  // An edition without demos asks nothing of the vote.
  const answered =
    edition.demos.length > 0 ? page.waitForResponse((response) => response.url().endsWith("/api/voting")) : null;
  await page.goto(first!.path);
  await waitForHydration(page);
  await answered;
  await expect(page.getByRole("complementary", { name: m.liveOnThisStage })).toBeVisible();
  await expect(page.getByRole("region", { name: topDemosName })).toHaveCount(0);
});
