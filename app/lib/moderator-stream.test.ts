import { expect, it } from "vitest";
import { fixedPages } from "../../common/fixed-pages";
import { moderatePath } from "../../common/question-contract";

it("routes /moderate where questions.ts says the moderator's page is", () => {
  // fixed-pages.ts writes the path out rather than importing questions.ts into every page's chunk.
  expect(fixedPages.filter((page) => page.path === moderatePath)).toEqual([
    { path: moderatePath, file: "routes/moderate.tsx", kind: "unlisted" },
  ]);
});
