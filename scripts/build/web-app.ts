import { readFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { Edition } from "../../content";
import { webAppManifestPath } from "../../common/offline-pages";
import { pageColour, siteIconPath } from "../../common/site-paths";

/**
 * The web app manifest and its icons (issue 32), from the edition: its name, its short name, its language, and
 * its mark (the site's icon, public/favicon.svg) drawn at the sizes browsers ask for: 192 and 512 pixels, and a
 * 512-pixel "maskable" one, the mark within the middle 80% on the page's colour, which a launcher may cut to a
 * circle or a rounded square without cutting into the mark.
 */
export interface IconFile {
  path: string;
  size: number;
  purpose: "any" | "maskable";
}

export const iconFiles: readonly IconFile[] = [
  { path: "/icons/icon-192.png", size: 192, purpose: "any" },
  { path: "/icons/icon-512.png", size: 512, purpose: "any" },
  { path: "/icons/maskable-512.png", size: 512, purpose: "maskable" },
];

export function webAppManifest({ event }: Edition) {
  return {
    id: "/",
    name: event.name,
    short_name: event.shortName,
    description: event.description,
    lang: event.locale,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: pageColour,
    theme_color: pageColour,
    icons: iconFiles.map((icon) => ({
      src: icon.path,
      sizes: `${String(icon.size)}x${String(icon.size)}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

/** The mark as a PNG of `size` pixels; a maskable icon has it in the safe zone, on the page's colour. */
export function drawIcon(mark: string, { size, purpose }: IconFile): Buffer {
  const svg =
    purpose === "any"
      ? mark
      : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${pageColour}"/><image x="10" y="10" width="80" height="80" href="data:image/svg+xml;base64,${Buffer.from(mark).toString("base64")}"/></svg>`;
  return new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
}

/** Writes the manifest and its icons into a build; returns the manifest's site path and the icons'. */
export async function writeWebApp(clientDir: string, edition: Edition): Promise<string[]> {
  const mark = await readFile(path.join(clientDir, siteIconPath), "utf8");
  await mkdir(path.join(clientDir, "icons"), { recursive: true });
  for (const icon of iconFiles) await writeFile(path.join(clientDir, icon.path), drawIcon(mark, icon));
  await writeFile(path.join(clientDir, webAppManifestPath), `${JSON.stringify(webAppManifest(edition), null, 2)}\n`);
  return [webAppManifestPath, ...iconFiles.map((icon) => icon.path)];
}
