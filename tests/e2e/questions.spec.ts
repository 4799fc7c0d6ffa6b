import * as m from "../../app/i18n/messages";
import { hole, wordsBefore } from "../message-words";
import type { Browser, Page } from "@playwright/test";
import { edition } from "../../content";
import {
  questionLimits,
  questionWindowOf,
  questionWindowState,
  sessionQuestionsUrl,
} from "../../common/question-contract";
import { axeViolations, expect, startingWith, test, waitForHydration } from "./fixtures";
import {
  answeredList,
  ask,
  item,
  moderate,
  moderation,
  moderatorCard,
  openList,
  openQuestions,
  questionId,
  questionTalk,
  questionTalks,
  signInToModerate,
  uniqueQuestion,
} from "./questions-support";
import { mainPort, votingOpenURL } from "./servers";

// The talk pages' Questions section (issue 29), against the second server, whose questions are open whenever the
// tests run (QUESTIONS_OPENS / QUESTIONS_CLOSES) and which has a moderator's token. Each test asks questions of its
// own (a marker in the text), so a reused server's earlier questions and the tests running beside it do not matter:
// every check of order looks at this test's questions only.
test.use({ baseURL: votingOpenURL });

/** A fresh visitor (a browser context of their own: their own voter cookie) on a talk page's questions. */
async function visitor(browser: Browser, path: string, sessionId: string) {
  const context = await browser.newContext({ baseURL: votingOpenURL });
  const page = await context.newPage();
  const section = await openQuestions(page, path, sessionId);
  return { context, page, section };
}

/** The texts of this test's questions in a list, in the order shown. */
async function orderOf(page: Page, texts: string[]) {
  const shown = await openList(page.getByRole("region", { name: m.questionsTitle, exact: true }))
    .getByRole("listitem")
    .allTextContents();
  return shown.flatMap((line) => texts.filter((text) => line.includes(text)));
}

test("Two visitors and a moderator: asked, approved, upvoted, on air, answered and hidden, live in every browser", async ({
  browser,
  page: moderatorPage,
}) => {
  test.setTimeout(120_000);
  const { talk, slot } = questionTalk(0);
  const asker = await visitor(browser, talk.path, slot.id);
  const other = await visitor(browser, talk.path, slot.id);
  const first = uniqueQuestion("How does it scale?");
  const second = uniqueQuestion("What comes next?");
  try {
    await ask(asker.section, first, "Ada");
    const mine = item(openList(asker.section), first);
    await expect(mine).toContainText(m.questionYours);
    await expect(mine).toContainText("Ada");
    if (moderation === "pre") {
      // Waiting: shown to its asker only, marked so, until a moderator approves it.
      await expect(mine).toContainText(m.questionWaiting);
      await expect(item(other.section, first)).toHaveCount(0);
    }

    await signInToModerate(moderatorPage);
    const card = moderatorCard(moderatorPage, first);
    await expect(card).toBeVisible();
    if (moderation === "pre") await card.getByRole("button", { name: m.moderateApprove }).click();
    // The other visitor sees it without a reload, and it no longer waits for its asker.
    await expect(item(openList(other.section), first)).toBeVisible();
    await expect(item(openList(other.section), first)).not.toContainText(m.questionYours);
    await expect(mine).not.toContainText(m.questionWaiting);

    // The name stays for the next question; emptied, the question is anonymous.
    await expect(asker.section.getByRole("textbox", { name: startingWith(m.questionNameLabel) })).toHaveValue("Ada");
    await ask(asker.section, second, "");
    await expect(item(openList(asker.section), second)).toContainText(m.questionAnonymous);
    if (moderation === "pre")
      await moderatorCard(moderatorPage, second).getByRole("button", { name: m.moderateApprove }).click();
    await expect(item(openList(other.section), second)).toBeVisible();
    // Equal votes: the newer first. An upvote of the older moves it up, in both browsers.
    await expect.poll(() => orderOf(other.page, [first, second])).toEqual([second, first]);
    const upvote = item(openList(other.section), first).getByRole("button", { name: startingWith(m.questionUpvote) });
    await expect(upvote).toHaveAttribute("aria-pressed", "false");
    await upvote.click();
    await expect(upvote).toHaveAttribute("aria-pressed", "true");
    await expect(upvote).toContainText("1");
    await expect.poll(() => orderOf(other.page, [first, second])).toEqual([first, second]);
    await expect.poll(() => orderOf(asker.page, [first, second])).toEqual([first, second]);
    await expect(
      item(openList(asker.section), first).getByRole("button", { name: startingWith(m.questionUpvote) }),
    ).toContainText("1");
    // Newest first, whatever the votes: a real control.
    await other.section
      .getByRole("combobox", { name: m.questionsSortBy })
      .selectOption({ label: m.questionsSortNewest });
    await expect.poll(() => orderOf(other.page, [first, second])).toEqual([second, first]);
    await other.section
      .getByRole("combobox", { name: m.questionsSortBy })
      .selectOption({ label: m.questionsSortVotes });
    // Withdrawn: back to equal votes.
    await upvote.click();
    await expect(upvote).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => orderOf(asker.page, [first, second])).toEqual([second, first]);

    // On air, in every browser.
    await moderatorCard(moderatorPage, first).getByRole("button", { name: m.moderatePin }).click();
    for (const { section } of [asker, other])
      await expect(item(openList(section), first)).toContainText(m.questionOnAir);
    await moderatorCard(moderatorPage, first).getByRole("button", { name: "Take off air" }).click();
    for (const { section } of [asker, other])
      await expect(item(openList(section), first)).not.toContainText(m.questionOnAir);

    // Answered: in the answered list, everywhere.
    await moderatorCard(moderatorPage, first).getByRole("button", { name: "Mark answered" }).click();
    for (const { section } of [asker, other]) {
      await expect(item(answeredList(section), first)).toBeVisible();
      await expect(item(openList(section), first)).toHaveCount(0);
    }

    // Hidden: gone everywhere, and never back, not after a reload nor from the API.
    const card2 = moderatorCard(moderatorPage, second);
    await card2.getByRole("button", { name: "Hide" }).click();
    await moderatorPage.getByRole("textbox", { name: /^Why hide it\?/ }).fill("Off topic");
    await moderatorPage.getByRole("button", { name: "Hide question" }).click();
    for (const { section } of [asker, other]) await expect(item(section, second)).toHaveCount(0);
    for (const visitorPage of [asker.page, other.page]) {
      await openQuestions(visitorPage, talk.path, slot.id);
      await expect(item(visitorPage.getByRole("region", { name: m.questionsTitle, exact: true }), second)).toHaveCount(
        0,
      );
      await expect(
        item(visitorPage.getByRole("region", { name: m.questionsTitle, exact: true }), first).first(),
      ).toBeVisible();
      const body = await (await visitorPage.request.get(votingOpenURL + sessionQuestionsUrl(slot.id))).text();
      expect(body).not.toContain(second);
    }
  } finally {
    await asker.context.close();
    await other.context.close();
  }
});

