import { describe, expect, it } from "vitest";
import { personGuid, roomGuid, sessionGuid, urlNamespace, uuidV5 } from "./guids";

const v5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("UUID v5", () => {
  it("gives what other implementations give for the same namespace and name (Python's uuid.uuid5)", () => {
    // uuid.uuid5(uuid.NAMESPACE_DNS, "python.org"), the example in Python's documentation.
    expect(uuidV5("python.org", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
    expect(uuidV5("https://example.org/sessions/a", urlNamespace)).toBe("dbabfaf0-d2c5-528c-bbfd-5b0d0a1f577d");
    // Names are hashed as UTF-8.
    expect(uuidV5("https://example.org/ünïcode", urlNamespace)).toBe("291f4008-d1b7-56a8-bd05-917517dfebcb");
  });

  it("sets the version and variant bits", () => {
    for (const name of ["a", "b", "c", "d", "e", "f", "g", "h"]) expect(uuidV5(name, urlNamespace)).toMatch(v5);
  });

  it("refuses a namespace that is not a UUID", () => {
    expect(() => uuidV5("a", "not-a-uuid")).toThrow(/Not a UUID/);
  });
});

describe("The site's GUIDs", () => {
  it("name a session by the site and its id: the same with or without a trailing slash, another on another site", () => {
    const guid = sessionGuid("https://example.org", "a");
    expect(guid).toBe("dbabfaf0-d2c5-528c-bbfd-5b0d0a1f577d");
    expect(sessionGuid("https://example.org/", "a")).toBe(guid);
    expect(sessionGuid("https://example.net", "a")).not.toBe(guid);
    expect(sessionGuid("https://example.org", "b")).not.toBe(guid);
  });

  it("keep sessions, rooms and people apart even when their ids are alike", () => {
    const guids = [
      sessionGuid("https://example.org", "x"),
      roomGuid("https://example.org", "x"),
      personGuid("https://example.org", "/x"),
    ];
    expect(new Set(guids).size).toBe(3);
    for (const guid of guids) expect(guid).toMatch(v5);
  });
});
