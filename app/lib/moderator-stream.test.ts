import { describe, expect, it } from "vitest";
import { fixedPages } from "../../shared/fixed-pages";
import { sseReader } from "./moderator-stream";
import { moderatePath } from "../../shared/question-contract";

describe("sseReader", () => {
  it("reads whole events as they arrive in pieces, skipping comments and fields it does not use", () => {
    const read = sseReader();
    expect(read("retry: 3000\n\nevent: snap")).toEqual([]);
    expect(read('shot\ndata: {"questions":[]}\n')).toEqual([]);
    expect(read("\n: heartbeat\n\n")).toEqual([{ event: "snapshot", data: '{"questions":[]}' }]);
    expect(read('id: 7\nevent: question\ndata: {"id":"a"}\n\nevent: question\ndata:{"id":"b"}\n\n')).toEqual([
      { event: "question", data: '{"id":"a"}' },
      { event: "question", data: '{"id":"b"}' },
    ]);
  });

  it('joins data lines, takes CRLF line ends, and names an unnamed event "message"', () => {
    const read = sseReader();
    expect(read("data: one\r\ndata: two\r\n\r")).toEqual([]);
    expect(read("\n")).toEqual([{ event: "message", data: "one\ntwo" }]);
  });
});

it("routes /moderate where question-contract.ts says the moderator's page is", () => {
  // fixed-pages.ts writes the path out rather than importing question-contract.ts into every page's chunk.
  expect(fixedPages.filter((page) => page.path === moderatePath)).toEqual([
    { path: moderatePath, file: "routes/moderate.tsx", kind: "unlisted" },
  ]);
});
