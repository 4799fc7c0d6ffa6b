import type { APIRequestContext, Page } from "@playwright/test";
import { edition, onAirSpans } from "../../content";
import { adminShowUrl, mainStage, stageOfSession, type ShowAction } from "../../common/show-contract";
import { agendaDayLink } from "../../common/programme-days";
import { mySchedulePath } from "../../common/my-schedule";
import { trackPath } from "../../common/site-paths";
import { favouritesStorageKey } from "../../app/lib/favourites";
import { zonedDate } from "../../common/time";
import { overlayPaths } from "../../app/lib/overlay";
import { backupStreamOf, playerUrl, stagePath, streamOf } from "../../app/lib/stage";
import type { Stream } from "../../content";
import * as m from "../../app/i18n/messages";
import { expect, test, waitForHydration } from "./fixtures";
import { at } from "./moments";
import { moderate, moderation, moderatorToken, questionTalks, uniqueQuestion } from "./questions-support";
import { ownServer } from "./own-server";
import { specPorts } from "./servers";
import { asVisitor } from "./visitors";
import { sessionQuestionsUrl, type AskedQuestion } from "../../common/question-contract";

// Everything that follows the programme follows the show (issue 44): the stage, the lower third, the question
// overlay, the agenda, the talk pages and the home page, on open pages without a reload. Against a server of this
// file's own (the show moves what every page of a server shows), whose moderator's token the tests hold; moments by
// `?now=`, sessions and words from the edition under test. Each test leaves its stage as it was.
const server = ownServer(specPorts.showFollowed);
test.use({ baseURL: server });

const minute = 60_000;
const late = m.liveLate({ minutes: 10 });
const after = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * minute).toISOString();

/** One action of the show, as a moderator sends it. */
async function show(request: APIRequestContext, action: ShowAction) {
  const response = await request.post(server + adminShowUrl, {
    headers: { authorization: `Bearer ${moderatorToken}` },
    data: action,
  });
  expect(response.status(), JSON.stringify(action)).toBe(200);
}

/** A stage as nobody touched it: on time, the clock's session, its own stream. */
async function reset(request: APIRequestContext, stage: string, from: string) {
  await show(request, { action: "delay", stage, minutes: 0, from });
  await show(request, { action: "on-stage", stage, session: null });
  await show(request, { action: "stream", stage, source: "main" });
}

// Two talks back to back on one stage, neither a break: the delay is from the first.
const pairs = edition.agenda.flatMap((session) => {
  const next = edition.agenda.find(
    (other) => other.room === session.room && other.start === session.end && other.type !== "Break",
  );
  return session.type !== "Break" && session.talkId !== undefined && next ? [{ session, next }] : [];
});
const { session: late1, next: next1 } = pairs[0] ?? {};
if (!late1 || !next1) throw new Error(`${edition.event.name} has no two talks back to back`);
const stage = stageOfSession(late1);
const talkPath = edition.talks.find((talk) => talk.id === late1.talkId)?.path ?? "";
/** Two minutes after the talk's printed end: the next session is on by the printed programme. */
const pastItsEnd = after(late1.end, 2);
/** The sessions the delay moves: the talk and every later one of its stage that day. */
const day = onAirSpans.find(
  (span) => Date.parse(span.start) <= Date.parse(late1.start) && Date.parse(late1.start) < Date.parse(span.end),
)!;
const moved = edition.agenda.filter(
  (session) =>
    stageOfSession(session) === stage &&
    Date.parse(session.start) >= Date.parse(late1.start) &&
    Date.parse(session.start) < Date.parse(day.end),
);

const onThisStage = (page: Page) => page.getByRole("complementary", { name: m.liveOnThisStage });
const graphic = (page: Page) => page.locator("[data-graphic]");

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** The session that ends the edition's last day, and its stage: a delay from it keeps that day on air. */
const lastDay = onAirSpans.at(-1)!;
const ender = edition.agenda.findLast((session) => Date.parse(session.end) === Date.parse(lastDay.end))!;

/** A stage with a backup stream (stage.json's `backup`): the edition's one stream's, or its first room's that has one. */
const backupRoom = edition.rooms.length > 0 ? Object.keys(edition.stage.backup?.rooms ?? {})[0] : undefined;
const backupSession = edition.agenda.find((session) => session.room === backupRoom)!;

test.afterEach(async ({ request }) => {
  await reset(request, stage, late1.id);
  await reset(request, stageOfSession(ender), ender.id);
  await reset(request, stageOfSession(backupSession), backupSession.id);
});

