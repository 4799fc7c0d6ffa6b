import { edition } from "../../content";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The reference edition's stage on its day (issue 30's "done when"): at 11:10 in New York the 11:00 session is on
 * and the 11:15 one next. How every edition's stage behaves is in live.spec.ts.
 */
const moment = "2025-04-16T15:10:00Z";
const on = (time: string) => edition.agenda.find((slot) => Date.parse(slot.start) === Date.parse(time))!;

test("On the day, /live shows the stream's facade, now and next, and the session's questions", async ({ page }) => {
  const current = on("2025-04-16T11:00:00-04:00");
  const next = on("2025-04-16T11:15:00-04:00");
  await page.goto(`/live?now=${moment}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live");
  await expect(page.getByRole("button", { name: "Play the stream" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  const onStage = page.getByRole("complementary", { name: "On this stage" });
  await expect(onStage.getByRole("link", { name: current.title })).toBeVisible();
  await expect(onStage.getByRole("link", { name: next.title })).toBeVisible();
  await expect(onStage).toContainText(/\d+:\d{2} left/);
  await expect(page.getByRole("region", { name: "Questions", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Open the stream on its site/ })).toHaveAttribute(
    "href",
    edition.event.links.broadcast,
  );
});
