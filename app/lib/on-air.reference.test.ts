import { describe, expect, it } from "vitest";
import { edition } from "../../content";
import { liveStatus } from "./on-air";

/**
 * Live tracking against the reference edition's own schedule, at the spec's times in New York (16 April 2025,
 * EDT). on-air.test.ts checks the same behaviour on any edition's agenda.
 */
const agenda = edition.agenda;
const at = (iso: string) => new Date(iso);

describe("Live tracking of the reference edition's stream", () => {
  it("finds the opening panel at its first second, with the whole half hour left", () => {
    const status = liveStatus(at("2025-04-16T10:00:00-04:00"), agenda);
    expect(status?.current?.session.id).toBe("opening-panel");
    expect(status?.current?.progress).toBe(0);
    expect(status?.current?.timeLeft).toBe("30:00 left");
    expect(status?.next?.id).toBe("talk-nomic");
  });

  it("reads an instant given in UTC against the New York schedule", () => {
    // 14:07:30 UTC is 10:07:30 in New York on 16 April (EDT, UTC-4).
    const status = liveStatus(at("2025-04-16T14:07:30Z"), agenda);
    expect(status?.current?.session.id).toBe("opening-panel");
    expect(status?.current?.timeLeft).toBe("22:30 left");
    expect(status?.current?.progress).toBe(25);
  });

  it("switches to m:ss down to one minute, then to seconds", () => {
    expect(liveStatus(at("2025-04-16T10:29:00-04:00"), agenda)?.current?.timeLeft).toBe("1:00 left");
    expect(liveStatus(at("2025-04-16T10:29:01-04:00"), agenda)?.current?.timeLeft).toBe("59s left");
  });

  it("shows the last second of a session, then says it is ending", () => {
    expect(liveStatus(at("2025-04-16T10:29:59-04:00"), agenda)?.current?.timeLeft).toBe("1s left");
    const ending = liveStatus(at("2025-04-16T10:29:59.500-04:00"), agenda);
    expect(ending?.current?.session.id).toBe("opening-panel");
    expect(ending?.current?.timeLeft).toBe("Ending now");
  });

  it("hands over at the instant one session ends and the next starts", () => {
    const status = liveStatus(at("2025-04-16T10:30:00-04:00"), agenda);
    expect(status?.current?.session.id).toBe("talk-nomic");
    expect(status?.next?.id).toBe("qa-ollama");
  });

  it("has no next session during the last one", () => {
    const status = liveStatus(at("2025-04-16T15:34:59-04:00"), agenda);
    expect(status?.current?.session.id).toBe("closing-remarks");
    expect(status?.current?.timeLeft).toBe("1s left");
    expect(status?.next).toBeNull();
  });

  it("is not live before the first session or once the last has ended", () => {
    expect(liveStatus(at("2025-04-16T09:59:59-04:00"), agenda)).toBeNull();
    expect(liveStatus(at("2025-04-16T15:35:00-04:00"), agenda)).toBeNull();
    expect(liveStatus(at("2025-04-15T10:15:00-04:00"), agenda)).toBeNull();
    expect(liveStatus(at("2025-04-17T10:15:00-04:00"), agenda)).toBeNull();
    expect(liveStatus(at("2025-04-16T10:15:00-04:00"), [])).toBeNull();
  });
});
