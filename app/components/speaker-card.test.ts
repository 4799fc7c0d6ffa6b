import { describe, expect, it } from "vitest";
import { cardBio, cardBioLength, cardSpeaker } from "./speaker-card";
import { everyEdition } from "../../tests/every-edition";

describe("A speaker card's bio", () => {
  it("is whole when it fits", () => {
    const bio = "x".repeat(cardBioLength);
    expect(cardBio(bio)).toBe(bio);
  });

  it("is cut after its last sentence that fits, and says it goes on", () => {
    const sentence = "I build compilers for small boards. ";
    const bio = sentence.repeat(Math.ceil((cardBioLength * 2) / sentence.length));
    const shown = cardBio(bio);
    expect(shown.length).toBeLessThanOrEqual(cardBioLength + 2);
    expect(shown).toMatch(/boards\. …$/);
    expect(bio.startsWith(shown.slice(0, -2))).toBe(true);
  });

  it("is cut after a whole word where no sentence ends in the first half", () => {
    const bio = "Ścieżka Łódź Jiří Ørjan ".repeat(60);
    const shown = cardBio(bio);
    expect(shown.length).toBeLessThanOrEqual(cardBioLength + 2);
    expect(shown).toMatch(/(Ścieżka|Łódź|Jiří|Ørjan) …$/);
  });
});

describe.each(everyEdition)("The cards of $id", ({ edition }) => {
  it("show every short bio whole", () => {
    for (const speaker of edition.speakers) {
      if ((speaker.bio ?? "").length <= cardBioLength) expect(cardSpeaker(speaker).bio).toBe(speaker.bio);
    }
  });
});
