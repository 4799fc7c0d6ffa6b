import { describe, expect, it } from "vitest";
import { firstNameOf } from "./first-name";

describe("A speaker's first name", () => {
  it("is the first word of their name, hyphens kept", () => {
    expect(firstNameOf("Leilani Kealoha")).toBe("Leilani");
    expect(firstNameOf("Mei-Lin Chao")).toBe("Mei-Lin");
    expect(firstNameOf("ana maría de la cruz")).toBe("ana");
  });

  it("is the whole name when there is one word, and ignores stray spaces", () => {
    expect(firstNameOf("Ada")).toBe("Ada");
    expect(firstNameOf("  Ada \t Lovelace ")).toBe("Ada");
  });
});
