/**
 * Full-page screenshots of every route at the widths we design for, to read with our own eyes:
 * `npm run screens` (builds nothing: run `npm run build` first) starts our server on the build, or
 * `npm run screens -- https://glosaic.example` photographs a running site instead.
 *
 * Routes: the sitemap's, plus the pages kept out of it (briefings, stream screens, /talks_demos, /404).
 * Files: reports/screens/<route>-<width>.png, for instance agenda-390.png, speakers-ada-1440.png, home-1920.png.
 *
 * `npm run screens -- --phases` instead photographs the pages that change with the edition's phase (home, agenda,
 * demo voting) at an instant before, during and after the edition (?now=), and between its first two days when it
 * has several, at 390 and 1440 px:
 * reports/screens/phases/<edition>-<phase>-<route>-<width>.png.
 *
 * `npm run screens -- --questions` starts our server with every session's questions open and a moderator's token,
 * asks a few questions on the first talk whose session takes them (one waiting for the moderator, one on air, one
 * answered, others upvoted) and photographs that talk page as their asker and /moderate signed in, at 390 and
 * 1440 px: reports/screens/questions/<edition>-talk-<width>.png and <edition>-moderate-<width>.png.
 *
 * `npm run screens -- --overlays` starts our server with voting and questions open, pins a question on air, and
 * photographs the stream's overlays in their 1920x1080 frame, each as the streaming tool gets it (transparent) and
 * over a checkerboard that shows where it is: reports/screens/overlays/<edition>-<overlay>[-checkerboard].png; and
 * the stage of the pinned question's room at that session, at 390 and 1440 px:
 * reports/screens/overlays/<edition>-stage-<width>.png.
 *
 * `npm run screens -- --show` starts our server with a moderator's token, makes a stage run late, opens two of its
 * stage pages (viewers) and announces, and photographs /moderate's Show part at 390 and 1440 px, the agenda with the
 * banner of an information and of an urgent announcement at both widths, and the announcement's overlay (as the
 * streaming tool gets it and over a checkerboard): reports/screens/show/<edition>-<shot>[-<width>].png.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { prerenderPaths } from "../../app/lib/page-list";
import {
  adminQuestionUrl,
  moderatePath,
  sessionQuestionsUrl,
  takesQuestions,
  type AskedQuestion,
  type ModerationAction,
} from "../../common/question-contract";
import { overlayFrame, overlayPaths } from "../../app/lib/overlay";
import * as m from "../../app/i18n/messages";
import { adminShowUrl, mainStage, type ShowAction } from "../../common/show-contract";
import { stagePath } from "../../app/lib/stage";
import { edition, editionId } from "../../content";
import { at, betweenDays, editionMoments } from "../../tests/e2e/moments";
import { chromiumArgs, chromiumPath, startBuiltServer } from "./local-site";

const widths = [390, 768, 1440, 1920] as const;
/** A phone, a tablet, a laptop and a desktop screen: the first screenful each would show. */
const heights: Record<(typeof widths)[number], number> = { 390: 844, 768: 1024, 1440: 900, 1920: 1080 };
const phases = process.argv.includes("--phases");
const questions = process.argv.includes("--questions");
const overlays = process.argv.includes("--overlays");
const show = process.argv.includes("--show");
const outDir = path.resolve(
  phases
    ? "reports/screens/phases"
    : questions
      ? "reports/screens/questions"
      : overlays
        ? "reports/screens/overlays"
        : show
          ? "reports/screens/show"
          : "reports/screens",
);

/** A shot: the page to load and the file's name without its width. */
interface Shot {
  url: string;
  name: string;
}

