import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("Initials standing in for a portrait", () => {
  it("take the first letter of the first two names, upper-cased", () => {
    expect(initialsOf("Leilani Kealoha")).toBe("LK");
    expect(initialsOf("Mei-Lin Chao")).toBe("MC");
    expect(initialsOf("ana maría de la cruz")).toBe("AM");
    expect(initialsOf("guest-presenter")).toBe("G");
  });
});
