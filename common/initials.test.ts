import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("Initials standing in for a portrait", () => {
  it("take the first letters of the first and last names, upper-cased", () => {
    expect(initialsOf("Leilani Kealoha")).toBe("LK");
    expect(initialsOf("Mei-Lin Chao")).toBe("MC");
    expect(initialsOf("ana maría de la cruz")).toBe("AC");
    expect(initialsOf("guest-presenter")).toBe("G");
  });

  it("draw letters of any script, and leave aside what a programme writes beside a name", () => {
    expect(initialsOf("łukasz Żuk")).toBe("ŁŻ");
    expect(initialsOf("Ørjan Jiří")).toBe("ØJ");
    expect(initialsOf("Γιώργος Παπαδόπουλος")).toBe("ΓΠ");
    expect(initialsOf("jendrik (any)")).toBe("J");
    expect(initialsOf("saxnot (he/him)")).toBe("S");
    expect(initialsOf("Martin Luther King Jr.")).toBe("MK");
    expect(initialsOf("@blinry 🦀")).toBe("B");
    expect(initialsOf("🙈")).toBe("");
  });
});
