import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { voteUrl } from "../../app/lib/demo-api";
import { questionTextMessages } from "../../app/lib/question-text";
import {
  questionSentMarker,
  questionWindowOf,
  sessionQuestionsUrl,
  takesQuestions,
  type SessionQuestions,
} from "../../common/question-contract";
import { demoVotingPath, votedMarker, voterCookie } from "../../common/api-contract";
import type { AppOptions } from "../app";
import { appHarness, duringVoting, open } from "../test-support/app-harness";
import { parseForm } from "./form";
import * as m from "../../app/i18n/messages";

// A vote and a question sent as a page without script sends them (decision 060), over real connections: the
// browser's form post, its 303 back to the page, and the refusals it shows as text. Values come from the edition.

const { start } = appHarness();
const [demo, otherDemo] = edition.demos;
const session = edition.agenda.find(
  (slot) => takesQuestions(slot.type, edition.event.questions) && slot.talkId !== undefined,
);
if (!demo || !otherDemo || !session) throw new Error("these tests need two demos and a talk that takes questions");
const unknownDemo = `demo-${String(Math.max(...edition.demos.map((entry) => Number(entry.id.slice(5)))) + 1)}`;
const talkPage = edition.talks.find((talk) => talk.id === session.talkId)!.path;
const questionWindow = questionWindowOf(session, edition.event.questions);
const form = { "content-type": "application/x-www-form-urlencoded" };

/**
 * A browser without script: its voter cookie kept (unless it keeps none), a 307 followed as a browser follows it
 * (the same method and body, again), and other redirects not, so the 303 itself is seen.
 */
async function browser(options: Partial<AppOptions> = {}, { keepsCookies = true } = {}) {
  const app = await start({ now: () => questionWindow.opens, votingWindow: aroundQuestions(), ...options });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${String(typeof address === "object" && address ? address.port : 0)}`;
  let cookie: string | undefined;
  const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
    let issued: string | undefined;
    const repeated: string[] = [];
    for (let target = path; ;) {
      const response = await fetch(`${base}${target}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...form, origin: base, ...(cookie ? { cookie } : {}), ...headers },
        body,
      });
      const set = response.headers.getSetCookie().find((line) => line.startsWith(`${voterCookie}=`));
      issued ??= set;
      if (set && keepsCookies) cookie = set.split(";")[0];
      const location = response.headers.get("location");
      if (response.status !== 307 || location === null || repeated.length > 1) {
        return { response, text: await response.text(), issued, repeated };
      }
      repeated.push(location);
      target = location;
    }
  };
  const json = async <T>(path: string) =>
    (await (await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })).json()) as T;
  return { post, json, base };
}

/** A voting window open at the instant the session's questions open, which the browser's clock reads. */
function aroundQuestions() {
  return { opens: new Date(questionWindow.opens.getTime() - 1000), closes: new Date(questionWindow.closes) };
}

const countOf = async (json: <T>(path: string) => Promise<T>, id: string) =>
  (await json<{ id: string; votes: number }[]>("/api/demos")).find((entry) => entry.id === id)?.votes;

