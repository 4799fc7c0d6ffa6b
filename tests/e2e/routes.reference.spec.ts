import { expect, test } from "./fixtures";

// The reference edition's site is the spec's: its sitemap lists at least the 45 public pages the spec counts.
// routes.spec.ts checks that any edition's sitemap lists exactly its own pages.

test("The sitemap lists at least the spec's 45 public pages", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  const listed = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)];
  expect(listed.length).toBeGreaterThanOrEqual(45);
});
