import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import * as m from "../../app/i18n/messages";
import { edition } from "../../content";
import {
  adminShowUrl,
  adminShowViewersUrl,
  announcementOverlayPath,
  mainStage,
  showUrl,
  type ShowAction,
  type ShowState,
  type ShowViewers,
} from "../../common/show-contract";
import { moderatePath } from "../../common/question-contract";
import { stagePath } from "../../app/lib/stage";
import { short } from "../../app/lib/moderator-stream";
import { axeViolations, expect, focusProblem, test, waitForHydration } from "./fixtures";
import { moderatorToken } from "./moderator-token";
import { ownServer } from "./own-server";
import { specPorts } from "./servers";

// The show's control room on /moderate, the announcement's banner and its overlay (issue 44), against a server of
// this file's own (an announcement shows on every page of a server, and the other specs share theirs), whose
// moderator's token the tests hold. The tests put the show back as it was after each; what each announces carries
// a marker of its own.
const server = ownServer(specPorts.showControlled);
test.use({ baseURL: server });

/** The edition's stages as the show names them: each room's, or the one stream's, each with its sessions in time order. */
const stages = (edition.rooms.length > 0 ? edition.rooms.map((room) => room.id) : [mainStage]).map((id) => ({
  id,
  room: id === mainStage ? undefined : id,
  name: edition.rooms.find((room) => room.id === id)?.name ?? m.showTheStream,
  sessions: edition.agenda
    .filter((slot) => (slot.room ?? mainStage) === id)
    .toSorted((a, b) => Date.parse(a.start) - Date.parse(b.start)),
}));
// The last such: where there are several stages, the control room opens on the first, and the tests pick this one.
const stage = stages.findLast((candidate) => candidate.sessions.length >= 2) ?? stages[0]!;

const bearer = { authorization: `Bearer ${moderatorToken}` };

async function act(request: APIRequestContext, action: ShowAction): Promise<ShowState> {
  const response = await request.post(server + adminShowUrl, { headers: bearer, data: action });
  expect(response.status(), JSON.stringify(action)).toBe(200);
  return (await response.json()) as ShowState;
}

async function shown(request: APIRequestContext): Promise<ShowState> {
  const response = await request.get(server + showUrl);
  expect(response.status()).toBe(200);
  return (await response.json()) as ShowState;
}

// The show as nobody has touched it, for the next test.
test.afterEach(async ({ request }) => {
  await act(request, { action: "clear-announcement" });
  for (const { id, sessions } of stages) {
    const first = sessions[0];
    if (first) await act(request, { action: "delay", stage: id, minutes: 0, from: first.id });
    await act(request, { action: "on-stage", stage: id, session: null });
    await act(request, { action: "stream", stage: id, source: "main" });
  }
});

const marked = (words: string) => `${words} [${randomUUID().slice(0, 8)}]`;

/** /moderate signed in, its Show part open on the stage under test. */
async function openShowPart(page: Page): Promise<Locator> {
  await page.goto(moderatePath);
  await waitForHydration(page);
  await page.getByLabel(m.moderateTokenLabel).fill(moderatorToken);
  await page.getByRole("button", { name: m.moderateSignIn }).click();
  await page.getByRole("tab", { name: m.moderatePartShow }).click();
  const part = page.getByRole("tabpanel", { name: m.moderatePartShow });
  await expect(part.getByRole("heading", { name: m.showStages })).toBeVisible();
  if (stages.length > 1) await part.getByLabel(m.showStagePick).selectOption(stage.id);
  return part;
}

const stageCard = (part: Locator, name: string) =>
  part
    .getByRole("region", { name, exact: true })
    .filter({ has: part.page().getByRole("group", { name: m.showStream }) });
/** A stage's state in words, under its name. */
const summary = (card: Locator) => card.locator("p").first();
const announcementCard = (part: Locator) => part.getByRole("region", { name: m.showAnnouncement, exact: true });

/** The banner's dismiss button, the one that can be seen (the banner keeps an invisible copy as room below the page). */
const banner = (page: Page) =>
  page.locator("[aria-live]").filter({ has: page.getByRole("button", { name: m.announcementDismiss }) });

async function announceFrom(part: Locator, text: string, level: "info" | "urgent" = "info") {
  const card = announcementCard(part);
  await card.getByLabel(m.showAnnouncementText).fill(text);
  await card.getByRole("radio", { name: level === "urgent" ? m.showLevelUrgent : m.showLevelInfo }).check();
  await card.getByRole("button", { name: m.showAnnounce, exact: true }).click();
  await expect(card.getByText(m.showDoneAnnounced({ text: short(text) }))).toBeVisible();
}