test.describe("A send that fails", () => {
  test.use({ expectedConsole: /^Failed to load resource: net::ERR_(CONNECTION_RESET|FAILED)$/ });

  test("keeps what was typed and says why; the retry makes one question, with the same key", async ({ page }) => {
    const { talk, slot } = questionTalk(1);
    const section = await openQuestions(page, talk.path, slot.id);
    const text = uniqueQuestion("Is the retry idempotent?");
    const keys: string[] = [];
    let failed = false;
    // The first send reaches the server, but its answer is lost on the way back: the page cannot know it landed.
    await page.route(`**${sessionQuestionsUrl(slot.id)}`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (failed) return route.continue();
      failed = true;
      await route.fetch();
      return route.abort("connectionreset");
    });
    await section.getByRole("textbox", { name: m.questionLabel }).fill(text);
    await section.getByRole("button", { name: m.questionAsk }).click();
    await expect(section.getByRole("alert")).toContainText(wordsBefore(m.questionNotSent({ reason: hole })));
    await expect(section.getByRole("textbox", { name: m.questionLabel })).toHaveValue(text);

    await ask(section, text);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    await expect(item(openList(section), text)).toHaveCount(1);
    const answer = (await (await page.request.get(votingOpenURL + sessionQuestionsUrl(slot.id))).json()) as {
      questions: { text: string }[];
    };
    expect(answer.questions.filter((q) => q.text === text)).toHaveLength(1);
  });
});

