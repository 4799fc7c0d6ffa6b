import { describe, expect, it } from "vitest";
import { ImportNotes } from "./import-notes";
import { matchSpeakers } from "./merge-speakers";
import type { FilePerson } from "./read-session";

const person = (key: string, name: string): FilePerson => ({ key, name, bio: undefined, avatar: undefined, links: [] });

describe("Speaker ids of a file's people", () => {
  it("are made of their names, in plain Latin where the name is in Latin letters", () => {
    const { idByKey } = matchSpeakers(new Map([["code:A", person("code:A", "Ørjan Łukasz")]]), [], new ImportNotes());
    expect(idByKey.get("code:A")).toBe("orjan-lukasz");
  });

  it("are made of the file's code, id or guid where the name has no Latin letter, so that each is told apart", () => {
    const persons = [
      person("code:7KXBEE", "Дмитрий"),
      person("id:123", "山田 太郎"),
      person("guid:4f09b480-eebf-54b5-b703-781907c5e048", "Γιώργος"),
      person("name:🙈", "🙈"),
    ];
    const { idByKey } = matchSpeakers(new Map(persons.map((p) => [p.key, p])), [], new ImportNotes());
    expect(persons.map((p) => idByKey.get(p.key))).toEqual([
      "speaker-7kxbee",
      "speaker-123",
      "speaker-4f09b480",
      "speaker",
    ]);
  });
});