/** A page of the site, once its banner has read the show. */
async function openPage(page: Page, path: string) {
  const read = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(showUrl));
  await page.goto(path);
  await waitForHydration(page);
  await read;
}

test("An announcement made on /moderate reaches two open pages as text, is dismissed for good, and leaves when cleared", async ({
  page,
  browser,
}) => {
  const home = await browser.newPage({ baseURL: server });
  const onStage = await browser.newPage({ baseURL: server });
  await openPage(home, "/");
  await openPage(onStage, stagePath(stage.room));
  const part = await openShowPart(page);

  // Markup in the words is shown as the words.
  const text = marked(`Doors <b>open</b> at the <img src=x alt=hall> & the "lobby"`);
  await announceFrom(part, text);
  for (const open of [home, onStage]) {
    await expect(banner(open)).toContainText(text);
    await expect(banner(open).locator("b, img")).toHaveCount(0);
    // Said politely: an information is not urgent.
    await expect(banner(open)).toHaveAttribute("aria-live", "polite");
  }

  await banner(onStage).getByRole("button", { name: m.announcementDismiss }).click();
  await expect(banner(onStage)).toHaveCount(0);
  await openPage(onStage, stagePath(stage.room));
  await expect(onStage.getByText(text)).toHaveCount(0);
  await expect(banner(home)).toContainText(text);

  // A new announcement is another: the page that dismissed the last one shows it, urgently.
  const urgent = marked("The stream moves to the backup");
  await announceFrom(part, urgent, "urgent");
  for (const open of [home, onStage]) {
    await expect(banner(open)).toContainText(urgent);
    await expect(banner(open)).toHaveAttribute("aria-live", "assertive");
  }

  await announcementCard(part).getByRole("button", { name: m.showClearAnnouncement }).click();
  await expect(announcementCard(part).getByText(m.showDoneCleared)).toBeVisible();
  for (const open of [home, onStage]) await expect(banner(open)).toHaveCount(0);
  expect((await shown(page.request)).announcement).toBeNull();

  // Undone, it is back (made again for what it had left).
  await announcementCard(part).getByRole("button", { name: m.showUndo }).click();
  for (const open of [home, onStage]) await expect(banner(open)).toContainText(urgent);
  await home.close();
  await onStage.close();
});

test("The announcement's overlay shows it as text, without a banner, and clears", async ({ page, request }) => {
  await openPage(page, `${announcementOverlayPath}?motion=off`);
  const text = marked("Back at <em>three</em>");
  await act(request, { action: "announce", text, level: "urgent" });
  const frame = page.getByRole("main");
  await expect(frame.getByText(text, { exact: true })).toBeVisible();
  await expect(frame.locator("em")).toHaveCount(0);
  await expect(page.getByRole("button", { name: m.announcementDismiss })).toHaveCount(0);
  await act(request, { action: "clear-announcement" });
  await expect(frame.getByText(text, { exact: true })).toHaveCount(0);
});

test("A delay, the stream and the session on stage from the control room change the show, and Undo puts each back", async ({
  page,
}) => {
  const part = await openShowPart(page);
  const card = stageCard(part, stage.name);
  const from = stage.sessions[1] ?? stage.sessions[0]!;

  await card.getByLabel(m.showDelayFrom).selectOption(from.id);
  await card.getByLabel(m.showDelayMinutes).fill("10");
  await card.getByRole("button", { name: m.showSetDelay }).click();
  await expect(
    card.getByText(m.showDoneLate({ stage: stage.name, minutes: 10, session: from.title }), { exact: true }),
  ).toBeVisible();
  expect((await shown(page.request)).stages[stage.id]).toMatchObject({ delayMinutes: 10, delayFrom: from.id });
  await card.getByRole("button", { name: m.showDelayAdd({ minutes: 5 }) }).click();
  await expect(summary(card)).toContainText(m.showLate({ minutes: 15, session: from.title }));
  expect((await shown(page.request)).stages[stage.id]).toMatchObject({ delayMinutes: 15, delayFrom: from.id });
  await card.getByRole("button", { name: m.showUndo }).click();
  await expect(summary(card)).toContainText(m.showLate({ minutes: 10, session: from.title }));
  expect((await shown(page.request)).stages[stage.id]).toMatchObject({ delayMinutes: 10, delayFrom: from.id });
  await card.getByRole("button", { name: m.showBackOnTime }).click();
  await expect(card.getByText(m.showDoneOnTime({ stage: stage.name }))).toBeVisible();
  expect((await shown(page.request)).stages[stage.id]).toMatchObject({ delayMinutes: 0, delayFrom: null });

  await card.getByRole("button", { name: m.showSourceSlate }).click();
  await expect(card.getByRole("button", { name: m.showSourceSlate })).toHaveAttribute("aria-pressed", "true");
  expect((await shown(page.request)).stages[stage.id]?.stream).toBe("slate");
  await card.getByRole("button", { name: m.showUndo }).click();
  await expect(card.getByRole("button", { name: m.showSourceMain })).toHaveAttribute("aria-pressed", "true");
  expect((await shown(page.request)).stages[stage.id]?.stream).toBe("main");

  await card.getByLabel(m.showOnStageSession).selectOption(from.id);
  await card.getByRole("button", { name: m.showPutOnStage }).click();
  await expect(summary(card)).toContainText(m.showOnStageByHand({ session: from.title }));
  expect((await shown(page.request)).stages[stage.id]?.onStage).toBe(from.id);
  await card.getByRole("button", { name: m.showUndo }).click();
  await expect(summary(card)).toContainText(m.showOnStageByClock);
  expect((await shown(page.request)).stages[stage.id]?.onStage).toBeNull();
});

