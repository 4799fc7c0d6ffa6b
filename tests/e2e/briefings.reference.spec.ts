import { edition } from "../../content";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The reference edition's six briefing pages against the spec's own strings and times: written out rather than
 * derived, so the pages are checked against the spec and not against the code that builds them. How every
 * edition's briefings behave (colours, calendar files, layout, accessibility) is in briefings.spec.ts.
 */
const { event } = edition;

/** Noon in New York on 15 April 2025, the day before the event: the spec's "Tomorrow is the day!". */
const dayBefore = "?now=2025-04-15T16:00:00Z";

interface ExpectedSession {
  time: string;
  title: string;
  type: string;
  with?: string;
}

interface ExpectedBriefing {
  path: string;
  speakerId: string;
  name: string;
  firstName: string;
  badges: [string, string];
  timeline: string[];
  sessionsHeading: "Your Session" | "Your Sessions";
  sessions: ExpectedSession[];
  share?: string;
}

// The spec's strings and times, written out rather than derived, so the pages are checked against the spec and not
// against the code that builds them. The panel runs 10:00-10:30 (decision 002).
const panel = {
  time: "10:00 - 10:30am ET",
  title: "Panel Discussion on AI and ML",
  type: "Panel",
};
const briefings: ExpectedBriefing[] = [
  {
    path: "/speakers/leilani",
    speakerId: "leilani-kealoha",
    name: "Leilani Kealoha",
    firstName: "Leilani",
    badges: ["Speaker", "Panel"],
    timeline: ["9:55am ET join the stream (virtual green room)", "10:00 - 10:30am ET session"],
    sessionsHeading: "Your Session",
    sessions: [{ ...panel, with: "With Adaeze Fontaine (moderator), Rustam Nazarov and Ingrid Solberg" }],
    share:
      "Join the livestream for my panel with Adaeze Fontaine, Rustam Nazarov and Ingrid Solberg on the Glosaic livestream!",
  },
  {
    path: "/speakers/linnea",
    speakerId: "linnea-barros",
    name: "Linnea Barros",
    firstName: "Linnea",
    badges: ["Speaker", "Demo"],
    timeline: ["12:30pm ET join the stream (virtual green room)", "12:35 - 12:40pm ET session"],
    sessionsHeading: "Your Session",
    sessions: [
      {
        time: "12:35 - 12:40pm ET",
        title: "Demo of Feedback Forensics",
        type: "Submitted Demo",
        with: "With Tomasz Wierzbicki (moderator)",
      },
    ],
    share: "Join the livestream for my demo with Tomasz Wierzbicki on the Glosaic livestream!",
  },
  {
    path: "/speakers/adaeze",
    speakerId: "adaeze-fontaine",
    name: "Adaeze Fontaine",
    firstName: "Adaeze",
    badges: ["Moderator", "Host"],
    timeline: ["9:45am ET join the stream (virtual green room)", "10:00 - 10:30am ET session (first of 7)"],
    sessionsHeading: "Your Sessions",
    // Spec §3's moderator sessions, each with a different guest.
    sessions: [
      { ...panel, with: "With Leilani Kealoha, Rustam Nazarov and Ingrid Solberg" },
      { time: "10:45 - 11:00am ET", title: "Running open models locally", type: "Q&A", with: "With Matteo Bellandi" },
      {
        time: "12:40 - 12:55pm ET",
        title: "Guardrails and evaluation for LLM applications in production",
        type: "Q&A",
        with: "With Nadia Kovalenko",
      },
      {
        time: "12:55 - 1:10pm ET",
        title: "Open models for biomolecular structure",
        type: "Q&A",
        with: "With Samir Haddad",
      },
      {
        time: "1:30 - 1:45pm ET",
        title: "Terminal-first AI: building TUIs and command-line tools for LLMs",
        type: "Q&A",
        with: "With Kai Nakamura",
      },
      {
        time: "2:05 - 2:20pm ET",
        title: "Evaluating LLMs you can't fully predict",
        type: "Q&A",
        with: "With Aditi Venkataraman",
      },
      {
        time: "2:35 - 2:50pm ET",
        title: "Maintaining open-source AI infrastructure as a community",
        type: "Q&A",
        with: "With Kwabena Osei",
      },
    ],
    share:
      "Join the livestream for my panel with Leilani Kealoha, Rustam Nazarov and Ingrid Solberg on the Glosaic livestream!",
  },
  {
    path: "/speakers/rustam",
    speakerId: "rustam-nazarov",
    name: "Rustam Nazarov",
    firstName: "Rustam",
    badges: ["Speaker", "Panel"],
    timeline: [
      "9:40am ET join the stream (virtual green room)",
      "9:45 - 10:00am ET green room",
      "10:00 - 10:30am ET session",
    ],
    sessionsHeading: "Your Sessions",
    sessions: [
      { time: "9:45 - 10:00am ET", title: "Green room", type: "Green room", with: "With Ingrid Solberg" },
      { ...panel, with: "With Adaeze Fontaine (moderator), Leilani Kealoha and Ingrid Solberg" },
    ],
    share:
      "Join the livestream for my panel with Adaeze Fontaine, Leilani Kealoha and Ingrid Solberg on the Glosaic livestream!",
  },
  {
    path: "/speakers/soraya",
    speakerId: "soraya-lindqvist",
    name: "Soraya Lindqvist",
    firstName: "Soraya",
    badges: ["Speaker", "Talk"],
    timeline: ["12:15pm ET join the stream (virtual green room)", "12:20 - 12:35pm ET session"],
    sessionsHeading: "Your Session",
    sessions: [
      {
        time: "12:20 - 12:35pm ET",
        title: "Small models, sharp tools: distilling open models for everyday hardware",
        type: "Talk",
      },
    ],
    share: "Join the livestream for my talk on the Glosaic livestream!",
  },
  {
    path: "/test-speaker",
    speakerId: "test-speaker",
    name: "Test Speaker",
    firstName: "Test",
    badges: ["Speaker", "Talk"],
    timeline: ["9:15am ET join the stream (virtual green room)", "9:20 - 9:35am ET green room"],
    sessionsHeading: "Your Session",
    sessions: [{ time: "9:20 - 9:35am ET", title: "Tech check rehearsal", type: "Green room" }],
  },
];

