import { edition } from "../../content";
import { overlayPaths } from "../../app/lib/overlay";
import { stagePath } from "../../app/lib/stage";
import { at, editionMoments } from "./moments";
import { exactly, expect, test, voteButtonName, waitForHydration } from "./fixtures";
import { votingOpenPort } from "./servers";
import * as m from "../../app/i18n/messages";

// Every page of the site loads under its Content-Security-Policy without a single violation: the hashes written at
// build time match the inline scripts React Router and React put in the page, nothing else runs inline, and no
// page carries an inline style (decision 081).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
});

const violations = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

// One page of each kind: the static home page (its sponsors come in one after another), the same while a session
// is on air (the live strip's progress), a fixed page, a talk, a speaker and a briefing (their sessions come in one
// after another), a stream screen and an overlay, the stage (whose policy admits its streams: live.spec.ts plays
// them under it), and the not-found page.
const talk = edition.talks[0]!;
for (const path of [
  "/",
  at("/", editionMoments.live),
  "/agenda",
  talk.path,
  `/speakers/${edition.agenda.find((slot) => slot.talkId === talk.id)!.speakerIds[0]!}`,
  edition.briefings[0]!.path,
  "/countdown",
  overlayPaths.lowerThird,
  stagePath(edition.rooms[0]?.id),
  "/nowhere",
]) {
  test(`${path} runs under its security policy with no violation`, async ({ page }) => {
    const response = await page.goto(path);
    const policy = response?.headers()["content-security-policy"];
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toMatch(/style-src 'self';/);
    expect(policy).not.toMatch(/'unsafe-inline'/);
    await waitForHydration(page);
    expect(await violations(page)).toEqual([]);
  });
}

test("Voting, its toasts and client-side navigation run under the policy with no violation", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${String(votingOpenPort)}/demo-voting`);
  await waitForHydration(page);
  // The catalogue's last demo, which the voting tests' counts leave alone.
  await page.getByRole("button", { name: voteButtonName(edition.demos.at(-1)!.title) }).click();
  await expect(page.getByRole("button", { name: exactly(m.demoVoted) })).toBeDisabled();
  await page.getByRole("link", { name: m.navAgenda }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