test("An Undo does not overwrite what another screen changed since, and says so", async ({ page, request }) => {
  const part = await openShowPart(page);
  const card = stageCard(part, stage.name);
  const from = stage.sessions[0]!;
  await card.getByLabel(m.showDelayFrom).selectOption(from.id);
  await card.getByRole("button", { name: m.showDelayAdd({ minutes: 10 }) }).click();
  await expect(summary(card)).toContainText(m.showLate({ minutes: 10, session: from.title }));
  // Another moderator makes it 20; the control room follows the show's stream.
  await act(request, { action: "delay", stage: stage.id, minutes: 20, from: from.id });
  await expect(summary(card)).toContainText(m.showLate({ minutes: 20, session: from.title }));
  await card.getByRole("button", { name: m.showUndo }).click();
  await expect(card.getByText(m.showUndoStale, { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: m.showUndo })).toHaveCount(0);
  expect((await shown(request)).stages[stage.id]).toMatchObject({ delayMinutes: 20, delayFrom: from.id });
});

test("Among several stages the control room runs the one picked, lists those not as printed, and reads its viewers", async ({
  page,
  request,
}) => {
  test.skip(stages.length < 2, "an edition of one stream has no stage to pick");
  // Another stage than the one under test, which the control room would open on.
  const first = stages.find((candidate) => candidate.id !== stage.id)!;
  const part = await openShowPart(page);
  const picker = part.getByLabel(m.showStagePick);
  await expect(picker.getByRole("option")).toHaveText(stages.map((candidate) => candidate.name));
  const changed = part.getByRole("list", { name: m.showStagesChanged });
  await expect(part.getByText(m.showStagesAsPrinted)).toBeVisible();

  // One stage's controls and viewers at a time: the picked one's.
  await expect(stageCard(part, stage.name)).toBeVisible();
  await expect(stageCard(part, first.name)).toHaveCount(0);
  const viewers = part.getByRole("region", { name: m.showViewers, exact: true });
  await expect(viewers.getByRole("heading", { name: stage.name, exact: true })).toBeVisible();

  // A stage changed elsewhere (another moderator, the API) is listed; its button picks it.
  await act(request, { action: "stream", stage: first.id, source: "slate" });
  const listed = changed.getByRole("button", { name: first.name });
  await expect(listed).toContainText(m.showStreamNotMain({ source: "slate" }));
  await expect(listed).toHaveAttribute("aria-pressed", "false");
  await listed.click();
  await expect(picker).toHaveValue(first.id);
  await expect(listed).toHaveAttribute("aria-pressed", "true");
  const card = stageCard(part, first.name);
  await expect(card.getByRole("button", { name: m.showSourceSlate })).toHaveAttribute("aria-pressed", "true");
  await expect(viewers.getByRole("heading", { name: first.name, exact: true })).toBeVisible();

  // The tab keeps to its stage over a reload, as it keeps the moderator signed in.
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("tab", { name: m.moderatePartShow }).click();
  await expect(picker).toHaveValue(first.id);

  // Put back from its card, it leaves the list.
  await card.getByRole("button", { name: m.showSourceMain }).click();
  await expect(part.getByText(m.showStagesAsPrinted)).toBeVisible();
  expect((await shown(request)).stages[first.id]?.stream).toBe("main");
});

