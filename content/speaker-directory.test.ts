import { describe, expect, it } from "vitest";
import { everyEdition } from "../tests/every-edition.ts";
import type { AgendaSlot, Speaker } from "./schema.ts";
import { letterOf, otherNames, speakerDirectory, type DirectorySections } from "./speaker-directory.ts";

describe("letterOf", () => {
  it("files a name under its first letter folded as a search folds it, as a capital", () => {
    expect(letterOf("Ágnes Kovács", "en")).toBe("A");
    expect(letterOf("ágnes", "en")).toBe("A");
    expect(letterOf("Ğülşen Doğan", "en")).toBe("G");
    expect(letterOf("Émilie Leclerc", "de")).toBe("E");
    expect(letterOf("Ｚｏë", "en")).toBe("Z");
  });

  it("keeps letters that are not a base letter and a mark apart, and Greek and Cyrillic under their own", () => {
    expect(letterOf("Łukasz Wiśniewski", "en")).toBe("Ł");
    expect(letterOf("Ørjan Øvrebø", "en")).toBe("Ø");
    expect(letterOf("Άννα Οικονόμου", "en")).toBe("Α");
    expect(letterOf("Ольга Петрова", "en")).toBe("О");
  });

  it("gathers scripts without case, digits and names of signs alone under one group", () => {
    expect(letterOf("健太 鈴木", "ja")).toBe(otherNames);
    expect(letterOf("さくら 山田", "en")).toBe(otherNames);
    expect(letterOf("3ric", "en")).toBe(otherNames);
    expect(letterOf("@@@", "en")).toBe(otherNames);
  });

  it("passes over leading signs", () => {
    expect(letterOf("'t Hooft", "en")).toBe("T");
    expect(letterOf("@kofi", "en")).toBe("K");
  });
});

/** A small edition's sections: each named person speaks in one session, the first hosts it. */
function sections(names: string[], locale = "en"): DirectorySections {
  const speakers = names.map((name, index): Speaker => ({
    id: `p${String(index)}`,
    name,
    portrait: "/p.svg",
    links: [],
  }));
  const agenda = speakers.map((speaker, index): AgendaSlot => ({
    id: `s${String(index)}`,
    title: `Session ${String(index)}`,
    start: "2031-05-01T10:00:00Z",
    end: "2031-05-01T10:30:00Z",
    type: "Talk",
    speakerIds: [speaker.id],
    ...(index === 0 ? { talkId: "t0" } : {}),
  }));
  return {
    agenda,
    speakers,
    talks: [{ id: "t0", path: "/talks/t0" }] as DirectorySections["talks"],
    event: { locale },
  };
}

const letters = (names: string[], locale?: string) =>
  speakerDirectory(sections(names, locale)).groups.map((group) => group.letter);
const order = (names: string[], locale?: string) =>
  speakerDirectory(sections(names, locale)).groups.flatMap((group) => group.speakers.map((speaker) => speaker.name));

describe("speakerDirectory", () => {
  const names = ["Zoë Kim", "Ágnes Kovács", "Łukasz Nowak", "Lena Barros", "健太 鈴木", "Ольга Петрова", "Adam Okafor"];

  it("groups by letter in the language's alphabetical order, the names of other scripts last", () => {
    expect(letters(names)).toEqual(["A", "L", "Ł", "Z", "О", otherNames]);
  });

  it("sorts names within a letter by the language's collation: marks and punctuation do not push a name aside", () => {
    expect(order(["Ana Zed", "Ágnes Kovács", "Adam Okafor", "Aoife O'Brien", "Aoife Obi"])).toEqual([
      "Adam Okafor",
      "Ágnes Kovács",
      "Ana Zed",
      "Aoife Obi",
      "Aoife O'Brien",
    ]);
    expect(order(["Speaker 10", "Speaker 2"])).toEqual(["Speaker 2", "Speaker 10"]);
  });

  it("gives each speaker their job title and sessions, a session's page where it has one", () => {
    const [group] = speakerDirectory({
      ...sections(["Ada Obi"]),
      speakers: [{ id: "p0", name: "Ada Obi", title: "Founder, Nomic", portrait: "/p.svg", links: [] }],
    }).groups;
    expect(group?.speakers).toEqual([
      { id: "p0", name: "Ada Obi", title: "Founder, Nomic", sessions: [{ title: "Session 0", path: "/talks/t0" }] },
    ]);
    expect(speakerDirectory(sections(["X", "Bea"])).groups[0]?.speakers[0]?.sessions).toEqual([{ title: "Session 1" }]);
  });

  it("lists nobody who is only backstage, and a host and speaker of one session once", () => {
    const edition = sections(["Ada Obi", "Ben Lo"]);
    const [first] = edition.agenda;
    const agenda = [{ ...first!, hostId: "p0", speakerIds: ["p0"] }];
    const directory = speakerDirectory({ ...edition, agenda });
    expect(directory.groups.flatMap((group) => group.speakers.map((speaker) => speaker.id))).toEqual(["p0"]);
    expect(directory.groups[0]?.speakers[0]?.sessions).toHaveLength(1);
  });
});

describe.each(everyEdition)("The speakers' directory of $id", ({ edition }) => {
  const directory = speakerDirectory(edition);
  const listed = directory.groups.flatMap((group) => group.speakers);
  const onProgramme = new Set(
    edition.agenda.flatMap((slot) => [...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds]),
  );

  it("lists everyone on the programme once, each under the letter of their name", () => {
    expect(listed.map((speaker) => speaker.id).sort()).toEqual([...onProgramme].sort());
    for (const group of directory.groups) {
      expect(group.speakers.length).toBeGreaterThan(0);
      for (const speaker of group.speakers) expect(letterOf(speaker.name, edition.event.locale)).toBe(group.letter);
    }
  });

  it("gives each their sessions of the agenda in its order", () => {
    for (const speaker of listed) {
      const slots = edition.agenda.filter((slot) => slot.hostId === speaker.id || slot.speakerIds.includes(speaker.id));
      expect(speaker.sessions.map((session) => session.title)).toEqual(slots.map((slot) => slot.title));
    }
  });
});
