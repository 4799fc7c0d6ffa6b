import { edition, type Speaker } from "../../content";
import { sessionGuid } from "../../interop/guids";
import { timelineOf } from "../../app/lib/briefing";
import { zoneStorageKey } from "../../app/lib/display-zone";
import { firstNameOf } from "../../app/lib/first-name";
import { shareIntentText } from "../../app/lib/share-intent";
import { editionSchedule } from "../../app/lib/edition-schedule";
import {
  joinTimeOf,
  participantsText,
  roleOf,
  sessionsOf,
  speakersWithSessions,
  type SpeakerSession,
} from "../../app/lib/speaker-schedule";
import { zoneOffsetMinutes } from "../../common/time";
import { formatTimeRange, zoneAbbreviation } from "../../app/lib/time-in-edition-language";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";
import * as m from "../../app/i18n/messages";
import { sessionTypeWords } from "../../app/lib/session-type-words";

/**
 * Speaker pages of the edition under test, expected values taken from its speakers and schedule. The reference
 * edition's own names, times and posts are checked against the spec in speakers.reference.spec.ts.
 */
const { event } = edition;
const eventZone = { timeZone: event.timeZone, label: event.timeZoneLabel };
const withSessions = speakersWithSessions(editionSchedule);

/** The edition's agenda slots a speaker is on stage in, hosting or speaking, in time order. */
const slotsOf = (speakerId: string) =>
  edition.agenda
    .filter((slot) => slot.hostId === speakerId || slot.speakerIds.includes(speakerId))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

/** A panellist (on a panel someone else moderates), whose page has the most to show; else anyone with a session. */
const featured: Speaker =
  withSessions.find((speaker) =>
    slotsOf(speaker.id).some((slot) => slot.type === "Panel" && slot.hostId && slot.hostId !== speaker.id),
  ) ??
  withSessions[0] ??
  (() => {
    throw new Error("The edition has nobody with a session");
  })();

function scheduleOf(speakerId: string): { sessions: SpeakerSession[]; joinTime: string } {
  const sessions = sessionsOf(editionSchedule, speakerId);
  const joinTime = joinTimeOf(editionSchedule, speakerId, sessions);
  if (!joinTime) throw new Error(`${speakerId} has no session`);
  return { sessions, joinTime };
}

/** The words that open a session's line of the others on stage ("With "), without their names. */
const withWords = m.joinWithParticipants({ names: "" });

/** A zone whose clock differs from the event's on the day, so that following the visitor's zone shows. */
const visitorZone =
  ["Asia/Tokyo", "America/Los_Angeles", "Pacific/Auckland"].find(
    (zone) =>
      zoneOffsetMinutes(new Date(edition.agenda[0]!.start), zone) !==
      zoneOffsetMinutes(new Date(edition.agenda[0]!.start), event.timeZone),
  ) ?? "Asia/Tokyo";

test("A speaker page shows who they are, their sessions, when to join, their links and the way home", async ({
  page,
  request,
}) => {
  const { sessions, joinTime } = scheduleOf(featured.id);
  await page.goto(`/speakers/${featured.id}`);
  await waitForHydration(page);
  await expect(page).toHaveTitle(`${featured.name} | ${event.name}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${event.siteUrl}/og/speakers/${featured.id}.png`,
  );
  expect((await request.get(`/og/speakers/${featured.id}.png`)).status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(featured.name);
  await expect(page.getByText(featured.title!, { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: m.portraitOf({ name: featured.name }) })).toBeVisible();
  await expect(page.locator(`header span:text-is("${roleOf(editionSchedule, featured.id)}")`)).toBeVisible();

  const items = page.getByRole("region", { name: m.speakerSessions, exact: true }).getByRole("listitem");
  await expect(items).toHaveCount(sessions.length);
  for (const [index, session] of sessions.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(
      `${formatTimeRange(session.start, session.end, event.timeZone)} ${event.timeZoneLabel}`,
    );
    await expect(item.getByRole("heading", { level: 3 })).toHaveText(session.title);
    await expect(item.locator(`span:text-is("${sessionTypeWords(session.type)}")`)).toBeVisible();
    const others = participantsText(session);
    if (others) await expect(item).toContainText(m.joinWithParticipants({ names: others }));
    else await expect(item).not.toContainText(withWords);
  }

  const join = page.getByRole("region", { name: m.joinWhen });
  const [first] = timelineOf(sessions, joinTime, eventZone, event.date);
  await expect(join.getByText(`${first?.time ?? ""} ${first?.what ?? ""}`, { exact: true })).toBeVisible();
  await expect(join.getByRole("link", { name: m.joinStream })).toHaveAttribute("href", event.links.streamJoin);
  await expect(join.getByRole("link", { name: m.joinCalendar })).toHaveAttribute(
    "href",
    `/calendar/speakers/${featured.id}.ics`,
  );

  const about = page.getByRole("region", { name: m.speakerAbout({ name: firstNameOf(featured.name) }) });
  await expect(about.getByText(featured.bio!)).toBeVisible();
  for (const link of featured.links) {
    await expect(about.getByRole("link", { name: link.label })).toHaveAttribute("href", link.url);
  }
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: m.speakerNotFoundBack }).click();
  await expect(page).toHaveURL("/");
});