async function main() {
  if (questions) {
    await questionScreens();
    return;
  }
  if (overlays) {
    await overlayScreens();
    return;
  }
  if (show) {
    await showScreens();
    return;
  }
  const started = Date.now();
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const server = given ? null : await startBuiltServer();
  const base = (given ?? server?.url ?? "").replace(/\/$/, "");
  let browser: Browser | undefined;
  try {
    const shots: Shot[] = phases
      ? Object.entries({ ...editionMoments, ...(betweenDays ? { between: betweenDays } : {}) }).flatMap(
          ([phase, instant]) =>
            ["/", "/agenda", "/demo-voting"].map((route) => ({
              url: at(route, instant),
              name: `${editionId}-${phase}-${slugOf(route)}`,
            })),
        )
      : (await routesOf(base)).map((route) => ({ url: route, name: slugOf(route) }));
    const shotWidths = phases ? ([390, 1440] as const) : widths;
    // Phase shots of several editions sit side by side: only a full run starts from an empty folder.
    if (!phases) await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const launched = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    });
    browser = launched;
    // The four widths run side by side, one page each, reused for every route: most of the time goes to waiting
    // for the network to settle, which overlaps. Reduced motion shows every element in its final state, so two
    // runs of the script give the same pictures.
    const shoot = async (width: (typeof widths)[number]) => {
      const context = await launched.newContext({
        viewport: { width, height: heights[width] },
        reducedMotion: "reduce",
        colorScheme: "dark",
      });
      const page = await context.newPage();
      for (const shot of shots) {
        await page.goto(base + shot.url, { waitUntil: "load" });
        await page.waitForLoadState("networkidle");
        await page.evaluate(async () => {
          // Lazy images below the first screen would be blank in a full-page picture: load them all now.
          const images = [...document.images];
          for (const image of images) image.loading = "eager";
          await Promise.all(
            images
              .filter((image) => !image.complete)
              .map(
                (image) =>
                  new Promise((resolve) => {
                    image.addEventListener("load", resolve);
                    image.addEventListener("error", resolve);
                  }),
              ),
          );
          await document.fonts.ready;
          const finite = document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
          await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
        });
        await page.screenshot({ path: path.join(outDir, `${shot.name}-${width}.png`), fullPage: true });
      }
      await context.close();
      console.log(`${width} px: ${shots.length} pages`);
    };
    await Promise.all(shotWidths.map(shoot));
    console.log(
      `${shots.length * shotWidths.length} screenshots in ${path.relative(process.cwd(), outDir)}/ ` +
        `(${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await browser?.close();
    server?.stop();
  }
}

/** Waits for the page's network, lazy images, fonts and entrance animations, then takes the full page. */
async function settleAndShoot(page: Page, file: string) {
  await settle(page);
  await page.screenshot({ path: file, fullPage: true });
}

/** Waits for the page's network, fonts and entrance animations. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * The questions' screens: a talk page with questions in every state, seen by the visitor who asked them, and the
 * moderator's queue. Our own server, with questions open for a day around now and a token made for this run.
 */
async function questionScreens() {
  const day = 24 * 60 * 60 * 1000;
  const token = randomBytes(24).toString("hex");
  Object.assign(process.env, {
    QUESTIONS_OPENS: new Date(Date.now() - day).toISOString(),
    QUESTIONS_CLOSES: new Date(Date.now() + day).toISOString(),
    MODERATOR_TOKEN: token,
  });
  const chosen = edition.talks.flatMap((talk) => {
    const slot = edition.agenda.find((candidate) => candidate.talkId === talk.id);
    return slot && takesQuestions(slot.type, edition.event.questions) ? [{ talk, slot }] : [];
  })[0];
  if (!chosen) throw new Error(`Edition ${editionId} has no talk whose session takes questions`);
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await mkdir(outDir, { recursive: true });
    const open = (width: 390 | 1440): Promise<BrowserContext> =>
      browser.newContext({
        baseURL: server.url,
        viewport: { width, height: heights[width] },
        reducedMotion: "reduce",
        colorScheme: "dark",
      });
    const asker = await open(1440);
    const ask = async (context: BrowserContext, text: string, name?: string) => {
      const response = await context.request.post(sessionQuestionsUrl(chosen.slot.id), {
        headers: { origin: server.url },
        data: name ? { text, name } : { text },
      });
      if (response.status() !== 201) throw new Error(`Asking answered ${String(response.status())}`);
      return ((await response.json()) as AskedQuestion).id;
    };
    const moderate = async (id: string, action: ModerationAction) => {
      const response = await asker.request.post(adminQuestionUrl(id), {
        headers: { authorization: `Bearer ${token}` },
        data: { action },
      });
      if (!response.ok()) throw new Error(`${action} answered ${String(response.status())}`);
    };
    // Other visitors' questions, each their own voter, then the photographed visitor's own.
    const [first, second, third] = [await open(1440), await open(1440), await open(1440)];
    const others = [first, second, third];
    const shown = [
      await ask(first, "How do you keep the model's answers reproducible between releases?", "Priya"),
      await ask(second, "What was the hardest part of moving to open weights, and would you do it again?"),
      await ask(third, "Can the tool run fully offline on a laptop without a GPU?", "Tomás"),
      await ask(first, "Which licence did you choose for the training data, and why that one?", "Priya"),
    ];
    await ask(asker, "Is there a roadmap for plugins written by the community?", "Ada");
    const [, onAir = "", , answered = ""] = shown;
    if (edition.event.questions.moderation === "pre") for (const id of shown) await moderate(id, "approve");
    await moderate(onAir, "pin");
    await moderate(answered, "answer");
    for (const [index, context] of [asker, ...others].entries()) {
      for (const id of shown.slice(0, index + 1)) {
        await context.request.post(`/api/questions/${id}/upvote`, { headers: { origin: server.url } });
      }
    }
    for (const width of [390, 1440] as const) {
      const page = await asker.newPage();
      await page.setViewportSize({ width, height: heights[width] });
      await page.goto(chosen.talk.path);
      await page.getByRole("combobox", { name: "Sort by" }).waitFor();
      await settleAndShoot(page, path.join(outDir, `${editionId}-talk-${String(width)}.png`));
      await page.close();
      const moderator = await open(width);
      await moderator.addInitScript(
        ([key, value]) => {
          sessionStorage.setItem(key ?? "", value ?? "");
        },
        [`${edition.event.shortName.toLowerCase()}:moderator-token`, token],
      );
      const queue = await moderator.newPage();
      await queue.goto(moderatePath);
      await queue.getByText("Live.", { exact: true }).waitFor();
      await settleAndShoot(queue, path.join(outDir, `${editionId}-moderate-${String(width)}.png`));
      await moderator.close();
    }
    console.log(`4 screenshots in ${path.relative(process.cwd(), outDir)}/ (${chosen.talk.path} and ${moderatePath})`);
  } finally {
    await browser.close();
    server.stop();
  }
}

/**
 * The stream's overlays with something to show: the lower third at a minute into the first session that is not a
 * break (in its room), a question pinned on air in the first session that takes questions, and the leaderboard with
 * voting open. Our own server, with voting and questions open for a day around now and a token made for this run.
 */
async function overlayScreens() {
  const day = 24 * 60 * 60 * 1000;
  const token = randomBytes(24).toString("hex");
  const around = { opens: new Date(Date.now() - day).toISOString(), closes: new Date(Date.now() + day).toISOString() };
  Object.assign(process.env, {
    QUESTIONS_OPENS: around.opens,
    QUESTIONS_CLOSES: around.closes,
    VOTING_OPENS: around.opens,
    VOTING_CLOSES: around.closes,
    MODERATOR_TOKEN: token,
  });
  const session = edition.agenda.find((slot) => slot.type !== "Break");
  const asking = edition.agenda.find((slot) => takesQuestions(slot.type, edition.event.questions));
  if (!session || !asking) throw new Error(`Edition ${editionId} has no session to show`);
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await mkdir(outDir, { recursive: true });
    const context = await browser.newContext({ baseURL: server.url, viewport: overlayFrame, reducedMotion: "reduce" });
    await askAndPin(context, server.url, token, asking.id);
    const shots = [
      {
        name: "lower-third",
        url: at(
          `${overlayPaths.lowerThird}${session.room ? `?room=${session.room}` : ""}`,
          new Date(Date.parse(session.start) + 60_000).toISOString(),
        ),
      },
      { name: "question", url: `${overlayPaths.question}?session=${asking.id}` },
      { name: "leaderboard", url: overlayPaths.leaderboard },
    ];
    const page = await context.newPage();
    for (const shot of shots) {
      await page.goto(shot.url);
      await page.locator("[data-graphic]").waitFor();
      // Not the network's rest: the question and the leaderboard hold their stream open.
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(outDir, `${editionId}-${shot.name}.png`), omitBackground: true });
      await page.evaluate(() => {
        document.documentElement.style.background = "repeating-conic-gradient(#777 0 25%, #ccc 0 50%) 0 0 / 48px 48px";
      });
      await page.screenshot({ path: path.join(outDir, `${editionId}-${shot.name}-checkerboard.png`) });
    }
    // The stage of that session's room a minute into it (?now=), with its question on air, at a phone's width and
    // a laptop's. A preview shows no vote: its counts are the live day's (live.spec tests the stage with them).
    const minute = new Date(Date.parse(asking.start) + 60_000).toISOString();
    for (const width of [390, 1440]) {
      const visitor = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
        colorScheme: "dark",
      });
      const stage = await visitor.newPage();
      await stage.goto(at(stagePath(asking.room), minute));
      await stage.getByText("On air", { exact: true }).waitFor();
      await stage.evaluate(() => document.fonts.ready);
      await stage.screenshot({ path: path.join(outDir, `${editionId}-stage-${String(width)}.png`), fullPage: true });
      await visitor.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`The overlays, each twice, and the stage at two widths in ${path.relative(process.cwd(), outDir)}/`);
}

/**
 * The show's control room and its announcement (issue 44): a stage ten minutes late from its second session, two of
 * its stage pages open (the viewers' count), an announcement with a link; then the banner on the agenda, information
 * and urgent, and the announcement's overlay. Our own server, with a token made for this run.
 */
async function showScreens() {
  const token = randomBytes(24).toString("hex");
  Object.assign(process.env, { MODERATOR_TOKEN: token });
  const room = edition.rooms[0]?.id;
  const stage = room ?? mainStage;
  const sessions = edition.agenda.filter((slot) => slot.room === room);
  const from = sessions[1] ?? sessions[0];
  if (!from) throw new Error(`Edition ${editionId} has no session`);
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const open = (width: number, height = 900) =>
    browser.newContext({
      baseURL: server.url,
      viewport: { width, height },
      reducedMotion: "reduce",
      colorScheme: "dark",
    });
  const act = async (context: BrowserContext, action: ShowAction) => {
    const response = await context.request.post(adminShowUrl, {
      headers: { authorization: `Bearer ${token}` },
      data: action,
    });
    if (!response.ok())
      throw new Error(`${action.action} answered ${String(response.status())}: ${await response.text()}`);
  };
  const shoot = async (page: Page, name: string, fullPage: boolean) => {
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(outDir, `${editionId}-${name}.png`), fullPage });
  };
  const announcement = {
    info: "Lunch is served on the second floor until 13:30. The <b>afternoon</b> starts ten minutes late.",
    urgent: "The main stream has moved to the backup: reload the stage if your video has stopped.",
  };
  try {
    await mkdir(outDir, { recursive: true });
    const viewers = await open(1440);
    await act(viewers, { action: "delay", stage, minutes: 10, from: from.id });
    for (let count = 0; count < 2; count++) {
      const page = await viewers.newPage();
      await page.goto(stagePath(room));
    }
    await act(viewers, { action: "announce", text: announcement.info, link: "https://example.org/venue", minutes: 90 });
    for (const width of [390, 1440]) {
      const moderator = await open(width);
      await moderator.addInitScript(
        ([key, value]) => {
          sessionStorage.setItem(key ?? "", value ?? "");
        },
        [`${edition.event.shortName.toLowerCase()}:moderator-token`, token],
      );
      const page = await moderator.newPage();
      await page.goto(moderatePath);
      await page.getByRole("tab", { name: m.moderatePartShow }).click();
      // The viewers are read as the part opens, and every few seconds: two stage pages by then.
      await page
        .getByText(m.showViewersNow({ count: 2 }))
        .first()
        .waitFor({ timeout: 30_000 });
      // Dismissed here: a full page's picture would draw the fixed banner in the middle of the page.
      await page.getByRole("button", { name: m.announcementDismiss }).click();
      await shoot(page, `moderate-show-${String(width)}`, true);
      await moderator.close();
    }
    for (const level of ["info", "urgent"] as const) {
      await act(viewers, { action: "announce", text: announcement[level], level, link: "https://example.org/venue" });
      for (const width of [390, 1440]) {
        const visitor = await open(width, width === 390 ? 844 : 900);
        const page = await visitor.newPage();
        await page.goto("/agenda");
        await page.getByRole("button", { name: m.announcementDismiss }).first().waitFor();
        await shoot(page, `banner-${level}-${String(width)}`, false);
        await visitor.close();
      }
    }
    const frame = await browser.newContext({ baseURL: server.url, viewport: overlayFrame, reducedMotion: "reduce" });
    const overlay = await frame.newPage();
    await overlay.goto(`${overlayPaths.announcement}?motion=off`);
    await overlay.locator("[data-graphic]").waitFor();
    await overlay.evaluate(() => document.fonts.ready);
    await overlay.screenshot({
      path: path.join(outDir, `${editionId}-overlay-announcement.png`),
      omitBackground: true,
    });
    await overlay.evaluate(() => {
      document.documentElement.style.background = "repeating-conic-gradient(#777 0 25%, #ccc 0 50%) 0 0 / 48px 48px";
    });
    await overlay.screenshot({ path: path.join(outDir, `${editionId}-overlay-announcement-checkerboard.png`) });
    await act(viewers, { action: "clear-announcement" });
    await act(viewers, { action: "delay", stage, minutes: 0, from: from.id });
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`The show's part, the banners and the overlay in ${path.relative(process.cwd(), outDir)}/`);
}

