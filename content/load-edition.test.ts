import { describe, expect, it } from "vitest";
import { EditionError, editionIds, readEditionInput, testEditionsRoot } from "./editions.ts";
import { loadEdition } from "./load-edition.ts";

const ids = [...editionIds(), ...editionIds(testEditionsRoot)];

describe("Loading an edition", () => {
  it("holds every edition side by side in one process, each loaded once", () => {
    const loaded = ids.map((id) => loadEdition(id));
    expect(loaded.map((edition) => edition.id)).toEqual(ids);
    for (const edition of loaded) expect(loadEdition(edition.id)).toBe(edition);
    // Each is its own folder's, whichever edition EDITION names.
    expect(loaded.map((edition) => edition.edition.event.name)).toEqual(
      ids.map((id) => readEditionInput(id).event.name),
    );
  });

  it("refuses an id without a folder, in one line", () => {
    expect(() => loadEdition("no-such-edition")).toThrow(EditionError);
  });
});
