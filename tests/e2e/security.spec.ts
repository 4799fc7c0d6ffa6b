import { expect, test, waitForHydration } from "./fixtures";
import { votingOpenPort } from "./servers";

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

for (const path of [
  "/",
  "/agenda",
  "/nomic",
  "/speakers/leilani-kealoha",
  "/speakers/leilani",
  "/countdown",
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
  // Sift Shell: no other test counts its votes.
  await page.getByRole("button", { name: "Vote for Sift Shell" }).click();
  await expect(page.getByRole("button", { name: "Voted" })).toBeDisabled();
  await page.getByRole("link", { name: "Agenda" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