test("Share on X opens the post composer with the speaker's post, the speaker left out of the names", async ({
  page,
}) => {
  // Someone whose first session on stream has other people in it.
  const sharer = withSessions.find((speaker) => {
    const [slot] = slotsOf(speaker.id);
    return slot && [slot.hostId, ...slot.speakerIds].some((id) => id && id !== speaker.id);
  });
  if (!sharer) throw new Error("Nobody in the edition shares the stage");
  const [slot] = slotsOf(sharer.id);
  const ids = [...new Set([...(slot?.hostId ? [slot.hostId] : []), ...(slot?.speakerIds ?? [])])];
  const others = ids.filter((id) => id !== sharer.id).map((id) => edition.speakers.find((s) => s.id === id)!.name);

  await page.goto(`/speakers/${sharer.id}`);
  const href = await page.getByRole("link", { name: m.shareOnX }).getAttribute("href");
  const url = new URL(href ?? "");
  expect(`${url.origin}${url.pathname}`).toBe("https://x.com/intent/post");
  const text = url.searchParams.get("text");
  expect(text).toBe(
    shareIntentText({
      type: slot!.type,
      participants: others,
      livestreamName: event.livestreamName,
      broadcastUrl: event.links.broadcast,
    }),
  );
  expect(text).not.toContain(sharer.name);
});

test("A moderator's page says Moderator and lists every session they host", async ({ page }) => {
  const moderators = [...new Set(edition.agenda.flatMap((slot) => (slot.hostId ? [slot.hostId] : [])))];
  expect(moderators.length, "moderators in the agenda").toBeGreaterThan(0);
  for (const id of moderators) {
    const { sessions } = scheduleOf(id);
    await page.goto(`/speakers/${id}`);
    await expect(page.locator(`header span:text-is("${m.speakerRoleModerator}")`)).toBeVisible();
    const items = page.getByRole("region", { name: m.speakerSessions, exact: true }).getByRole("listitem");
    await expect(items.getByRole("heading", { level: 3 })).toHaveText(sessions.map((session) => session.title));
    for (const slot of edition.agenda.filter((entry) => entry.hostId === id)) {
      expect(sessions.map((session) => session.id)).toContain(slot.id);
    }
    // A session with nobody else on stage (closing remarks) has no "With" line.
    for (const [index, session] of sessions.entries()) {
      if (!participantsText(session)) await expect(items.nth(index)).not.toContainText(withWords);
    }
  }
});

test("Every speaker page offers a calendar file holding that speaker's sessions, with an alarm to join", async ({
  page,
  request,
}) => {
  await page.goto(`/speakers/${featured.id}`);
  const href = await page.getByRole("link", { name: m.joinCalendar }).getAttribute("href");
  expect(href).toBe(`/calendar/speakers/${featured.id}.ics`);

  for (const speaker of withSessions) {
    const { sessions, joinTime } = scheduleOf(speaker.id);
    const file = await request.get(`/calendar/speakers/${speaker.id}.ics`);
    expect(file.status(), speaker.id).toBe(200);
    const body = await file.text();
    expect(body.match(/BEGIN:VEVENT/g), speaker.id).toHaveLength(sessions.length);
    // The session's GUID, as in the day's calendar and the schedule export.
    for (const session of sessions) expect(body, speaker.id).toContain(`UID:${sessionGuid(event.siteUrl, session.id)}`);
    const lead = (Date.parse(sessions[0]!.start) - Date.parse(joinTime)) / 60_000;
    expect(body.match(/TRIGGER:-PT\d+M/g), speaker.id).toEqual([`TRIGGER:-PT${String(lead)}M`]);
  }
});

test.describe("In the visitor's own time zone", () => {
  test.use({ timezoneId: visitorZone });

  test("the join time and the sessions follow the zone switch", async ({ page }) => {
    const { sessions, joinTime } = scheduleOf(featured.id);
    // The visitor's zone is labelled as it stands on the event's day.
    const zone = { timeZone: visitorZone, label: zoneAbbreviation(edition.agenda[0]!.start, visitorZone) };
    await page.goto(`/speakers/${featured.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: m.zoneLocal }).click();
    const join = page.getByRole("region", { name: m.joinWhen });
    const [first] = timelineOf(sessions, joinTime, zone, event.date);
    await expect(join.getByText(`${first?.time ?? ""} ${first?.what ?? ""}`, { exact: true })).toBeVisible();
    await expect(
      page.getByRole("region", { name: m.speakerSessions, exact: true }).getByRole("listitem").first(),
    ).toContainText(`${formatTimeRange(sessions[0]!.start, sessions[0]!.end, visitorZone)} ${zone.label}`);
  });

  test("A briefing page keeps the event's zone even when the visitor chose their own", async ({ page }) => {
    const briefing = edition.briefings[0]!;
    const { sessions, joinTime } = scheduleOf(briefing.speakerId);
    await page.goto(`/speakers/${featured.id}`);
    await waitForHydration(page);
    await page.evaluate((key) => {
      window.localStorage.setItem(key, "local");
    }, zoneStorageKey);
    await page.goto(briefing.path);
    await waitForHydration(page);
    const [first] = timelineOf(sessions, joinTime, eventZone, event.date);
    await expect(page.getByText(`${first?.time ?? ""} ${first?.what ?? ""}`, { exact: true })).toBeVisible();
    const heading = sessions.length > 1 ? m.briefingYourSessions : m.briefingYourSession;
    await expect(page.getByRole("region", { name: heading, exact: true }).getByRole("listitem").first()).toContainText(
      `${formatTimeRange(sessions[0]!.start, sessions[0]!.end, event.timeZone)} ${event.timeZoneLabel}`,
    );
  });
});