/** Presses Tab until `target` has the focus, checking at each stop that the focus shows. */
async function tabUntil(page: Page, target: Locator) {
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press("Tab");
    expect(await focusProblem(page), `focus after ${String(presses + 1)} presses`).toBeNull();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test("The show's part works by keyboard alone", async ({ page }) => {
  await page.goto(moderatePath);
  await waitForHydration(page);
  await tabUntil(page, page.getByLabel(m.moderateTokenLabel));
  await page.keyboard.type(moderatorToken);
  await page.keyboard.press("Enter");
  // Signed in, the focus is on the page's tabs, the questions' open.
  await expect(page.getByRole("tab", { name: m.moderatePartQuestions })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: m.moderatePartShow })).toBeFocused();
  await expect(page.getByRole("tab", { name: m.moderatePartShow })).toHaveAttribute("aria-selected", "true");
  const part = page.getByRole("tabpanel", { name: m.moderatePartShow });
  // The part's code and the programme come once it is opened.
  await expect(part.getByRole("heading", { name: m.showStages })).toBeVisible();
  if (stages.length > 1) {
    // The stage under test is picked with the arrow keys, as a closed list takes them.
    const picker = part.getByLabel(m.showStagePick);
    await tabUntil(page, picker);
    for (let presses = 0; presses < stages.length && (await picker.inputValue()) !== stage.id; presses++) {
      await page.keyboard.press("ArrowDown");
    }
    await expect(picker).toHaveValue(stage.id);
  }
  const card = stageCard(part, stage.name);
  await expect(card).toBeVisible();

  await tabUntil(page, card.getByRole("button", { name: m.showDelayAdd({ minutes: 10 }) }));
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: m.showUndo })).toBeVisible();
  expect((await shown(page.request)).stages[stage.id]?.delayMinutes).toBe(10);
  await tabUntil(page, card.getByRole("button", { name: m.showUndo }));
  await page.keyboard.press("Enter");
  await expect(summary(card)).toContainText(m.showOnTime);

  const text = marked("Typed without a mouse");
  await tabUntil(page, announcementCard(part).getByLabel(m.showAnnouncementText));
  await page.keyboard.type(text);
  await tabUntil(page, announcementCard(part).getByRole("button", { name: m.showAnnounce, exact: true }));
  await page.keyboard.press("Enter");
  await expect(banner(page)).toContainText(text);
  expect((await shown(page.request)).announcement?.text).toBe(text);
  await tabUntil(page, announcementCard(part).getByRole("button", { name: m.showUndo }));
  await page.keyboard.press("Enter");
  await expect(banner(page)).toHaveCount(0);
  expect((await shown(page.request)).announcement).toBeNull();
});

for (const width of [390, 1440]) {
  test.describe(`At ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("axe finds nothing on the show's part, nor on a page with each kind of banner", async ({ page, request }) => {
      const part = await openShowPart(page);
      await expect(
        part.getByRole("region", { name: m.showViewers, exact: true }).getByRole("heading", { name: stage.name }),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);

      for (const level of ["info", "urgent"] as const) {
        const text = marked(`An announcement, ${level}`);
        await act(request, { action: "announce", text, level, link: "https://example.org/programme" });
        await openPage(page, "/agenda");
        await expect(banner(page)).toContainText(text);
        await expect(banner(page).getByRole("link", { name: m.announcementLink })).toHaveAttribute(
          "href",
          "https://example.org/programme",
        );
        expect(await axeViolations(page)).toEqual([]);
      }
    });
  });
}

test("The viewers' count follows three open stage pages", async ({ page, browser, request }) => {
  const count = async () => {
    const response = await request.get(server + adminShowViewersUrl, { headers: bearer });
    return ((await response.json()) as ShowViewers).stages[stage.id]?.now ?? 0;
  };
  const before = await count();
  const part = await openShowPart(page);
  const viewers = part
    .getByRole("region", { name: m.showViewers, exact: true })
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: stage.name, exact: true }) });
  const shownCount = async () => {
    // The count is the card's first paragraph, under its heading.
    const words = await viewers.locator("p").first().textContent();
    return Number(/\d+/.exec(words ?? "")?.[0] ?? Number.NaN);
  };
  await expect(viewers).toBeVisible();

  const open = await Promise.all([1, 2, 3].map(() => browser.newPage({ baseURL: server })));
  for (const viewer of open) await openPage(viewer, stagePath(stage.room));
  // This file's earlier pages may not all have closed their streams yet: at least ours are counted, read every few
  // seconds.
  await expect.poll(shownCount, { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 3);
  await expect(viewers.locator("figcaption")).not.toHaveText(m.showViewersNone);
  for (const viewer of open) await viewer.close();
  await expect.poll(shownCount, { timeout: 30_000 }).toBeLessThanOrEqual(before);
});
