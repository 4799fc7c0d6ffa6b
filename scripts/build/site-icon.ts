import { siteIconPath } from "../../common/site-paths";
import { iconFiles } from "./web-app";

/**
 * The site's icon, added to each built page's <head> rather than rendered by the root route: scripts/build/inline-images.ts
 * writes a small icon into the page (docs/decisions/034), and React's hydration matches the <link> elements it
 * renders in <head> by their href, so an icon it had rendered, found with a `data:` URL in its place, would be
 * rendered again as a file, fetched by every hydrated page. Added here, React never owns it and leaves it alone.
 */
export function withSiteIcon(html: string): string {
  if (!html.includes("</head>")) throw new Error("A prerendered page without <head>: cannot add the site's icon");
  // With the icon a phone puts on its home screen when it reads no manifest (issue 32). The manifest itself is
  // named once the page has loaded (app/islands/offline.ts).
  const touchIcon = iconFiles.find((icon) => icon.purpose === "any")?.path ?? siteIconPath;
  return html.replace(
    "</head>",
    `<link rel="icon" href="${siteIconPath}" type="image/svg+xml"/><link rel="apple-touch-icon" href="${touchIcon}"/></head>`,
  );
}
