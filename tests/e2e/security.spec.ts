import { edition } from "../../content";
import { stagePath } from "../../app/lib/stage";
import { exactly, expect, test, voteButtonName, waitForHydration } from "./fixtures";
import { votingOpenPort } from "./servers";
import * as m from "../../app/i18n/messages";

// Every page of the site loads under its Content-Security-Policy without a single violation: the hashes written at
// build time match the inline scripts React Router and React put in the page, and nothing else runs inline.
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

// One page of each kind: the static home page, a fixed page, a talk, a speaker, a briefing, a stream screen, the
// stage (whose policy admits its streams: live.spec.ts plays them under it), and the not-found page.
const talk = edition.talks[0]!;
for (const path of [
  "/",
  "/agenda",
  talk.path,
  `/speakers/${edition.agenda.find((slot) => slot.talkId === talk.id)!.speakerIds[0]!}`,
  edition.briefings[0]!.path,
  "/countdown",
  stagePath(edition.rooms[0]?.id),
  "/nowhere",
]) {
  test(`${path} runs under its security policy with no violation`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(response?.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
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