describe("A vote sent as a form", () => {
  it("counts once, and answers 303 to the leaderboard at the demo's note, with the voter's cookie", async () => {
    const { post, json } = await browser();
    const before = await countOf(json, demo.id);
    const first = await post(voteUrl(demo.id), "");
    // Without a voter cookie yet, the vote is sent back (307) with one, and the browser's repeat counts.
    expect(first.repeated).toEqual([`${voteUrl(demo.id)}?voter=issued`]);
    expect(first.response.status).toBe(303);
    expect(first.response.headers.get("location")).toBe(`${demoVotingPath}#${votedMarker(demo.id)}`);
    expect(first.issued).toMatch(/; Path=\/api; HttpOnly; SameSite=Lax$/);
    expect(await countOf(json, demo.id)).toBe((before ?? 0) + 1);

    // Again from the same browser: not counted, and the page again, whose note is just as true.
    const again = await post(voteUrl(demo.id), "");
    expect(again.repeated).toEqual([]);
    expect(again.response.status).toBe(303);
    expect(again.response.headers.get("location")).toBe(`${demoVotingPath}#${votedMarker(demo.id)}`);
    expect(await countOf(json, demo.id)).toBe((before ?? 0) + 1);
  });

  it("is refused from another site, outside the window, for an unknown demo, and when malformed, said as text", async () => {
    const { post, json } = await browser();
    const before = await countOf(json, otherDemo.id);
    const crossSite = await post(voteUrl(otherDemo.id), "", { origin: "https://evil.example" });
    expect(crossSite.response.status).toBe(403);
    expect(crossSite.response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(crossSite.text).toBe(m.apiVotesOnlyFromSite);
    expect(crossSite.issued).toBeUndefined();

    expect((await post(voteUrl(unknownDemo), "")).response.status).toBe(404);
    expect((await post(voteUrl("not-a-demo"), "")).response.status).toBe(400);
    const malformed = await post(voteUrl(otherDemo.id), "note=%ff");
    expect(malformed.response.status).toBe(400);
    expect(malformed.response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect((await post(voteUrl(otherDemo.id), "a=1&a=2")).response.status).toBe(400);
    expect((await post(voteUrl(otherDemo.id), `note=${"x".repeat(2048)}`)).response.status).toBe(413);
    expect(await countOf(json, otherDemo.id)).toBe(before);

    const ended = await browser({ votingWindow: open, now: () => new Date(open.closes) });
    const late = await ended.post(voteUrl(otherDemo.id), "");
    expect(late.response.status).toBe(403);
    expect(late.text).toBe(m.apiVotingEnded);
  });

  it("is refused, as text and uncounted, by a browser that keeps no cookie", async () => {
    const { post, json } = await browser({}, { keepsCookies: false });
    const before = await countOf(json, demo.id);
    const refused = await post(voteUrl(demo.id), "");
    expect(refused.repeated).toHaveLength(1);
    expect(refused.response.status).toBe(403);
    expect(refused.text).toBe(m.apiVoterRequired);
    expect(await countOf(json, demo.id)).toBe(before);
  });

  it("leaves the JSON API as it was: a vote without a form is answered in JSON", async () => {
    const { base } = await browser({ votingWindow: open, now: duringVoting });
    const read = await fetch(`${base}/api/demos`);
    const cookie = read.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const cast = await fetch(`${base}${voteUrl(demo.id)}`, { method: "POST", headers: { origin: base, cookie } });
    expect(cast.status).toBe(201);
    expect(cast.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});

describe("A question sent as a form", () => {
  it("is asked, as written, and answers 303 to the talk page at its thank-you", async () => {
    const { post, json } = await browser();
    const written = "<b>Does it scale?</b> & more";
    const asked = await post(
      sessionQuestionsUrl(session.id),
      new URLSearchParams({ text: written, name: "Ada" }).toString(),
    );
    expect(asked.response.status).toBe(303);
    expect(asked.response.headers.get("location")).toBe(`${talkPage}#${questionSentMarker}`);
    expect(asked.issued).toBeDefined();
    // What people write stays text: the asker's own listing has it character for character.
    const { questions } = await json<SessionQuestions>(sessionQuestionsUrl(session.id));
    expect(questions.map(({ text, name, yours }) => ({ text, name, yours }))).toEqual([
      { text: written, name: "Ada", yours: true },
    ]);
  });

  it("is refused as the JSON API refuses it, said as text, and never stored", async () => {
    const { post, json } = await browser();
    const empty = await post(sessionQuestionsUrl(session.id), "text=++&name=Ada");
    expect(empty.response.status).toBe(400);
    expect(empty.text).toBe(questionTextMessages.text.empty);
    expect((await post(sessionQuestionsUrl(session.id), "text=a&text=b")).response.status).toBe(400);
    expect((await post(sessionQuestionsUrl(session.id), "text=%E0%A4%A")).response.status).toBe(400);
    const unknown = await post(sessionQuestionsUrl("no-such-session"), "text=Hello");
    expect(unknown.response.status).toBe(404);
    expect(unknown.text).toBe(m.apiNoSessionQuestions({ id: "no-such-session" }));
    const crossSite = await post(sessionQuestionsUrl(session.id), "text=Hello", { origin: "https://evil.example" });
    expect(crossSite.response.status).toBe(403);
    expect(crossSite.text).toBe(m.apiQuestionsOnlyFromSite);
    expect((await json<SessionQuestions>(sessionQuestionsUrl(session.id))).questions).toEqual([]);

    const closed = await browser({ now: () => questionWindow.closes });
    const late = await closed.post(sessionQuestionsUrl(session.id), "text=Hello");
    expect(late.response.status).toBe(409);
    expect(late.text).toBe(m.apiQuestionsClosed);
  });
});

describe("parseForm", () => {
  it("reads a browser's encoding: plus signs as spaces, escapes as UTF-8, an empty form as no field", () => {
    expect(parseForm("text=Caf%C3%A9+au+lait%3F&name=")).toEqual({ text: "Café au lait?", name: "" });
    expect(parseForm("")).toEqual({});
    expect(parseForm("flag")).toEqual({ flag: "" });
  });
});
