import { describe, expect, it } from "vitest";
import { cardBioLength, cardSpeaker } from "../components/speaker-card";
import { shortened } from "./shortened";
import { descriptionLength, pageMeta } from "./seo";
import { everyEdition } from "../../tests/every-edition";

describe("A text shortened for a preview (a card's bio)", () => {
  it("is whole when it fits", () => {
    const bio = "x".repeat(cardBioLength);
    expect(shortened(bio, cardBioLength)).toBe(bio);
  });

  it("is cut after its last sentence that fits, and says it goes on", () => {
    const sentence = "I build compilers for small boards. ";
    const bio = sentence.repeat(Math.ceil((cardBioLength * 2) / sentence.length));
    const shown = shortened(bio, cardBioLength);
    expect(shown.length).toBeLessThanOrEqual(cardBioLength + 2);
    expect(shown).toMatch(/boards\. …$/);
    expect(bio.startsWith(shown.slice(0, -2))).toBe(true);
  });

  it("is cut after a whole word where no sentence ends in the first half", () => {
    const bio = "Ścieżka Łódź Jiří Ørjan ".repeat(60);
    const shown = shortened(bio, cardBioLength);
    expect(shown.length).toBeLessThanOrEqual(cardBioLength + 2);
    expect(shown).toMatch(/(Ścieżka|Łódź|Jiří|Ørjan) …$/);
  });
});

describe("A page's description in its head", () => {
  it("names a long abstract by its first sentences, the same in each of its three tags", () => {
    const abstract = "We ported a compiler to a board of 64 KB. ".repeat(60);
    const tags = pageMeta({ title: "A talk", description: abstract, path: "/talks/a-talk" });
    const named = (tag: (typeof tags)[number]) => ("name" in tag ? tag.name : "property" in tag ? tag.property : "");
    const descriptions = tags.flatMap((tag) =>
      ["description", "og:description", "twitter:description"].includes(String(named(tag))) && "content" in tag
        ? [String(tag.content)]
        : [],
    );
    expect(descriptions).toEqual(Array(3).fill(shortened(abstract, descriptionLength)));
    expect(descriptions[0]!.length).toBeLessThanOrEqual(descriptionLength + 2);
  });
});

describe.each(everyEdition)("The cards of $id", ({ edition }) => {
  it("show every short bio whole", () => {
    for (const speaker of edition.speakers) {
      if ((speaker.bio ?? "").length <= cardBioLength) expect(cardSpeaker(speaker).bio).toBe(speaker.bio);
    }
  });

  it("leave every talk's description whole that fits a page's head", () => {
    for (const talk of edition.talks) {
      if (talk.description.length <= descriptionLength)
        expect(shortened(talk.description, descriptionLength)).toBe(talk.description);
    }
  });
});
