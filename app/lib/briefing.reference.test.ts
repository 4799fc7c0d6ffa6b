import { describe, expect, it } from "vitest";
import { edition, type Edition } from "../../content";
import { briefingView, timelineOf } from "./briefing";

/**
 * The reference edition's briefings as the spec describes them: its speakers, their titles and the times they join,
 * in Eastern Time. briefing.test.ts checks the same behaviour on any edition's briefings.
 */
const et = { timeZone: edition.event.timeZone, label: edition.event.timeZoneLabel };

function briefing(slug: string, from: Edition = edition) {
  const found = from.briefings.find((b) => b.slug === slug);
  if (!found) throw new Error(`no briefing ${slug}`);
  return found;
}

function view(slug: string, from: Edition = edition) {
  const result = briefingView(from, briefing(slug, from));
  if (!result.found) throw new Error(`briefing ${slug} has no speaker`);
  return result;
}

function timeline(slug: string) {
  const { sessions, joinTime } = view(slug);
  if (!joinTime) throw new Error(`briefing ${slug} has no join time`);
  return timelineOf(sessions, joinTime, et, edition.event.date).map((step) => `${step.time} ${step.what}`);
}

describe("The panel speaker's briefing", () => {
  it("by default shows the open-model co-founder and the panel's own title", () => {
    const { speaker, sessions } = view("leilani");
    expect(speaker).toMatchObject({ name: "Leilani Kealoha", firstName: "Leilani" });
    expect(speaker.title).toMatch(/^Co-founder, /);
    expect(sessions.map((s) => s.title)).toEqual(["Panel Discussion on AI and ML"]);
  });

  it("takes the session title and the speaker from its '{slug}-qa' configuration entry when there is one", () => {
    const configured: Edition = {
      ...edition,
      briefingConfig: {
        "leilani-qa": {
          title: "Open models in production",
          speaker: { name: "Mara Quint", title: "Co-founder, Example Models", imgUrl: "/portraits/mara.svg" },
        },
      },
    };
    const { speaker, sessions, joinTime } = view("leilani", configured);
    expect(speaker).toEqual({
      name: "Mara Quint",
      firstName: "Mara",
      title: "Co-founder, Example Models",
      portrait: "/portraits/mara.svg",
    });
    expect(sessions.map((s) => s.title)).toEqual(["Open models in production"]);
    expect(joinTime).toBe(view("leilani").joinTime);
  });

  it("keeps the default speaker when the entry renames only the session", () => {
    const configured: Edition = { ...edition, briefingConfig: { "leilani-qa": { title: "Renamed" } } };
    expect(view("leilani", configured).speaker.name).toBe("Leilani Kealoha");
    expect(view("leilani", configured).sessions[0]?.title).toBe("Renamed");
  });

  it("names the fellow panellists (a model-lab and a cloud-compute founder) and the moderator", () => {
    const { panel } = view("leilani");
    expect(panel?.panellists.map((p) => p.name)).toEqual(["Rustam Nazarov", "Ingrid Solberg"]);
    expect(panel?.panellists.map((p) => p.title)).toEqual([
      "Founder, Quillwork Labs",
      "Founder and CEO, Stratacore Cloud",
    ]);
    expect(panel?.moderator.name).toBe("Adaeze Fontaine");
  });

  it("has the timeline 9:55am join, then the 10:00 - 10:30am panel (decision 002)", () => {
    expect(timeline("leilani")).toEqual([
      "9:55am ET join the stream (virtual green room)",
      "10:00 - 10:30am ET session",
    ]);
  });
});

describe("The other briefings", () => {
  it("gives the demo speaker 'Demo of Feedback Forensics', joining at 12:30pm for 12:35 - 12:40pm", () => {
    const { sessions } = view("linnea");
    expect(sessions.map((s) => s.title)).toEqual(["Demo of Feedback Forensics"]);
    expect(timeline("linnea")).toEqual([
      "12:30pm ET join the stream (virtual green room)",
      "12:35 - 12:40pm ET session",
    ]);
  });

  it("has the moderator join at 9:45am for the first of seven sessions", () => {
    const { sessions, panel } = view("adaeze");
    expect(sessions).toHaveLength(7);
    expect(panel).toBeUndefined();
    expect(timeline("adaeze")).toEqual([
      "9:45am ET join the stream (virtual green room)",
      "10:00 - 10:30am ET session (first of 7)",
    ]);
  });

  it("has the second panel speaker join at 9:40am for the green room, then the panel", () => {
    expect(view("rustam").sessions.map((s) => s.type)).toEqual(["Green room", "Panel"]);
    expect(view("rustam").panel?.panellists.map((p) => p.name)).toEqual(["Leilani Kealoha", "Ingrid Solberg"]);
    expect(timeline("rustam")).toEqual([
      "9:40am ET join the stream (virtual green room)",
      "9:45 - 10:00am ET green room",
      "10:00 - 10:30am ET session",
    ]);
  });

  it("has the talk speaker join at 12:15pm for one session", () => {
    expect(view("soraya").sessions).toHaveLength(1);
    expect(timeline("soraya")).toEqual([
      "12:15pm ET join the stream (virtual green room)",
      "12:20 - 12:35pm ET session",
    ]);
  });

  it("has the rehearsal speaker join before the tech check, which is all they have", () => {
    expect(timeline("test-speaker")).toEqual([
      "9:15am ET join the stream (virtual green room)",
      "9:20 - 9:35am ET green room",
    ]);
  });
});

describe("The timeline in a visitor's own zone", () => {
  it("writes the day beside a time that falls on another day than the event's", () => {
    const { sessions, joinTime } = view("soraya");
    const auckland = timelineOf(sessions, joinTime!, { timeZone: "Pacific/Auckland", label: "GMT+12" }, "2025-04-16");
    expect(auckland.map((step) => step.time)).toEqual([
      "4:15am GMT+12 (Thu, Apr 17)",
      "4:20 - 4:35am GMT+12 (Thu, Apr 17)",
    ]);
    const berlin = timelineOf(sessions, joinTime!, { timeZone: "Europe/Berlin", label: "GMT+2" }, "2025-04-16");
    expect(berlin.map((step) => step.time)).toEqual(["6:15pm GMT+2", "6:20 - 6:35pm GMT+2"]);
  });
});

describe("A briefing whose speaker record is missing", () => {
  const withoutDemoSpeaker: Edition = {
    ...edition,
    speakers: edition.speakers.filter((s) => s.id !== briefing("linnea").speakerId),
  };

  it("is 'not found', not a page about nobody", () => {
    expect(briefingView(withoutDemoSpeaker, briefing("linnea", withoutDemoSpeaker))).toEqual({
      found: false,
      briefing: briefing("linnea"),
    });
  });

  it("is still found when its configuration entry stands in a speaker", () => {
    const configured: Edition = {
      ...withoutDemoSpeaker,
      briefings: withoutDemoSpeaker.briefings.map((b) => (b.slug === "linnea" ? { ...b, configKey: "linnea-qa" } : b)),
      briefingConfig: { "linnea-qa": { speaker: { name: "Ola Berg", title: "Engineer", imgUrl: "/portraits/o.svg" } } },
    };
    expect(view("linnea", configured).speaker.name).toBe("Ola Berg");
  });
});
