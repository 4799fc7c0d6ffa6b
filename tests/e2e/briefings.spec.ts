import type { Locator, Page } from "@playwright/test";
import { edition } from "../../content";
import { axeViolations, expect, test, waitForHydration } from "./fixtures";

const { event } = edition;

/** `?now=` at noon UTC a number of days from the event's day: the spec shows briefing pages the day before. */
const daysFromEvent = (days: number) =>
  `?now=${new Date(Date.parse(`${event.date}T12:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString()}`;

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

/** The hue of an element's text colour, from Chromium's computed oklch() (Tailwind 4's colours). */
async function hueOf(locator: Locator): Promise<number> {
  const colour = await locator.evaluate((element) => getComputedStyle(element).color);
  const hue = /^oklch\([\d.]+ [\d.]+ ([\d.]+)/.exec(colour)?.[1];
  if (!hue) throw new Error(`not an oklch colour: ${colour}`);
  return Number(hue);
}
/** Tailwind's blue-200 sits near hue 255, purple-200 near 307, green-200 near 155. */
const colourOfHue = (hue: number) => (hue > 280 ? "purple" : hue > 200 ? "blue" : "green");
const briefingColour = (label: string) => (label === "Panel" ? "purple" : label === "Green room" ? "green" : "blue");

function joinBox(page: Page) {
  return page.getByRole("region", { name: "When to join" });
}

for (const briefing of briefings) {
  test.describe(`The briefing at ${briefing.path}`, () => {
    test("greets the speaker, with photo, banner, badges, title, description and share card", async ({
      page,
      request,
    }) => {
      await page.goto(`${briefing.path}${daysFromEvent(-1)}`);
      await waitForHydration(page);
      await expect(page).toHaveTitle(`Speaker Page: ${briefing.name} - GLOSAIC`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(briefing.name));
      const slug = briefing.path.split("/").at(-1) ?? "";
      const image = `${event.siteUrl}/og/briefings/${slug}.png`;
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", image);
      const png = await request.get(new URL(image).pathname);
      expect(png.status()).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");

      await expect(page.getByText("Tomorrow is the day!", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hey ${briefing.firstName}!`);
      await expect(page.getByRole("img", { name: `Portrait of ${briefing.name}` }).first()).toBeVisible();
      const greeting = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
      for (const label of briefing.badges) {
        const badge = greeting.locator(`span:text-is("${label}")`);
        await expect(badge).toBeVisible();
        expect(colourOfHue(await hueOf(badge)), label).toBe(briefingColour(label));
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test("says when to join, where and with whom, and offers the calendar file with an alarm", async ({
      page,
      request,
    }) => {
      await page.goto(briefing.path);
      const box = joinBox(page);
      await expect(box.getByRole("listitem")).toHaveCount(briefing.timeline.length);
      for (const [index, line] of briefing.timeline.entries()) {
        await expect(box.getByRole("listitem").nth(index).locator("p").first()).toHaveText(line);
      }
      await expect(box).toContainText("4/16/2025");
      const first = briefing.sessions.find((session) => session.type !== "Green room");
      if (first?.with) await expect(box).toContainText(first.with);
      await expect(box.getByRole("link", { name: "Join the stream" })).toHaveAttribute("href", event.links.streamJoin);

      const calendar = box.getByRole("link", { name: "Add my sessions to calendar" });
      await expect(calendar).toHaveAttribute("download", "");
      const href = await calendar.getAttribute("href");
      expect(href).toBe(`/calendar/speakers/${briefing.speakerId}.ics`);
      const file = await request.get(href ?? "");
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const body = await file.text();
      expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(briefing.sessions.length);
      expect(body).toContain("BEGIN:VALARM");
      expect(body).toMatch(/TRIGGER:-PT\d+M/);
    });

    test("lists each session with date, time range, title, type badge and participants", async ({ page }) => {
      await page.goto(briefing.path);
      await expect(page.getByRole("heading", { level: 2, name: briefing.sessionsHeading, exact: true })).toBeVisible();
      const items = page.getByRole("region", { name: briefing.sessionsHeading, exact: true }).getByRole("listitem");
      await expect(items).toHaveCount(briefing.sessions.length);
      for (const [index, session] of briefing.sessions.entries()) {
        const item = items.nth(index);
        await expect(item).toContainText(`4/16/2025 ${session.time}`);
        await expect(item.getByRole("heading", { level: 3 })).toHaveText(session.title);
        const badge = item.locator(`span:text-is("${session.type}")`);
        await expect(badge).toBeVisible();
        expect(colourOfHue(await hueOf(badge)), session.type).toBe(briefingColour(session.type));
        if (session.with) await expect(item).toContainText(session.with);
        else await expect(item).not.toContainText("With ");
      }
    });

    test("has the important links, the walkthrough, the note on recordings and the way back", async ({ page }) => {
      await page.goto(briefing.path);
      await waitForHydration(page);
      const links = page.getByRole("region", { name: "Important Links" });
      const expected: [string, string][] = [
        ["Join Link", event.links.streamJoin],
        ["Group chat", event.links.groupChat],
        ["Share Link", event.links.broadcast],
        ["Website", event.siteUrl],
      ];
      await expect(links.getByRole("listitem")).toHaveCount(4);
      for (const [name, href] of expected) {
        const link = links.getByRole("link", { name });
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("target", "_blank");
      }
      await expect(links).toContainText("Loom on how it works (if interested): Streamyard walkthrough");
      await expect(links.getByRole("link", { name: "Streamyard walkthrough" })).toHaveAttribute(
        "href",
        event.links.walkthrough,
      );
      if (briefing.share) {
        const share = new URL((await links.getByRole("link", { name: "Share on X" }).getAttribute("href")) ?? "");
        expect(`${share.origin}${share.pathname}`).toBe("https://x.com/intent/post");
        expect(share.searchParams.get("text")).toBe(`${briefing.share} ${event.links.broadcast}`);
      } else {
        await expect(links.getByRole("link", { name: "Share on X" })).toHaveCount(0);
      }
      await expect(
        page.getByText("After the conference: We'll post/share the recorded videos with you! Stay tuned for that."),
      ).toBeVisible();
      await page.getByRole("link", { name: "← Back to conference" }).click();
      await expect(page).toHaveURL("/");
    });

    test("on a phone, shows when to join, the join link and the calendar button on the first screen", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(briefing.path);
      const box = joinBox(page);
      const firstScreen = async (locator: Locator) => {
        const bounds = await locator.boundingBox();
        expect(bounds, "laid out").not.toBeNull();
        expect((bounds?.y ?? Infinity) + (bounds?.height ?? 0), "bottom edge within 844 px").toBeLessThanOrEqual(844);
      };
      await firstScreen(box.getByText(briefing.timeline[0] ?? "", { exact: true }));
      await firstScreen(box.getByRole("link", { name: "Join the stream" }));
      await firstScreen(box.getByRole("link", { name: "Add my sessions to calendar" }));
    });
  });
}

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

    test("Sessions stand still, in their final place", async ({ page }) => {
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

test("A briefing whose speaker record is missing says 'Speaker not found'", async ({ page }) => {
  // The browser reads the speakers from one script. Renaming the demo speaker's record there leaves the briefing
  // pointing at a speaker who does not exist, which the content validation never lets a build ship.
  let rewritten = 0;
  await page.route("**/assets/*.js", async (route) => {
    const response = await route.fetch();
    const record = '{"id":"linnea-barros","name"';
    const body = await response.text();
    if (body.includes(record)) rewritten++;
    // The body comes back decoded: it goes on without the encoding headers of the precompressed original.
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({
      response,
      headers,
      body: body.replace(record, '{"id":"linnea-barros-record-removed","name"'),
    });
  });

  // A direct load would show the prerendered page first; arriving by client navigation renders from the data alone
  // (from another speaker's briefing: the home page is static and loads no speakers, and pages naming this speaker
  // would no longer match their prerendered HTML).
  await page.goto("/speakers/adaeze");
  await waitForHydration(page);
  expect(rewritten).toBe(1);
  await page.evaluate(() => {
    window.history.pushState(null, "", "/speakers/linnea");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speaker not found");
  await expect(page).toHaveTitle("Speaker not found - GLOSAIC");
  await expect(page.getByText("Tomorrow is the day!")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "← Back to conference" })).toHaveAttribute("href", "/");
  expect(await axeViolations(page)).toEqual([]);
});

test("A portrait that fails to load is replaced by a placeholder, quietly", async ({ page }) => {
  // A body that is not an image fails to decode without a network error, so the page's own handling is all that
  // shows (the fixture fails the test on any console message).
  await page.route("**/portraits/leilani-kealoha.svg", (route) =>
    route.fulfill({ status: 200, contentType: "image/svg+xml", body: "not an image" }),
  );
  await page.goto("/speakers/leilani");
  await waitForHydration(page);
  const portrait = page.getByRole("img", { name: "Portrait of Leilani Kealoha" });
  await expect(portrait).toHaveText("LK");
  await expect(page.locator('img[alt="Portrait of Leilani Kealoha"]')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test("The briefing's banner follows the day: days to go, the day before, the day, and thanks afterwards", async ({
  page,
}) => {
  for (const [days, banner] of [
    [-3, "3 days to go!"],
    [-1, "Tomorrow is the day!"],
    [0, "Today is the day!"],
    [1, `Thank you for being part of ${event.name}!`],
  ] as const) {
    await page.goto(`${edition.briefings[0]!.path}${daysFromEvent(days)}`);
    await waitForHydration(page);
    await expect(page.getByText(banner, { exact: true })).toBeVisible();
  }
});
