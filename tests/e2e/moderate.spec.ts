import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import * as m from "../../app/i18n/messages";
import { hole, wordsBefore } from "../message-words";
import { edition } from "../../content";
import {
  adminQuestionEventsUrl,
  moderatePath,
  sessionQuestionsUrl,
  type AskedQuestion,
} from "../../common/question-contract";
import { axeViolations, escaped, expect, focusProblem, startingWith, test, waitForHydration } from "./fixtures";
import {
  moderate,
  moderation,
  moderatorCard,
  moderatorToken,
  questionTalk,
  signInToModerate,
  uniqueQuestion,
} from "./questions-support";
import { votingOpenURL } from "./servers";
import { asVisitor } from "./visitors";

// /moderate (issue 29), against the second server, which has a moderator's token and open questions. Questions are
// asked through the API by visitors of their own, each with a marker in its text, so tests beside each other and a
// reused server's earlier questions do not matter.
test.use({ baseURL: votingOpenURL });

/** A question asked by a visitor, as the page would ask it: after the first read that earned its voter cookie. */
async function askedByAVisitor(request: APIRequestContext, sessionId: string, text: string, name?: string) {
  await asVisitor(request, votingOpenURL);
  const response = await request.post(votingOpenURL + sessionQuestionsUrl(sessionId), {
    headers: { origin: votingOpenURL },
    data: name === undefined ? { text } : { text, name },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as AskedQuestion).id;
}

/** Presses Tab until `name`'s button in the card of `text` has the focus, checking the focus shows at each step. */
async function tabToAction(page: Page, text: string, name: string) {
  const target = moderatorCard(page, text).getByRole("button", { name, exact: true });
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(await focusProblem(page)).toBeNull();
      return;
    }
  }
  throw new Error(`Tab never reached ${name} of "${text}"`);
}

test.describe("A wrong token", () => {
  test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of 401/ });

  test("is refused, said so, and asked for again; a right one is kept for the tab only, until signed out", async ({
    page,
    browser,
  }) => {
    await page.goto(moderatePath);
    await waitForHydration(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const field = page.getByLabel(m.moderateTokenLabel);
    await expect(field).toHaveAttribute("type", "password");
    await field.fill(`${moderatorToken}-wrong`);
    await page.getByRole("button", { name: m.moderateSignIn }).click();
    await expect(page.getByRole("alert")).toHaveText(m.moderateTokenRefused);
    await expect(page.getByLabel(m.moderateTokenLabel)).toBeFocused();
    expect(await page.evaluate(() => Object.values(sessionStorage) as string[])).not.toContain(
      `${moderatorToken}-wrong`,
    );

    await page.getByLabel(m.moderateTokenLabel).fill(moderatorToken);
    await page.getByRole("button", { name: m.moderateSignIn }).click();
    await expect(page.getByText(m.moderateLive, { exact: true })).toBeVisible();
    // Kept for the tab: a reload stays signed in; it is in sessionStorage, never in localStorage or a cookie.
    await page.reload();
    await expect(page.getByText(m.moderateLive, { exact: true })).toBeVisible();
    // (React Router keeps its scroll positions there too.)
    expect(await page.evaluate(() => Object.values(sessionStorage) as string[])).toContain(moderatorToken);
    expect(await page.evaluate(() => Object.values(localStorage) as string[])).not.toContain(moderatorToken);
    expect(await page.context().cookies()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ value: moderatorToken })]),
    );
    // Another browser (and another tab) asks for it.
    const elsewhere = await browser.newPage({ baseURL: votingOpenURL });
    await elsewhere.goto(moderatePath);
    await waitForHydration(elsewhere);
    await expect(elsewhere.getByLabel(m.moderateTokenLabel)).toBeVisible();
    await elsewhere.close();

    await page.getByRole("button", { name: m.moderateSignOut }).click();
    await expect(page.getByLabel(m.moderateTokenLabel)).toBeFocused();
    expect(await page.evaluate(() => Object.values(sessionStorage) as string[])).not.toContain(moderatorToken);
  });
});