test("A double click makes one question; the count follows what is typed, in characters as a person counts them", async ({
  page,
}) => {
  const { talk, slot } = questionTalk(2);
  const section = await openQuestions(page, talk.path, slot.id);
  const box = section.getByRole("textbox", { name: m.questionLabel });
  // Letters with accents and emoji with skin tones: one character each, as a person counts them.
  await box.fill("Café 👍🏽");
  await expect(section.getByText(m.questionCount({ count: 6, max: questionLimits.text }))).toBeVisible();
  // Said to a screen reader once typing pauses, politely.
  await expect(
    section.getByRole("status").filter({ hasText: m.questionCharactersLeft({ count: questionLimits.text - 6 }) }),
  ).toHaveText(m.questionCharactersLeft({ count: questionLimits.text - 6 }));
  await box.fill("👍🏽".repeat(questionLimits.text + 1));
  await expect(section.getByText(`${String(questionLimits.text + 1)} of ${String(questionLimits.text)}`)).toBeVisible();
  await section.getByRole("button", { name: m.questionAsk }).click();
  await expect(section.getByRole("alert")).toHaveText(m.questionTooLong({ max: questionLimits.text }));

  const text = uniqueQuestion("Double-clicked?");
  await box.fill(text);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith(sessionQuestionsUrl(slot.id))) posts.push(request.url());
  });
  await section.getByRole("button", { name: m.questionAsk }).dblclick();
  await expect(box).toHaveValue("");
  await expect(item(openList(section), text)).toHaveCount(1);
  expect(posts).toHaveLength(1);
});

test("What the audience writes shows as text, never as markup", async ({ page }) => {
  const { talk, slot } = questionTalk(3);
  const section = await openQuestions(page, talk.path, slot.id);
  const text = uniqueQuestion(`<img src=x onerror="document.title='owned'"><b>bold</b> & "quotes"`);
  await ask(section, text, "<script>alert(1)</script>");
  const mine = item(openList(section), text);
  await expect(mine).toContainText(text);
  await expect(mine).toContainText("<script>alert(1)</script>");
  await expect(mine.locator("img, b, script")).toHaveCount(0);
  expect(await page.title()).not.toBe("owned");
});

for (const width of [390, 1440]) {
  test(`axe finds nothing on a talk page with questions in every state, at ${String(width)} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { talk, slot } = questionTalk(width === 390 ? 4 : 5);
    let section = await openQuestions(page, talk.path, slot.id);
    const texts = ["Shown", "On air", "Answered", "Waiting"].map((words) =>
      uniqueQuestion(`${words} at ${String(width)}?`),
    );
    for (const text of texts) await ask(section, text, "Axe");
    const ids = await Promise.all(texts.map((text) => questionId(page, slot.id, text)));
    if (moderation === "pre") for (const id of ids.slice(0, 3)) await moderate(request, id, "approve");
    await moderate(request, ids[1]!, "pin");
    await moderate(request, ids[2]!, "answer");
    section = await openQuestions(page, talk.path, slot.id);
    await expect(item(openList(section), texts[1]!)).toContainText(m.questionOnAir);
    await expect(item(answeredList(section), texts[2]!)).toBeVisible();
    if (moderation === "pre") await expect(item(openList(section), texts[3]!)).toContainText(m.questionWaiting);
    expect(await axeViolations(page)).toEqual([]);
    await moderate(request, ids[1]!, "unpin");
  });
}

test("Outside its window the section says why, on the server that keeps the edition's own windows", async ({
  page,
}) => {
  const { talk, slot } = questionTalk(0);
  const state = questionWindowState(questionWindowOf(slot, edition.event.questions), new Date());
  const main = `http://127.0.0.1:${String(mainPort)}`;
  const answered = page.waitForResponse((response) => response.url().endsWith(sessionQuestionsUrl(slot.id)));
  await page.goto(main + talk.path);
  await waitForHydration(page);
  await answered;
  const section = page.getByRole("region", { name: m.questionsTitle, exact: true });
  await expect(section.getByRole("combobox", { name: m.questionsSortBy })).toBeVisible();
  if (state === "open") {
    await expect(section.getByRole("textbox", { name: m.questionLabel })).toBeVisible();
  } else {
    await expect(section.getByRole("textbox", { name: m.questionLabel })).toHaveCount(0);
    await expect(section).toContainText(
      state === "upcoming" ? wordsBefore(m.questionsOpenOn({ date: hole, time: "", zone: "" })) : m.questionsClosed,
    );
    await expect(section.getByRole("button", { name: startingWith(m.questionUpvote) })).toHaveCount(0);
  }
});

test("Only talks whose session takes questions have the section", async ({ page }) => {
  const without = edition.talks.find((talk) => !questionTalks.some((chosen) => chosen.talk.id === talk.id));
  const { talk } = questionTalk(0);
  await page.goto(talk.path);
  await expect(page.getByRole("heading", { name: "Questions", exact: true, level: 2 })).toBeVisible();
  if (without) {
    await page.goto(without.path);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: m.questionsTitle, exact: true })).toHaveCount(0);
  }
});
