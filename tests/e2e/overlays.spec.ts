import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { edition } from "../../content";
import { voteUrl } from "../../app/lib/demo-api";
import { overlayFrame, overlayPaths, overlayTopDemos } from "../../app/lib/overlay";
import { sessionQuestionsUrl, type AskedQuestion } from "../../common/question-contract";
import { demoEventsPath, demosUrl } from "../../common/api-contract";
import * as m from "../../app/i18n/messages";
import { escaped, expect, test, waitForHydration } from "./fixtures";
import { at } from "./moments";
import { alphaAt } from "./png-alpha";
import { moderate, moderation, moderatorToken, questionTalk, uniqueQuestion } from "./questions-support";
import { votingOpenURL } from "./servers";
import { freePort, startBuiltServer } from "../../scripts/tools/local-site";
import { asVisitor } from "./visitors";

// The stream's overlays (issue 30, docs/decisions/042), in the streaming tool's frame. The lower third runs on the
// edition as shipped, at `?now=` moments of its programme; the question and the leaderboard against the second
// server, whose questions and voting are open and whose moderator's token the tests hold.
test.use({ viewport: { width: overlayFrame.width, height: overlayFrame.height } });

const second = 1000;
const graphic = (page: Page) => page.locator("[data-graphic]");

/** Opens an overlay and waits until it runs: nothing is drawn before, the prerendered page has no query. */
async function openOverlay(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/**
 * The page paints nothing of its own: a screenshot without the browser's default background is see-through in the
 * frame's corner, away from any graphic, and opaque in the middle of the graphic shown.
 */
async function expectTransparentAround(page: Page, shown: Locator) {
  const box = await shown.boundingBox();
  if (!box) throw new Error("the graphic has no box");
  // The graphic's entrance has ended: its pixels are at full opacity.
  await expect.poll(() => shown.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  const png = await page.screenshot({ omitBackground: true });
  expect(alphaAt(png, 0, 0), "the frame's corner").toBe(0);
  expect(alphaAt(png, overlayFrame.width - 1, 0), "the frame's other corner").toBe(0);
  expect(alphaAt(png, Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)), "the graphic").toBe(255);
}

// Each stream of the edition: its rooms, or its one stream (no room). For each, two sessions back to back, neither a
// break (a break shows nothing), where the lower third changes from one to the other.
const streams = edition.rooms.length > 0 ? edition.rooms.map((room) => room.id) : [undefined];
const named = edition.agenda.filter((session) => session.type !== "Break");
const speakerNames = (ids: string[]) =>
  ids.map((id) => edition.speakers.find((speaker) => speaker.id === id)?.name ?? id);

for (const room of streams) {
  const inRoom = named.filter((session) => session.room === room);
  const pair = inRoom.flatMap((session) => {
    const next = inRoom.find((other) => other.start === session.end);
    return next ? [{ session, next }] : [];
  })[0];
  const lowerThird = (instant: string, extra?: string) =>
    at(`${overlayPaths.lowerThird}?${[room ? `room=${room}` : "", extra ?? ""].filter(Boolean).join("&")}`, instant);

  test(`The lower third${room ? ` of ${room}` : ""} names the session on air, then the next one at the boundary`, async ({
    page,
  }) => {
    test.skip(!pair, `no two sessions back to back${room ? ` in ${room}` : ""}`);
    const { session, next } = pair!;
    // Fifteen seconds before the boundary (time for a loaded machine to open the page); the page's clock runs on
    // from there and crosses it.
    await openOverlay(page, lowerThird(new Date(Date.parse(session.end) - 15 * second).toISOString()));
    await expect(graphic(page)).toHaveCount(1);
    await expect(graphic(page)).toContainText(session.title);
    for (const name of speakerNames(session.speakerIds)) await expect(graphic(page)).toContainText(name);
    expect(await graphic(page).evaluate((element) => getComputedStyle(element).animationName)).toBe("overlay-in");
    await expectTransparentAround(page, graphic(page));

    await expect(graphic(page)).toContainText(next.title, { timeout: 30 * second });
    await expect(graphic(page)).toHaveCount(1);
    for (const name of speakerNames(next.speakerIds)) await expect(graphic(page)).toContainText(name);
  });

  test(`The lower third${room ? ` of ${room}` : ""} changes without a transition with ?motion=off, and shows nothing before its first session`, async ({
    page,
  }) => {
    test.skip(!pair, `no two sessions back to back${room ? ` in ${room}` : ""}`);
    const { next } = pair!;
    await openOverlay(page, lowerThird(next.start, "motion=off"));
    await expect(graphic(page)).toContainText(next.title);
    expect(await graphic(page).evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
    // A minute before the room's first session (the page's clock runs on, but not that far while the test looks).
    await openOverlay(page, lowerThird(new Date(Date.parse(inRoom[0]!.start) - 60 * second).toISOString()));
    await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
    await expect(graphic(page)).toHaveCount(0);
  });
}

test("A break shows no lower third", async ({ page }) => {
  const pause = edition.agenda.find((session) => session.type === "Break");
  test.skip(!pause, "the edition has no break");
  const url = `${overlayPaths.lowerThird}${pause!.room ? `?room=${pause!.room}` : ""}`;
  await openOverlay(page, at(url, new Date(Date.parse(pause!.start) + second).toISOString()));
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
  await expect(graphic(page)).toHaveCount(0);
});

test.describe("Against the server with questions and voting open", () => {
  test.use({ baseURL: votingOpenURL });

  /** A question asked by a fresh visitor, approved where the edition moderates first. */
  async function askedAndApproved(request: APIRequestContext, sessionId: string, text: string, name?: string) {
    await asVisitor(request, votingOpenURL);
    const response = await request.post(votingOpenURL + sessionQuestionsUrl(sessionId), {
      headers: { origin: votingOpenURL },
      data: name === undefined ? { text } : { text, name },
    });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as AskedQuestion;
    if (moderation === "pre") await moderate(request, id, "approve");
    return id;
  }

  /** Waits for the overlay's question stream to be open (the server has answered it). */
  const streamOpen = (page: Page) =>
    page.waitForResponse((response) => /\/questions\/events$/.test(new URL(response.url()).pathname) && response.ok());

  test("The question overlay shows the question pinned on air within 2 s, as text, with the asker's name, and hides it within 2 s of the unpin", async ({
    page,
    request,
  }) => {
    const { slot } = questionTalk(0);
    const text = uniqueQuestion("Does <b>this</b> & that stay text on air?");
    const id = await askedAndApproved(request, slot.id, text, "Ada");
    // The session on air in its room at that moment, by the page's clock.
    const instant = new Date(Date.parse(slot.start) + 60 * second).toISOString();
    const opened = streamOpen(page);
    await openOverlay(page, at(`${overlayPaths.question}${slot.room ? `?room=${slot.room}` : ""}`, instant));
    await opened;
    await expect(graphic(page)).toHaveCount(0);

    await moderate(request, id, "pin");
    await expect(graphic(page)).toBeVisible({ timeout: 2 * second });
    await expect(graphic(page).getByText(text, { exact: true })).toBeVisible();
    // Given words alone, the message's parts are words.
    await expect(graphic(page)).toContainText((m.overlayQuestionAskedByRich({ name: "Ada" }) as string[]).join(""));
    await expect(graphic(page).locator("b")).toHaveCount(0);
    await expectTransparentAround(page, graphic(page));

    await moderate(request, id, "unpin");
    await expect(graphic(page)).toHaveCount(0, { timeout: 2 * second });
  });

  test.describe("when its stream is refused once", () => {
    // What the browser says of the one refused stream; nothing else may be logged.
    test.use({
      expectedConsole: /^Failed to load resource: the server responded with a status of 503/,
    });

    test("the question overlay opens it again by itself, shows no error, and follows the next pin", async ({
      page,
      request,
    }) => {
      const { slot } = questionTalk(1);
      const text = uniqueQuestion("Will the stream come back by itself?");
      const id = await askedAndApproved(request, slot.id, text);
      let refused = 0;
      await page.route(
        (url) => url.pathname.endsWith("/questions/events"),
        async (route) => {
          if (refused++ === 0) await route.fulfill({ status: 503, body: "" });
          else await route.fallback();
        },
      );
      const opened = streamOpen(page);
      await openOverlay(page, `${overlayPaths.question}?session=${slot.id}`);
      await opened;
      expect(refused).toBe(2);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(graphic(page)).toHaveCount(0);

      await moderate(request, id, "pin");
      await expect(graphic(page)).toContainText(text, { timeout: 2 * second });
      await moderate(request, id, "unpin");
      await expect(graphic(page)).toHaveCount(0, { timeout: 2 * second });
    });
  });

  test.describe("when the leaderboard's list and stream fail once", () => {
    test.use({
      expectedConsole: /^Failed to load resource: the server responded with a status of 50[03]/,
    });

    test("the leaderboard overlay reads them again, shows the top demos, and follows a vote", async ({
      page,
      request,
    }) => {
      test.skip(edition.demos.length === 0, "the edition has no demos");
      const failures = { list: 0, stream: 0 };
      await page.route(
        (url) => url.pathname === demosUrl,
        async (route) => {
          if (failures.list++ === 0) await route.fulfill({ status: 500, body: "" });
          else await route.fallback();
        },
      );
      await page.route(
        (url) => url.pathname === demoEventsPath,
        async (route) => {
          if (failures.stream++ === 0) await route.fulfill({ status: 503, body: "" });
          else await route.fallback();
        },
      );
      const streaming = page.waitForResponse((response) => response.url().endsWith(demoEventsPath) && response.ok());
      await openOverlay(page, overlayPaths.leaderboard);
      await streaming;
      const rows = graphic(page).getByRole("listitem");
      await expect(rows).toHaveCount(Math.min(overlayTopDemos, edition.demos.length));
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expectTransparentAround(page, graphic(page));

      // A vote for the demo ranked first, from a visitor of its own; other tests may vote too, so the count rises.
      const id = (await rows.first().getAttribute("data-id")) ?? "";
      const row = graphic(page).locator(`li[data-id="${id}"]`);
      const votes = new RegExp(`(\\d+) ${escaped(m.overlayLeaderboardVotes)}$`);
      const count = async () => Number.parseInt(votes.exec((await row.textContent()) ?? "")?.[1] ?? "", 10);
      const before = await count();
      expect(before).toBeGreaterThanOrEqual(0);
      await asVisitor(request, votingOpenURL);
      const vote = await request.post(votingOpenURL + voteUrl(id), { headers: { origin: votingOpenURL } });
      expect(vote.status()).toBe(201);
      await expect.poll(count, { timeout: 5 * second }).toBeGreaterThan(before);
    });
  });
});

test("The leaderboard overlay shows nothing while voting is closed", async ({ page }) => {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/voting"));
  await openOverlay(page, overlayPaths.leaderboard);
  await answered;
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
  await expect(graphic(page)).toHaveCount(0);
  const png = await page.screenshot({ omitBackground: true });
  expect(alphaAt(png, overlayFrame.width / 2, overlayFrame.height / 2)).toBe(0);
});

test.describe("when its server restarts", () => {
  // While the server is away, the browser reports the stream cut and its failed reconnections (refused, reset,
  // ended mid-chunk, or the 503 a closing server answers a request that reaches it while it drains: whichever the
  // moment of the stop gives); the page itself logs nothing.
  test.use({
    expectedConsole: /^Failed to load resource: (net::ERR_[A-Z_]+|the server responded with a status of 503)/,
  });

  test("the question overlay comes back by itself, shows no error, and follows the pins made after", async ({
    page,
    request,
  }) => {
    // A server of this test's own, on a port and store it names, so that it can be stopped and started again.
    const day = 24 * 60 * 60 * second;
    const env = {
      QUESTIONS_OPENS: new Date(Date.now() - day).toISOString(),
      QUESTIONS_CLOSES: new Date(Date.now() + day).toISOString(),
      MODERATOR_TOKEN: moderatorToken,
    };
    const port = await freePort();
    const at = {
      port,
      database: path.join(
        tmpdir(),
        `glosaic-e2e-restart-${String(process.getuid?.() ?? "user")}-${String(port)}.sqlite`,
      ),
    };
    const removeStore = () =>
      Promise.all(["", "-wal", "-shm"].map((suffix) => rm(at.database + suffix, { force: true })));
    await removeStore();
    let server = await startBuiltServer({ at, env });
    try {
      const { slot } = questionTalk(2);
      const askedOn = async (text: string) => {
        await asVisitor(request, server.url);
        const response = await request.post(server.url + sessionQuestionsUrl(slot.id), {
          headers: { origin: server.url },
          data: { text },
        });
        expect(response.status()).toBe(201);
        const { id } = (await response.json()) as AskedQuestion;
        if (moderation === "pre") await moderate(request, id, "approve", undefined, server.url);
        return id;
      };
      const before = uniqueQuestion("Asked before the restart");
      const first = await askedOn(before);
      await openOverlay(page, `${server.url}${overlayPaths.question}?session=${slot.id}`);
      await moderate(request, first, "pin", undefined, server.url);
      await expect(graphic(page)).toContainText(before, { timeout: 10 * second });

      await server.stopForRestart();
      server = await startBuiltServer({ at, env });
      await moderate(request, first, "unpin", undefined, server.url);
      const after = uniqueQuestion("Asked after the restart");
      await moderate(request, await askedOn(after), "pin", undefined, server.url);
      // The overlay's stream, refused while the server was away, is opened again within its longest wait (30 s).
      await expect(graphic(page)).toContainText(after, { timeout: 35 * second });
      await expect(page.getByRole("alert")).toHaveCount(0);
    } finally {
      server.stop();
      await removeStore();
    }
  });
});