test("A delay from the talk on stage keeps it on the stage and in the lower third past its printed end, and undoing it brings the next session back, without a reload", async ({
  page,
  context,
  request,
}) => {
  await reset(request, stage, late1.id);
  await open(page, at(stagePath(late1.room), pastItsEnd));
  const lowerThird = await context.newPage();
  await open(lowerThird, at(`${overlayPaths.lowerThird}${late1.room ? `?room=${late1.room}` : ""}`, pastItsEnd));
  // By the printed programme, the next session is on.
  await expect(onThisStage(page)).toContainText(next1.title);
  await expect(onThisStage(page)).not.toContainText(late1.title);
  await expect(graphic(lowerThird)).toContainText(next1.title);

  await show(request, { action: "delay", stage, minutes: 10, from: late1.id });
  await expect(onThisStage(page)).toContainText(late1.title);
  await expect(onThisStage(page).getByText(late, { exact: true }).first()).toBeVisible();
  await expect(graphic(lowerThird)).toContainText(late1.title);

  await show(request, { action: "delay", stage, minutes: 0, from: late1.id });
  await expect(onThisStage(page)).not.toContainText(late1.title);
  await expect(onThisStage(page)).toContainText(next1.title);
  await expect(onThisStage(page).getByText(late, { exact: true })).toHaveCount(0);
  await expect(graphic(lowerThird)).toContainText(next1.title);
});

test("A new load follows the show: the delayed talk on the stage, and a session put on stage by hand there and in the lower third", async ({
  page,
  request,
}) => {
  await show(request, { action: "delay", stage, minutes: 10, from: late1.id });
  await open(page, at(stagePath(late1.room), pastItsEnd));
  await expect(onThisStage(page)).toContainText(late1.title);

  // Any session of the stage on stage by hand, whatever the clock: the first of the day, long before its time.
  const first = edition.agenda.find((session) => stageOfSession(session) === stage && session.type !== "Break")!;
  await show(request, { action: "on-stage", stage, session: first.id });
  await expect(onThisStage(page)).toContainText(first.title);
  await open(page, at(`${overlayPaths.lowerThird}${first.room ? `?room=${first.room}` : ""}`, pastItsEnd));
  await expect(graphic(page)).toContainText(first.title);
  await show(request, { action: "on-stage", stage, session: null });
  await expect(graphic(page)).toContainText(late1.title);
});

test("The stage follows a switch to the slate and back, without a reload", async ({ page, request }) => {
  await open(page, at(stagePath(late1.room), pastItsEnd));
  const slate = page.getByText(m.brbTitle, { exact: true });
  await expect(slate).toHaveCount(0);
  await show(request, { action: "stream", stage, source: "slate" });
  // In view: drawn in the player's box, not clipped away by it.
  await expect(slate).toBeInViewport();
  await expect(page.getByText(m.brbLead, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: m.stagePlay })).toHaveCount(0);
  await show(request, { action: "stream", stage, source: "main" });
  await expect(slate).toHaveCount(0);
  await expect(page.getByRole("button", { name: m.stagePlay })).toBeVisible();
});

test("The stage follows a switch to its backup stream and back, playing on", async ({ page, request }) => {
  const own = streamOf(edition.stage, backupRoom);
  const backup = backupStreamOf(edition.stage, backupRoom);
  if (!own || !backup) throw new Error(`${edition.event.name} names no backup stream for a stage that has a stream`);
  const backupStage = backupRoom ?? mainStage;
  /** The player plays a stream: the platform's player in its frame, or the HLS playlist asked for. */
  const playing = (stream: Stream) =>
    stream.provider === "hls"
      ? page.waitForRequest((request) => request.url() === stream.url)
      : expect(page.locator("iframe")).toHaveAttribute("src", playerUrl(stream));
  await open(page, at(stagePath(backupRoom), after(backupSession.start, 1)));
  const started = playing(own);
  await page.getByRole("button", { name: m.stagePlay }).click();
  await started;

  const switched = playing(backup);
  await show(request, { action: "stream", stage: backupStage, source: "backup" });
  await switched;
  const back = playing(own);
  await show(request, { action: "stream", stage: backupStage, source: "main" });
  await back;
});

