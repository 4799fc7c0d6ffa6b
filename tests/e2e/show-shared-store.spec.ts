import type { Page } from "@playwright/test";
import { edition } from "../../content";
import { adminShowUrl, stageOfSession, type ShowAction } from "../../common/show-contract";
import { stagePath } from "../../app/lib/stage";
import * as m from "../../app/i18n/messages";
import { expect, test, waitForHydration, watchConsole } from "./fixtures";
import { at } from "./moments";
import { moderatorToken } from "./moderator-token";
import { specPorts, votingOpenEnvironment } from "./servers";
import { serversOnOnePostgres } from "./shared-store-servers";

// Issue 44: the show is kept in the store, and every server on one PostgreSQL tells its pages of a change made
// through any of them. Two servers of this build, a moderator on the first, a stage page on the second.

const [first, second] = specPorts.showSharedStore;
const url = (port: number) => `http://127.0.0.1:${String(port)}`;

test.describe("Two servers on one PostgreSQL", () => {
  const { requirePostgres } = serversOnOnePostgres("show", specPorts.showSharedStore, votingOpenEnvironment());

  // Two talks back to back on one stage: the delay is from the first, and the page looks just after its printed end.
  const late = edition.agenda.find((session) =>
    edition.agenda.some((next) => next.room === session.room && next.start === session.end && session.type !== "Break"),
  )!;
  const next = edition.agenda.find((session) => session.room === late.room && session.start === late.end)!;
  const stage = stageOfSession(late);
  const pastItsEnd = new Date(Date.parse(late.end) + 2 * 60_000).toISOString();

  async function show(action: ShowAction) {
    const response = await fetch(url(first) + adminShowUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${moderatorToken}`, "content-type": "application/json" },
      body: JSON.stringify(action),
    });
    expect(response.status, await response.text()).toBe(200);
  }

  async function stageOnSecond(page: Page) {
    await page.goto(url(second) + at(stagePath(late.room), pastItsEnd));
    await waitForHydration(page);
    return page.getByRole("complementary", { name: m.liveOnThisStage });
  }

  test("a delay and an announcement made through one server reach a page served by the other, and so does their undoing", async ({
    page,
  }) => {
    requirePostgres();
    const problems = watchConsole(page);
    const onStage = await stageOnSecond(page);
    await expect(onStage).toContainText(next.title);
    await expect(onStage).not.toContainText(late.title);

    await show({ action: "delay", stage, minutes: 10, from: late.id });
    await expect(onStage).toContainText(late.title);
    const text = `The second half starts ten minutes late (${String(process.pid)}).`;
    await show({ action: "announce", text, level: "info" });
    // The banner's live region (it keeps an invisible copy below the page, as room to scroll).
    const banner = page.locator("[aria-live]").getByText(text);
    await expect(banner).toBeVisible();

    await show({ action: "clear-announcement" });
    await expect(banner).toHaveCount(0);
    await show({ action: "delay", stage, minutes: 0, from: late.id });
    await expect(onStage).not.toContainText(late.title);
    expect(problems).toEqual([]);
  });
});