/** Asks a question in the session and pins it on air, as the moderator does. */
async function askAndPin(context: BrowserContext, origin: string, token: string, sessionId: string) {
  const asked = await context.request.post(sessionQuestionsUrl(sessionId), {
    headers: { origin },
    data: { text: "How do you keep the model's answers reproducible between releases?", name: "Priya" },
  });
  if (asked.status() !== 201) throw new Error(`Asking answered ${String(asked.status())}`);
  const pinned = await context.request.post(adminQuestionUrl(((await asked.json()) as AskedQuestion).id), {
    headers: { authorization: `Bearer ${token}` },
    data: { action: "pin" },
  });
  if (!pinned.ok()) throw new Error(`Pinning answered ${String(pinned.status())}`);
}

/** The sitemap's pages under their paths on `base`, then every prerendered page the sitemap leaves out. */
async function routesOf(base: string): Promise<string[]> {
  const response = await fetch(`${base}/sitemap.xml`);
  if (!response.ok) throw new Error(`No sitemap at ${base}/sitemap.xml (${response.status})`);
  const listed = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "/").pathname,
  );
  return [...new Set([...listed, ...prerenderPaths(edition)])];
}

/** "/" -> "home", "/speakers/ada" -> "speakers-ada" */
function slugOf(route: string): string {
  return route === "/" ? "home" : route.replace(/^\//, "").replace(/[^a-z0-9_-]+/gi, "-");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