for (const briefing of briefings) {
  test(`The briefing at ${briefing.path} greets ${briefing.firstName} with the spec's timeline, sessions and post`, async ({
    page,
  }) => {
    await page.goto(`${briefing.path}${dayBefore}`);
    await waitForHydration(page);
    await expect(page).toHaveTitle(`Speaker Page: ${briefing.name} - GLOSAIC`);
    await expect(page.getByText("Tomorrow is the day!", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hey ${briefing.firstName}!`);
    const greeting = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    for (const label of briefing.badges) await expect(greeting.locator(`span:text-is("${label}")`)).toBeVisible();

    const box = page.getByRole("region", { name: "When to join" });
    await expect(box.getByRole("listitem")).toHaveCount(briefing.timeline.length);
    for (const [index, line] of briefing.timeline.entries()) {
      await expect(box.getByRole("listitem").nth(index).locator("p").first()).toHaveText(line);
    }
    await expect(box).toContainText("4/16/2025");
    const first = briefing.sessions.find((session) => session.type !== "Green room");
    if (first?.with) await expect(box).toContainText(first.with);

    await expect(page.getByRole("heading", { level: 2, name: briefing.sessionsHeading, exact: true })).toBeVisible();
    const items = page.getByRole("region", { name: briefing.sessionsHeading, exact: true }).getByRole("listitem");
    await expect(items).toHaveCount(briefing.sessions.length);
    for (const [index, session] of briefing.sessions.entries()) {
      const item = items.nth(index);
      await expect(item).toContainText(`4/16/2025 ${session.time}`);
      await expect(item.getByRole("heading", { level: 3 })).toHaveText(session.title);
      await expect(item.locator(`span:text-is("${session.type}")`)).toBeVisible();
      if (session.with) await expect(item).toContainText(session.with);
      else await expect(item).not.toContainText("With ");
    }

    const links = page.getByRole("region", { name: "Important Links" });
    if (briefing.share) {
      const share = new URL((await links.getByRole("link", { name: "Share on X" }).getAttribute("href")) ?? "");
      expect(share.searchParams.get("text")).toBe(`${briefing.share} ${event.links.broadcast}`);
    } else {
      await expect(links.getByRole("link", { name: "Share on X" })).toHaveCount(0);
    }
  });
}

test("A briefing points to the Streamyard walkthrough in the spec's words", async ({ page }) => {
  await page.goto("/speakers/leilani");
  const links = page.getByRole("region", { name: "Important Links" });
  await expect(links).toContainText("Loom on how it works (if interested): Streamyard walkthrough");
  await expect(links.getByRole("link", { name: "Streamyard walkthrough" })).toHaveAttribute(
    "href",
    event.links.walkthrough,
  );
});

test("The panel speaker's briefing introduces the fellow panellists and the moderator", async ({ page }) => {
  await page.goto("/speakers/leilani");
  await waitForHydration(page);
  const yourPanel = page.getByRole("region", { name: "Your panel" });
  await expect(yourPanel.getByRole("heading", { level: 3 })).toHaveText([
    "Fellow panellists",
    "Rustam Nazarov",
    "Ingrid Solberg",
    "Moderator",
    "Adaeze Fontaine",
  ]);
  await expect(yourPanel).toContainText("Founder, Quillwork Labs");
  await expect(yourPanel).toContainText("Founder and CEO, Stratacore Cloud");
  await yourPanel.getByRole("link", { name: "Adaeze Fontaine" }).click();
  await expect(page).toHaveURL("/speakers/adaeze-fontaine");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adaeze Fontaine");
});

test.describe("Session animation", () => {
  test("The moderator's seven sessions rise in 0.05 s apart", async ({ page }) => {
    await page.goto("/speakers/adaeze");
    const items = page.getByRole("region", { name: "Your Sessions" }).getByRole("listitem");
    const delays = await items.evaluateAll((elements) => elements.map((e) => getComputedStyle(e).animationDelay));
    expect(delays).toEqual(["0s", "0.05s", "0.1s", "0.15s", "0.2s", "0.25s", "0.3s"]);
    const names = await items.evaluateAll((elements) => elements.map((e) => getComputedStyle(e).animationName));
    expect(new Set(names)).toEqual(new Set(["rise-in"]));
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("The moderator's seven sessions stand still, in their final place", async ({ page }) => {
      await page.goto("/speakers/adaeze");
      const items = page.getByRole("region", { name: "Your Sessions" }).getByRole("listitem");
      await expect(items).toHaveCount(7);
      const styles = await items.evaluateAll((elements) =>
        elements.map((e) => ({ name: getComputedStyle(e).animationName, opacity: getComputedStyle(e).opacity })),
      );
      for (const style of styles) expect(style).toEqual({ name: "none", opacity: "1" });
    });
  });
});
