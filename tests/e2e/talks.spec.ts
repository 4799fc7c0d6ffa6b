import { edition } from "../../content";
import { expect, test } from "./fixtures";

for (const talk of edition.talks) {
  test(`${talk.path} shows its talk, when and where, and has its own share card and calendar file`, async ({
    page,
    request,
  }) => {
    await page.goto(talk.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(talk.title);
    const facts = page.getByRole("complementary", { name: "When and where" });
    await expect(facts).toContainText("April 16, 2025");
    await expect(facts).toContainText(/\d{1,2}:\d\d(am|pm)? - \d{1,2}:\d\d(am|pm) ET/);
    await expect(facts).toContainText(edition.event.location);
    await expect(facts.getByRole("link", { name: /^Register Now/ })).toHaveAttribute(
      "href",
      edition.event.links.register,
    );
    await expect(page.getByRole("heading", { name: /^Featured speaker/ })).toBeVisible();

    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toBe(`${edition.event.siteUrl}/og/talks/${talk.id}.png`);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image ?? "");
    const png = await request.get(new URL(image ?? "").pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");

    const calendar = await request.get(
      (await facts.getByRole("link", { name: "Add to calendar" }).getAttribute("href")) ?? "",
    );
    expect(calendar.status()).toBe(200);
    expect(await calendar.text()).toContain(`URL:${edition.event.siteUrl}${talk.path}`);
  });
}

test("The panel page states its three speakers, date, time and place", async ({ page }) => {
  await page.goto("/panel");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Building Open-Source AI Tools");
  const facts = page.getByRole("complementary", { name: "When and where" });
  await expect(facts).toContainText("April 16, 2025");
  await expect(facts).toContainText("11:00 AM - 1:00 PM ET");
  await expect(facts).toContainText("Live on YouTube");
  await expect(page.getByRole("heading", { name: "Featured speakers" })).toBeVisible();
  for (const id of edition.panelPage.speakerIds) {
    const speaker = edition.speakers.find((s) => s.id === id);
    await expect(page.getByRole("heading", { name: speaker?.name ?? id })).toBeVisible();
  }
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${edition.event.siteUrl}/og/talks/${edition.panelPage.id}.png`,
  );
});
