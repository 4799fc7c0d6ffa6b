import { describe, expect, it } from "vitest";
import * as m from "../i18n/messages";
import { recorded, refusal } from "./vote-toasts";

describe("a vote's toasts", () => {
  it("thank the voter by the demo's name", () => {
    expect(recorded("Notewell")).toEqual({ title: m.voteRecorded, description: m.voteThanks({ title: "Notewell" }) });
  });

  it("say why a vote was refused, in the server's words where it gave them", () => {
    expect(refusal(409, null)).toEqual({ tone: "error", title: m.voteAlready, description: m.voteAlreadyDescription });
    expect(refusal(403, "Voting closed at noon.")).toEqual({
      tone: "error",
      title: m.voteRefused,
      description: "Voting closed at noon.",
    });
    // A network's flood is the network's, whatever the server adds.
    expect(refusal(429, "Rate limit exceeded")).toEqual({
      tone: "error",
      title: m.voteTooMany,
      description: m.voteTooManyDescription,
    });
    expect(refusal(500, null)).toEqual({ tone: "error", title: m.voteNotCounted, description: m.voteNotSent });
  });

  it("say that a vote made offline was not sent", () => {
    expect(refusal(0, null)).toEqual({ tone: "error", title: m.voteNotSentTitle, description: m.voteNotSent });
  });
});
