import * as m from "../../app/i18n/messages";
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { edition } from "../../content";
import {
  adminQuestionUrl,
  moderatePath,
  sessionQuestionsUrl,
  takesQuestions,
  type ModerationAction,
  type SessionQuestions,
} from "../../common/question-contract";
import { expect, startingWith, waitForHydration } from "./fixtures";
import { moderatorToken } from "./moderator-token";
import { votingOpenURL } from "./servers";

export { moderatorToken };

/** The edition's moderation: "pre" (a question waits for approval) or "post" (shown at once). */
export const moderation = edition.event.questions.moderation;

/** The talks whose session takes questions, each with its session (agenda slot): from the edition, not by path. */
export const questionTalks = edition.talks.flatMap((talk) => {
  const slot = edition.agenda.find((candidate) => candidate.talkId === talk.id);
  return slot && takesQuestions(slot.type, edition.event.questions) ? [{ talk, slot }] : [];
});

/** A talk of its own for each test where the edition has enough, so that tests asking side by side rarely meet. */
export function questionTalk(index: number) {
  const chosen = questionTalks[index % questionTalks.length];
  if (!chosen) throw new Error(`Edition ${edition.event.name} has no talk whose session takes questions`);
  return chosen;
}

/** A question no other test (nor an earlier run on a reused server) asked: a marker of its own in the text. */
export function uniqueQuestion(words: string) {
  return `${words} [${randomUUID().slice(0, 8)}]`;
}

/** The talk page's Questions section, once the page has hydrated and the API has answered its GET. */
export async function openQuestions(page: Page, path: string, sessionId: string) {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === sessionQuestionsUrl(sessionId) && response.ok(),
  );
  await page.goto(path);
  await waitForHydration(page);
  await answered;
  const section = page.getByRole("region", { name: m.questionsTitle, exact: true });
  await expect(section.getByRole("combobox", { name: m.questionsSortBy })).toBeVisible();
  return section;
}

/** Asks a question through the form, and waits for the server's 201. */
export async function ask(section: Locator, text: string, name?: string) {
  await section.getByRole("textbox", { name: m.questionLabel }).fill(text);
  if (name !== undefined) await section.getByRole("textbox", { name: startingWith(m.questionNameLabel) }).fill(name);
  const page = section.page();
  const created = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/questions$/.test(response.url()),
  );
  await section.getByRole("button", { name: m.questionAsk }).click();
  expect((await created).status()).toBe(201);
  await expect(section.getByRole("textbox", { name: m.questionLabel })).toHaveValue("");
}

/** The open (not answered) questions' list, and the answered one. */
export const openList = (section: Locator) => section.getByRole("list", { name: startingWith(m.questionsOpenList) });
export const answeredList = (section: Locator) => section.getByRole("list", { name: /^Answered/ });
export const item = (scope: Locator, text: string) => scope.getByRole("listitem").filter({ hasText: text });

/** The question's id, as the asker's GET lists it. */
export async function questionId(page: Page, sessionId: string, text: string): Promise<string> {
  const response = await page.request.get(votingOpenURL + sessionQuestionsUrl(sessionId));
  const body = (await response.json()) as SessionQuestions;
  const found = body.questions.find((question) => question.text === text);
  if (!found) throw new Error(`No question "${text}" in ${sessionId}`);
  return found.id;
}

/**
 * A moderator's action through the API (setting the scene; the moderator's page is tested in moderate.spec.ts), on
 * the second server unless the test runs one of its own.
 */
export async function moderate(
  request: APIRequestContext,
  id: string,
  action: ModerationAction,
  reason?: string,
  server = votingOpenURL,
) {
  const response = await request.post(server + adminQuestionUrl(id), {
    headers: { authorization: `Bearer ${moderatorToken}` },
    data: reason === undefined ? { action } : { action, reason },
  });
  expect(response.status(), `${action} ${id}`).toBe(200);
}

/** Signs in on /moderate with the token and waits for the live queue. */
export async function signInToModerate(page: Page) {
  await page.goto(moderatePath);
  await waitForHydration(page);
  await page.getByLabel(m.moderateTokenLabel).fill(moderatorToken);
  await page.getByRole("button", { name: m.moderateSignIn }).click();
  await expect(page.getByText(m.moderateLive, { exact: true })).toBeVisible();
}

/** A question's card on /moderate. */
export const moderatorCard = (page: Page, text: string) =>
  page.getByRole("main").getByRole("listitem").filter({ hasText: text });