test("The agenda and the talk page mark the sessions the show moved, and no longer once it is undone", async ({
  page,
  context,
  request,
}) => {
  const date = zonedDate(new Date(late1.start), edition.event.timeZone);
  const byDay = edition.rooms.length > 0 || onAirSpans.length > 1;
  await open(page, at(byDay ? agendaDayLink(date) : "/agenda", pastItsEnd));
  const talk = await context.newPage();
  await open(talk, at(talkPath, pastItsEnd));
  const marks = page.getByText(late, { exact: true }).filter({ visible: true });
  await expect(marks).toHaveCount(0);

  await show(request, { action: "delay", stage, minutes: 10, from: late1.id });
  // One mark for each session moved, beside the talk's own time among them; none for any other.
  await expect(marks).toHaveCount(moved.length);
  await expect(
    page.locator("tr, td").filter({ hasText: late1.title }).filter({ hasText: late }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(
    talk.getByRole("complementary", { name: m.talkWhenWhere }).getByText(late, { exact: true }),
  ).toBeVisible();

  await show(request, { action: "delay", stage, minutes: -5, from: late1.id });
  await expect(page.getByText(m.liveEarly({ minutes: 5 }), { exact: true }).filter({ visible: true })).toHaveCount(
    moved.length,
  );

  await show(request, { action: "delay", stage, minutes: 0, from: late1.id });
  await expect(page.getByText(m.liveEarly({ minutes: 5 }), { exact: true })).toHaveCount(0);
  await expect(talk.getByText(m.liveEarly({ minutes: 5 }), { exact: true })).toHaveCount(0);
});

test("On the agenda of a day at a time, Go to now goes to the session running late, not the one printed next", async ({
  page,
  request,
}) => {
  test.skip(edition.rooms.length === 0 && onAirSpans.length === 1, "an agenda of one stream and one day has no Now");
  await page.setViewportSize({ width: 390, height: 844 });
  // The talk's room alone, so that the list's first session not yet over is the talk's or the next one's.
  const room = late1.room === undefined ? "" : `&room=${encodeURIComponent(late1.room)}`;
  const date = zonedDate(new Date(late1.start), edition.event.timeZone);
  await open(page, at(`${agendaDayLink(date)}${room}`, pastItsEnd));
  const now = page.getByRole("button", { name: m.agendaNow });
  await now.click();
  await expect(page.locator(":focus")).toHaveText(next1.title);

  await show(request, { action: "delay", stage, minutes: 10, from: late1.id });
  await expect(page.getByText(late, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await now.click();
  await expect(page.locator(":focus")).toHaveText(late1.title);
  await show(request, { action: "delay", stage, minutes: 0, from: late1.id });
});

test("A visitor's own schedule and the moved session's track page mark it too", async ({ page, context, request }) => {
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key!, value!);
    },
    [favouritesStorageKey, late1.id],
  );
  await open(page, at(mySchedulePath, pastItsEnd));
  const chosen = page.getByRole("listitem").filter({ hasText: late1.title });
  await expect(chosen).toBeVisible();
  const track = edition.tracks.find((candidate) => candidate.name === late1.track);
  const trackPage = track ? await context.newPage() : undefined;
  if (trackPage && track) await open(trackPage, at(trackPath(track.slug), pastItsEnd));
  const onTrack = trackPage?.getByRole("listitem").filter({ hasText: late1.title });

  await show(request, { action: "delay", stage, minutes: 10, from: late1.id });
  await expect(chosen.getByText(late, { exact: true })).toBeVisible();
  if (onTrack) await expect(onTrack.getByText(late, { exact: true })).toBeVisible();

  await show(request, { action: "delay", stage, minutes: 0, from: late1.id });
  await expect(chosen.getByText(late, { exact: true })).toHaveCount(0);
  if (onTrack) await expect(onTrack.getByText(late, { exact: true })).toHaveCount(0);
});

test("A question pinned during a talk stays on the question overlay and on the stage after the talk's printed end, until it is unpinned", async ({
  page,
  context,
  request,
}) => {
  const { slot } = questionTalks[0]!;
  const text = uniqueQuestion("Does the answer run past the end of the talk?");
  await asVisitor(request, server);
  const asked = await request.post(server + sessionQuestionsUrl(slot.id), {
    headers: { origin: server },
    data: { text },
  });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as AskedQuestion;
  if (moderation === "pre") await moderate(request, id, "approve", undefined, server);

  const overlayAt = (instant: string) =>
    at(`${overlayPaths.question}${slot.room ? `?room=${slot.room}` : ""}`, instant);
  await open(page, overlayAt(after(slot.start, 1)));
  await moderate(request, id, "pin", undefined, server);
  await expect(graphic(page)).toContainText(text);

  // Past the talk's printed end, on a new load: the overlay and the stage still show it.
  const afterEnd = await context.newPage();
  await open(afterEnd, overlayAt(after(slot.end, 3)));
  await expect(graphic(afterEnd)).toContainText(text);
  const stagePage = await context.newPage();
  await open(stagePage, at(stagePath(slot.room), after(slot.end, 3)));
  await expect(stagePage.getByRole("region", { name: m.questionsTitle, exact: true })).toContainText(text);

  await moderate(request, id, "unpin", undefined, server);
  await expect(graphic(page)).toHaveCount(0);
  await expect(graphic(afterEnd)).toHaveCount(0);
});

test("The home page's live card and live strip stay while the edition's last session runs late", async ({
  page,
  request,
}) => {
  const enderStage = stageOfSession(ender);
  // Two minutes past the edition's printed end: it is over, by the printed programme.
  await page.goto(at("/", after(ender.end, 2)));
  await waitForHydration(page);
  const liveCard = page.getByRole("heading", { name: edition.event.live.heading });
  const strip = page.locator("[data-live-strip]");
  await expect(liveCard).toBeHidden();
  await expect(page.getByRole("heading", { name: edition.event.conclusion.heading })).toBeVisible();
  await show(request, { action: "delay", stage: enderStage, minutes: 10, from: ender.id });
  await expect(liveCard).toBeVisible();
  await expect(strip).toContainText(ender.title);
  await show(request, { action: "delay", stage: enderStage, minutes: 0, from: ender.id });
  await expect(liveCard).toBeHidden();
  await expect(strip).toHaveCount(0);
});
