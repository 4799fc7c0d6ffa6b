import { statSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { edition, onAirSpans } from "../../content";
import { firstNameOf } from "../../app/lib/first-name";
import { editionPhase, nextOnAir, type EditionPhase } from "../../app/lib/on-air";
import { nextDayWords } from "../../app/lib/next-day";
import { agendaDayLink } from "../../common/programme-days";
import { livePath } from "../../app/lib/stage";
import { speakerById } from "../../app/lib/lookups";
import { editionSchedule } from "../../app/lib/edition-schedule";
import { sessionsOf } from "../../app/lib/speaker-schedule";
import { prerenderPaths } from "../../app/lib/page-list";
import { votingPhase } from "../../common/voting-window";
import {
  questionSentMarker,
  questionWindowOf,
  questionWindowState,
  sessionQuestionsUrl,
  takesQuestions,
  type SessionQuestions,
} from "../../common/question-contract";
import { votedMarker } from "../../common/api-contract";
import { voteUrl } from "../../app/lib/demo-api";
import { repositoryRoot } from "../../server/start-command";
import {
  escaped,
  expect,
  expectLogosShown,
  menuButton,
  sponsorSection,
  sweepTimeout,
  test,
  startingWith,
  voteButtonName,
} from "./fixtures";
import { votingOpenURL } from "./servers";
import { cards, dayTabs, days, shown } from "./agenda-edition";
import { overlayPaths } from "../../app/lib/overlay";
import * as m from "../../app/i18n/messages";

/**
 * Without JavaScript no clock runs and `?now=` does nothing: a page shows the phases as of its build (the instant
 * the prerendered HTML was rendered). A build given that instant in SITE_BUILT_AT (npm test's pass before the
 * edition's day, scripts/test/test-editions.ts) is tested with the same variable. Otherwise the home page's file is
 * written during the build, seconds after that instant, so its time stands for it: a phase that changed within
 * those seconds is all this could miss.
 */
const builtAt = process.env.SITE_BUILT_AT
  ? new Date(process.env.SITE_BUILT_AT)
  : statSync(path.join(repositoryRoot, "build/client/index.html")).mtime;
const builtPhase = editionPhase(builtAt, onAirSpans);
const builtVotingPhase = votingPhase(builtAt, {
  opens: new Date(edition.event.voting.opens),
  closes: new Date(edition.event.voting.closes),
});

/** What each phase of the edition shows on the home page: its card's heading, its words and its main action. */
const phaseCards = {
  upcoming: { ...edition.event.upcoming, action: m.actionRegister, href: edition.event.links.register },
  // The site's own stage while a day is on air (decision 043).
  live: { ...edition.event.live, action: m.actionWatchLive, href: livePath },
  over: { ...edition.event.conclusion, action: m.actionWatchRecording, href: edition.event.links.watch },
} as const;

/** The home page's card of a phase: between two days, the one about the day to come after the build's instant. */
function phaseCard(phase: EditionPhase) {
  if (phase !== "between") return phaseCards[phase];
  const next = nextDayWords(nextOnAir(builtAt, onAirSpans)!.start, onAirSpans, edition.event);
  return { ...next, action: m.homeDayProgramme({ day: next.day }), href: agendaDayLink(next.date) };
}

/** The menu's and the footer's way out to the event, by phase: Register also between two days. */
const eventActions = {
  upcoming: { label: m.actionRegister, href: edition.event.links.register },
  live: { label: m.actionWatchLive, href: livePath },
  between: { label: m.actionRegister, href: edition.event.links.register },
  over: { label: m.actionWatchRecording, href: edition.event.links.watch },
};

/** A link named by any of the ways out to the event, followed by whatever more (the new-tab note). */
const anyEventAction = new RegExp(
  `^(${[m.actionRegister, m.actionWatchLive, m.actionWatchRecording].map((label) => escaped(label)).join("|")})`,
);

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

/**
 * A form that works without JavaScript: posted to the API, which answers with the page again (decision 060). The
 * tests below send one of each kind the build offers.
 */
const workingForm = "form[method='post'][action^='/api/']";

/**
 * Controls that would take a click or typing and do nothing: without JavaScript, only links, the menu (a native
 * disclosure), disabled buttons, and the controls of a form the server answers may show.
 */
async function expectNoInertControls(page: Page) {
  const inert = page
    .locator(
      ["button:not([disabled])", "input", "select", "textarea"]
        .map((control) => `${control}:not(${workingForm} *)`)
        .join(", "),
    )
    .filter({ visible: true });
  await expect(inert, `inert controls on ${page.url()}`).toHaveCount(0);
  await expect(page.getByText(m.leaderboardLoading)).toHaveCount(0);
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expectNoInertControls(page);
}

test("Without JavaScript the home page and the agenda read in full, in the event's zone, as of their build", async ({
  page,
}) => {
  const card = phaseCard(builtPhase);
  await open(page, "/", edition.event.name);
  await expect(page.getByText(edition.event.headline, { exact: true })).toBeVisible();
  // The card of the build's phase shows, and only that one.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 }).filter({ visible: true }).first()).toHaveText(card.heading);
  await expect(page.getByText(card.message)).toBeVisible();
  for (const other of Object.values(phaseCards).filter((entry) => entry !== card)) {
    await expect(main.getByRole("heading", { name: other.heading, exact: true })).toHaveCount(0);
  }
  const action = main.getByRole("link", { name: startingWith(card.action) });
  await expect(action).toBeVisible();
  await expect(action).toHaveAttribute("href", card.href);
  const sponsors = sponsorSection(page).getByRole("listitem");
  await expect(sponsors).toHaveCount(edition.sponsors.length);
  await expect(sponsors.last()).toBeVisible();
  await expectLogosShown(page);

  await open(page, "/agenda", m.agendaTitle);
  // The first day's sessions (the whole programme of one stream and one day), each card with its room.
  await expect(cards(page)).toHaveCount(shown.length);
  await expect(cards(page).last()).toBeVisible();
  const roomOf = (id: string | undefined) => edition.rooms.find((room) => room.id === id)?.name ?? "";
  await expect(cards(page)).toContainText(shown.map((slot) => roomOf(slot.room)));
  // Each later day, by its tab: a link to that day's own page.
  for (const [index, day] of days.entries()) {
    if (index === 0) continue;
    await dayTabs(page).nth(index).click();
    await expect(cards(page, day.date)).toHaveCount(day.sessions.length);
  }
  const { timeZoneName, timeZoneLabel } = edition.event;
  await expect(
    page.getByText(m.zoneTimesIn({ zone: m.zoneEventDescription({ name: timeZoneName, label: timeZoneLabel }) }), {
      exact: true,
    }),
  ).toBeVisible();
  // The way to the stream while a day was on air at the build: the site's stage; nothing else says live.
  const watchLive = page.getByRole("main").getByRole("link", { name: startingWith(m.actionWatchLive) });
  await expect(watchLive).toHaveCount(builtPhase === "live" ? 1 : 0);
  if (builtPhase === "live") await expect(watchLive).toHaveAttribute("href", livePath);
  // The thank-you closes the agenda once the day is over, and not before.
  await expect(page.getByText(edition.event.conclusion.message)).toHaveCount(builtPhase === "over" ? 1 : 0);
});

test("Without JavaScript talk, panel and speaker pages show their content, and say which zone times are in", async ({
  page,
}) => {
  for (const talk of [edition.talks[0]!, edition.talks.at(-1)!]) {
    await open(page, talk.path, talk.title);
    await expect(page.getByText(talk.description)).toBeVisible();
    const slot = edition.agenda.find((s) => s.talkId === talk.id)!;
    await expect(page.getByRole("heading", { name: speakerById(slot.speakerIds[0]!)!.name })).toBeVisible();
    const { timeZoneName, timeZoneLabel } = edition.event;
    await expect(page.getByRole("complementary", { name: m.talkWhenWhere })).toContainText(
      m.zoneTimesIn({ zone: m.zoneEventDescription({ name: timeZoneName, label: timeZoneLabel }) }),
    );
    await expect(page.getByRole("link", { name: startingWith(m.actionRegisterNow) })).toBeVisible();
  }

  await open(page, edition.panelPage!.path, edition.panelPage!.title);
  await expect(page.getByText(edition.panelPage!.description)).toBeVisible();

  const speaker = speakerById(edition.agenda.find((s) => s.talkId === edition.talks[0]!.id)!.speakerIds[0]!)!;
  await open(page, `/speakers/${speaker.id}`, speaker.name);
  await expect(page.getByRole("region", { name: m.joinWhen })).toBeVisible();
  await expect(
    page.getByRole("region", { name: m.speakerSessions, exact: true }).getByRole("listitem"),
  ).not.toHaveCount(0);
  await expect(page.getByText(speaker.bio!)).toBeVisible();

  const briefing = edition.briefings[0]!;
  const moderator = speakerById(briefing.speakerId)!;
  await open(page, briefing.path, m.briefingGreeting({ name: firstNameOf(moderator.name) }));
  const sessions = sessionsOf(editionSchedule, briefing.speakerId);
  await expect(
    page.getByRole("heading", {
      name: sessions.length > 1 ? m.briefingYourSessions : m.briefingYourSession,
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: m.briefingImportantLinks })).toBeVisible();
});

test("Without JavaScript the leaderboard shows every demo from the catalogue, with no search box to type into", async ({
  page,
}) => {
  await open(page, "/demo-voting", m.navDemoVoting);
  await expect(page.getByRole("article")).toHaveCount(edition.demos.length);
  await expect(page.getByRole("article").last()).toBeVisible();
  await expect(page.getByRole("searchbox")).toBeHidden();
  // The countdown as of the build: to the opening, to the close, or its closing note.
  const heading = { upcoming: m.votingOpensIn, open: m.votingClosesIn, ended: m.votingEnded }[builtVotingPhase];
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
});

test("Without JavaScript a vote is a form, offered while voting was open at the build, that the server answers with the leaderboard again", async ({
  page,
}) => {
  // The server whose voting is open now: the page is the same build. The catalogue's last demo, which the counting
  // tests of demo-voting-open.spec.ts leave alone.
  await page.goto(`${votingOpenURL}/demo-voting`);
  const forms = page.locator(workingForm);
  if (builtVotingPhase !== "open") {
    await expect(forms).toHaveCount(0);
    return;
  }
  await expect(forms).toHaveCount(edition.demos.length);
  const demo = edition.demos.at(-1)!;
  const card = page.getByRole("article", { name: demo.title });
  await expect(card.locator(workingForm)).toHaveAttribute("action", voteUrl(demo.id));
  await card.getByRole("button", { name: voteButtonName(demo.title) }).click();
  await expect(page).toHaveURL(`${votingOpenURL}/demo-voting#${votedMarker(demo.id)}`);
  await expect(card.getByText(m.demoYouVoted)).toBeVisible();
  await expect(card.getByRole("button", { name: voteButtonName(demo.title) })).toBeHidden();
  // The other demos may still be voted for.
  await expect(page.getByRole("button", { name: startingWith(m.demoVote) })).toHaveCount(edition.demos.length - 1);
});

/** A talk whose session took questions at the build's instant, if any did. */
const talkAskingAtBuild = edition.talks.find((talk) => {
  const slot = edition.agenda.find((entry) => entry.talkId === talk.id);
  const { questions } = edition.event;
  return (
    slot !== undefined &&
    takesQuestions(slot.type, questions) &&
    questionWindowState(questionWindowOf(slot, questions), builtAt) === "open"
  );
});

test("Without JavaScript a talk page built while its questions were open asks with a form the server answers; otherwise it says asking needs JavaScript", async ({
  page,
}) => {
  if (!talkAskingAtBuild) {
    const talk = edition.talks.find((entry) => {
      const slot = edition.agenda.find((each) => each.talkId === entry.id);
      return slot !== undefined && takesQuestions(slot.type, edition.event.questions);
    })!;
    await open(page, talk.path, talk.title);
    await expect(page.getByText(m.questionsNoScript, { exact: true })).toBeVisible();
    await expect(page.locator(workingForm)).toHaveCount(0);
    return;
  }
  // Asked on the server whose questions are open now.
  const talk = talkAskingAtBuild;
  await page.goto(`${votingOpenURL}${talk.path}`);
  await expect(page.getByText(m.questionsNoScriptAskOnly, { exact: true })).toBeVisible();
  const written = "<b>Does this work</b> without JavaScript?";
  await page.getByRole("textbox", { name: m.questionLabel }).fill(written);
  await page.getByRole("textbox", { name: m.questionNameLabel }).fill("Ada");
  await page.getByRole("button", { name: m.questionAsk, exact: true }).click();
  await expect(page).toHaveURL(`${votingOpenURL}${talk.path}#${questionSentMarker}`);
  await expect(page.getByText(m.questionSentNoScript, { exact: true })).toBeVisible();
  // Kept as written, as text: the asker's own listing (their cookie) has it character for character.
  const slot = edition.agenda.find((entry) => entry.talkId === talk.id)!;
  const listing = (await (
    await page.request.get(`${votingOpenURL}${sessionQuestionsUrl(slot.id)}`)
  ).json()) as SessionQuestions;
  expect(listing.questions.filter((question) => question.yours).map((question) => question.text)).toEqual([written]);
});

test("Without JavaScript the narrow-screen menu opens and leads to the agenda", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: m.navMain });
  await expect(nav.getByRole("link", { name: m.navAgenda })).toBeHidden();
  await menuButton(page).click();
  // Its way out to the event as of the build; the other phases' stay hidden.
  const actions = nav.getByRole("link", { name: anyEventAction });
  await expect(actions.filter({ visible: true })).toHaveText([startingWith(eventActions[builtPhase].label)]);
  await expect(actions.filter({ visible: true })).toHaveAttribute("href", eventActions[builtPhase].href);
  await nav.getByRole("link", { name: m.navAgenda }).click();
  await expect(page).toHaveURL("/agenda");
  await expect(nav.getByRole("link", { name: m.navAgenda })).toBeHidden();
});

test("Without JavaScript every page's footer offers the way out to the event of its build's phase, and no other", async ({
  page,
}) => {
  const paths = prerenderPaths(edition);
  // One page visited in turn, as in every-page.spec.ts.
  test.setTimeout(sweepTimeout(paths.length));
  const footer = page.getByRole("navigation", { name: m.footerNav });
  const action = startingWith(eventActions[builtPhase].label);
  const withoutFooter: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // Before the day no page offers recordings that do not exist yet, in its footer or anywhere else.
    if (builtPhase === "upcoming")
      await expect(page.getByText(m.actionWatchRecording).filter({ visible: true }), path).toHaveCount(0);
    if ((await footer.count()) === 0) {
      withoutFooter.push(path);
      continue;
    }
    // Before the day that is Register: no page offers recordings that do not exist yet.
    await expect(footer.getByRole("link", { name: anyEventAction }), path).toHaveText([action]);
  }
  // Only the stream's full-screen screens and overlays go without the site's frame.
  expect(withoutFooter.sort()).toEqual(["/countdown", "/brb", ...Object.values(overlayPaths)].sort());
});

test("Without JavaScript the skip link still moves focus to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: m.skipToContent })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});