test("The moderation queue follows the edition's mode, and takes new questions live; the CSV downloads", async ({
  page,
  request,
}) => {
  const { slot } = questionTalk(6);
  await signInToModerate(page);
  const text = uniqueQuestion("Asked while the moderator watches?");
  await askedByAVisitor(request, slot.id, text, "Grace");
  const card = moderatorCard(page, text);
  await expect(card).toContainText("Grace");
  const queue = page.getByRole("region", { name: new RegExp(escaped(slot.title)) });
  if (moderation === "pre") {
    await expect(
      queue.getByRole("list", { name: startingWith(m.moderateWaitingForApproval) }).getByText(text),
    ).toBeVisible();
    await expect(card.getByRole("button", { name: m.moderateApprove, exact: true })).toBeVisible();
  } else {
    await expect(
      queue.getByRole("list", { name: startingWith(m.moderateShownToAudience) }).getByText(text),
    ).toBeVisible();
    await expect(card.getByRole("button", { name: m.moderateApprove, exact: true })).toHaveCount(0);
    await expect(card.getByRole("button", { name: m.moderatePin, exact: true })).toBeVisible();
  }
  const downloading = page.waitForEvent("download");
  await queue.getByRole("button", { name: startingWith(m.moderateDownloadCsv) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`questions-${slot.id}.csv`);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(text);
});

test.describe("When the server holds no more moderators' streams", () => {
  test.use({ expectedConsole: /^Failed to load resource: the server responded with a status of 503/ });

  test("the queue is read every few seconds instead, and still takes new questions", async ({ page, request }) => {
    // The server's own refusal, as it answers a moderator past its budget (server/api/admin-questions.ts).
    await page.route(`**${adminQuestionEventsUrl}`, (route) =>
      route.fulfill({
        status: 503,
        headers: { "retry-after": "30" },
        json: { error: m.apiModeratorStreamsFull },
      }),
    );
    const { slot } = questionTalk(10);
    await page.goto(moderatePath);
    await waitForHydration(page);
    await page.getByLabel(m.moderateTokenLabel).fill(moderatorToken);
    await page.getByRole("button", { name: m.moderateSignIn }).click();
    // The queue as read, the stream said to be away.
    await expect(page.getByText(m.moderateReconnecting, { exact: true })).toBeVisible();
    const text = uniqueQuestion("Asked while the moderator's stream is refused?");
    await askedByAVisitor(request, slot.id, text);
    await expect(moderatorCard(page, text)).toBeVisible({ timeout: 15_000 });
  });
});

test("Keyboard alone: approve, put on air, take off, mark answered and hide, the focus staying with the question", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { slot } = questionTalk(7);
  const text = uniqueQuestion("Moderated by keyboard?");
  await askedByAVisitor(request, slot.id, text);
  await page.goto(moderatePath);
  await waitForHydration(page);
  await page.getByLabel(m.moderateTokenLabel).focus();
  await page.keyboard.type(moderatorToken);
  await page.keyboard.press("Enter");
  await expect(page.getByText(m.moderateLive, { exact: true })).toBeVisible();
  const card = moderatorCard(page, text);
  const announced = page.getByRole("status").filter({ hasText: text.slice(0, 20) });
  // Each action's button, and the words that announce it done (before the question's text).
  const approve: [string, string][] =
    moderation === "pre" ? [[m.moderateApprove, m.moderateApproved({ text: hole })]] : [];
  const steps: [string, string][] = [
    ...approve,
    [m.moderatePin, m.moderatePinned({ text: hole })],
    [m.moderateUnpin, m.moderateUnpinned({ text: hole })],
    [m.moderateAnswer, m.moderateAnsweredDone({ text: hole })],
  ];
  for (const [step, done] of steps) {
    await tabToAction(page, text, step);
    await page.keyboard.press("Enter");
    // The result is said, and the focus is on the question, wherever its list put it.
    await expect(announced).toHaveText(startingWith(wordsBefore(done)));
    await expect(card).toBeFocused();
    expect(await focusProblem(page)).toBeNull();
  }
  await expect(card).toContainText(m.moderateAnswered);
  await tabToAction(page, text, m.moderateHide);
  await page.keyboard.press("Enter");
  const reason = page.getByRole("textbox", { name: startingWith(m.moderateWhyHide) });
  await expect(reason).toBeFocused();
  // A reason is required.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: m.moderateReasonRequired })).toBeVisible();
  await expect(reason).toBeFocused();
  await page.keyboard.type("Asked twice");
  await page.keyboard.press("Enter");
  await expect(announced).toHaveText(startingWith(wordsBefore(m.moderateHiddenDone({ text: hole }))));
  await expect(card).toBeFocused();
  await expect(card).toContainText(m.moderateHiddenBecause({ reason: "Asked twice" }));
  await expect(card.getByRole("button")).toHaveCount(0);
});

for (const width of [390, 1440]) {
  test(`axe finds nothing on /moderate with a queue, at ${String(width)} px, and nothing scrolls sideways`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { slot } = questionTalk(width === 390 ? 8 : 9);
    const texts = ["Pending", "Shown", "On air", "Answered", "Hidden"].map((words) =>
      uniqueQuestion(`${words} in the queue at ${String(width)}?`),
    );
    const ids = [];
    for (const text of texts) ids.push(await askedByAVisitor(request, slot.id, text, "Axe"));
    if (moderation === "pre") for (const id of ids.slice(1)) await moderate(request, id, "approve");
    await moderate(request, ids[2]!, "pin");
    await moderate(request, ids[3]!, "answer");
    await moderate(request, ids[4]!, "hide", "Off topic");
    await signInToModerate(page);
    for (const text of texts) await expect(moderatorCard(page, text)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
    await moderate(request, ids[2]!, "unpin");
  });
}

test("/moderate is linked from nowhere and not in the sitemap", async ({ page }) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(moderatePath);
  await page.goto("/");
  await expect(page.locator(`a[href="${moderatePath}"]`)).toHaveCount(0);
  await page.goto(edition.talks[0]?.path ?? "/agenda");
  await expect(page.locator(`a[href="${moderatePath}"]`)).toHaveCount(0);
});
