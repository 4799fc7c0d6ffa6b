import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { shareIntentText, shareIntentUrl, speakerShareIntent, withParticipants } from "./share-intent";
import { sessionsOf } from "./speaker-schedule";

const live = "https://stream.example.com/glosaic-2025/live";
const textOf = (url: string | undefined) => new URL(url ?? "").searchParams.get("text");

describe("The share-on-X post", () => {
  it("names nobody else when the speaker is alone", () => {
    expect(
      shareIntentText({ type: "Talk", participants: [], livestreamName: "Glosaic livestream", broadcastUrl: live }),
    ).toBe("Join the livestream for my talk on the Glosaic livestream! https://stream.example.com/glosaic-2025/live");
  });

  it("names one other participant", () => {
    expect(
      shareIntentText({
        type: "Q&A",
        participants: ["Ada Obi"],
        livestreamName: "Glosaic livestream",
        broadcastUrl: live,
      }),
    ).toBe(
      "Join the livestream for my Q&A with Ada Obi on the Glosaic livestream! https://stream.example.com/glosaic-2025/live",
    );
  });

  it("joins two others with 'and'", () => {
    expect(
      shareIntentText({
        type: "Submitted Demo",
        participants: ["Ada Obi", "Ben Lo"],
        livestreamName: "Glosaic livestream",
        broadcastUrl: live,
      }),
    ).toBe(
      "Join the livestream for my demo with Ada Obi and Ben Lo on the Glosaic livestream! https://stream.example.com/glosaic-2025/live",
    );
  });

  it("lists three others with commas and a final 'and'", () => {
    expect(withParticipants(["Ada Obi", "Ben Lo", "Cy Park"])).toBe(" with Ada Obi, Ben Lo and Cy Park");
    expect(
      shareIntentText({
        type: "Panel",
        participants: ["Ada Obi", "Ben Lo", "Cy Park"],
        livestreamName: "Glosaic livestream",
        broadcastUrl: live,
      }),
    ).toBe(
      "Join the livestream for my panel with Ada Obi, Ben Lo and Cy Park on the Glosaic livestream! https://stream.example.com/glosaic-2025/live",
    );
  });

  it("is URL-encoded into X's post intent, and decodes back to the same text", () => {
    const text = shareIntentText({
      type: "Q&A",
      participants: ["Ada Obi"],
      livestreamName: "Glosaic livestream",
      broadcastUrl: live,
    });
    const url = shareIntentUrl(text);
    expect(url).toMatch(/^https:\/\/x\.com\/intent\/post\?text=/);
    // "&" and "!" must not break the query: only the text parameter exists.
    expect(url).toContain("Q%26A");
    expect([...new URL(url).searchParams.keys()]).toEqual(["text"]);
    expect(textOf(url)).toBe(text);
  });
});

describe("What a speaker shares", () => {
  const { event } = edition;
  const broadcast = event.links.broadcast;

  it("is their panel with everyone else on it, the moderator first, and never themselves", () => {
    const text = textOf(speakerShareIntent(sessionsOf(edition, "leilani-kealoha"), event));
    expect(text).toBe(
      `Join the livestream for my panel with Adaeze Fontaine, Rustam Nazarov and Ingrid Solberg on the Glosaic livestream! ${broadcast}`,
    );
  });

  it("skips the green room, which the audience cannot watch", () => {
    const text = textOf(speakerShareIntent(sessionsOf(edition, "rustam-nazarov"), event));
    expect(text).toMatch(/^Join the livestream for my panel with Adaeze Fontaine, Leilani Kealoha and Ingrid Solberg /);
  });

  it("is a solo talk for a speaker on stage alone", () => {
    expect(textOf(speakerShareIntent(sessionsOf(edition, "soraya-lindqvist"), event))).toBe(
      `Join the livestream for my talk on the Glosaic livestream! ${broadcast}`,
    );
  });

  it("does not exist for someone who is only backstage", () => {
    expect(speakerShareIntent(sessionsOf(edition, "test-speaker"), event)).toBeUndefined();
  });
});
