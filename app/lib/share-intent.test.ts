import { describe, expect, it } from "vitest";
import { editionsOfReferenceShape } from "../../tests/every-edition";
import * as m from "../i18n/messages";
import { shareIntentText, shareIntentUrl, speakerShareIntent } from "./share-intent";
import { sentenceList, sessionsOf } from "./speaker-schedule";
import { minutesBefore } from "../../common/time";

const live = "https://stream.example.com/example-conf-2031/live";
const livestream = "Example Conf livestream";
const textOf = (url: string | undefined) => new URL(url ?? "").searchParams.get("text");

describe("The share-on-X post", () => {
  it("names nobody else when the speaker is alone", () => {
    expect(
      shareIntentText({
        type: "Talk",
        participants: [],
        livestreamName: livestream,
        broadcastUrl: live,
      }),
    ).toBe(m.shareText({ session: m.shareMyTalk, livestream, url: live }));
  });

  it("names one other participant", () => {
    expect(
      shareIntentText({
        type: "Q&A",
        participants: ["Ada Obi"],
        livestreamName: livestream,
        broadcastUrl: live,
      }),
    ).toBe(m.shareTextWith({ session: m.shareMyQa, names: "Ada Obi", livestream, url: live }));
  });

  it("joins two others as a sentence lists them", () => {
    expect(
      shareIntentText({
        type: "Submitted Demo",
        participants: ["Ada Obi", "Ben Lo"],
        livestreamName: livestream,
        broadcastUrl: live,
      }),
    ).toBe(
      m.shareTextWith({ session: m.shareMyDemo, names: sentenceList(["Ada Obi", "Ben Lo"]), livestream, url: live }),
    );
  });

  it("lists three others as a sentence lists them", () => {
    expect(
      shareIntentText({
        type: "Panel",
        participants: ["Ada Obi", "Ben Lo", "Cy Park"],
        livestreamName: livestream,
        broadcastUrl: live,
      }),
    ).toBe(
      m.shareTextWith({
        session: m.shareMyPanel,
        names: sentenceList(["Ada Obi", "Ben Lo", "Cy Park"]),
        livestream,
        url: live,
      }),
    );
  });

  it("calls a kind of session the spec does not name (an imported schedule's) the speaker's session", () => {
    expect(
      shareIntentText({ type: "Workshop", participants: [], livestreamName: livestream, broadcastUrl: live }),
    ).toBe(m.shareText({ session: m.shareMySession, livestream, url: live }));
  });

  it("is URL-encoded into X's post intent, and decodes back to the same text", () => {
    const text = shareIntentText({
      type: "Q&A",
      participants: ["Ada Obi"],
      livestreamName: livestream,
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

describe.each(editionsOfReferenceShape)("What a speaker of $id shares", ({ edition }) => {
  const { event } = edition;
  const broadcast = event.links.broadcast;
  const nameOf = (id: string) => edition.speakers.find((speaker) => speaker.id === id)?.name ?? id;
  const onStream = (id: string) => edition.agenda.filter((slot) => slot.hostId === id || slot.speakerIds.includes(id));
  /** The edition's first speaker whose first session on stream passes `test`, or an error naming what is missing. */
  const speakerWhere = (what: string, test: (id: string, first: (typeof edition.agenda)[number]) => boolean) => {
    const id = edition.speakers
      .map((s) => s.id)
      .find((candidate) => {
        const first = onStream(candidate)[0];
        return first !== undefined && test(candidate, first);
      });
    if (!id) throw new Error(`the edition has no ${what}`);
    return id;
  };

  it("is their panel with everyone else on it, the moderator first, and never themselves", () => {
    const panellist = speakerWhere(
      "panellist on a moderated panel",
      (id, first) => first.type === "Panel" && first.hostId !== undefined && first.hostId !== id,
    );
    const panel = onStream(panellist)[0]!;
    const others = [panel.hostId!, ...panel.speakerIds.filter((id) => id !== panellist)].map(nameOf);
    expect(textOf(speakerShareIntent(sessionsOf(edition, panellist), event))).toBe(
      m.shareTextWith({
        session: m.shareMyPanel,
        names: sentenceList(others),
        livestream: event.livestreamName,
        url: broadcast,
      }),
    );
  });

  it("skips the green room, which the audience cannot watch", () => {
    const backstage = edition.backstage.flatMap((session) => session.participantIds);
    const speaker = speakerWhere("speaker with a green room and a session on stream", (id) => backstage.includes(id));
    expect(sessionsOf(edition, speaker)[0]?.type).toBe("Green room");
    const first = onStream(speaker)[0]!;
    const others = [...(first.hostId ? [first.hostId] : []), ...first.speakerIds].filter((id) => id !== speaker);
    expect(textOf(speakerShareIntent(sessionsOf(edition, speaker), event))).toBe(
      shareIntentText({
        type: first.type,
        participants: others.map(nameOf),
        livestreamName: event.livestreamName,
        broadcastUrl: broadcast,
      }),
    );
  });

  it("is a solo talk for a speaker on stage alone", () => {
    const soloist = speakerWhere(
      "speaker alone on stage for a talk",
      (_, first) => first.type === "Talk" && !first.hostId && first.speakerIds.length === 1,
    );
    expect(textOf(speakerShareIntent(sessionsOf(edition, soloist), event))).toBe(
      m.shareText({ session: m.shareMyTalk, livestream: event.livestreamName, url: broadcast }),
    );
  });

  it("does not exist for someone who is only backstage", () => {
    // A rehearsal before the day opens, for someone with no session on stream.
    const opening = edition.agenda[0]!;
    const withRehearsal = {
      ...edition,
      speakers: [...edition.speakers, { ...edition.speakers[0]!, id: "rehearsal-only", name: "Rae Hearsal" }],
      backstage: [
        ...edition.backstage,
        {
          id: "tech-check-only",
          start: minutesBefore(opening.start, 40),
          end: minutesBefore(opening.start, 25),
          type: "Green room" as const,
          title: "Tech check rehearsal",
          participantIds: ["rehearsal-only"],
        },
      ],
    };
    expect(sessionsOf(withRehearsal, "rehearsal-only")).toHaveLength(1);
    expect(speakerShareIntent(sessionsOf(withRehearsal, "rehearsal-only"), event)).toBeUndefined();
  });
});
