import { siteIconPath } from "../app/lib/site-paths";

/**
 * The site's icon, added to each built page's <head> rather than rendered by the root route: scripts/inline-images.ts
 * writes a small icon into the page (docs/decisions/034), and React's hydration matches the <link> elements it
 * renders in <head> by their href, so an icon it had rendered, found with a `data:` URL in its place, would be
 * rendered again as a file, fetched by every hydrated page. Added here, React never owns it and leaves it alone.
 */
export function withSiteIcon(html: string): string {
  if (!html.includes("</head>")) throw new Error("A prerendered page without <head>: cannot add the site's icon");
  return html.replace("</head>", `<link rel="icon" href="${siteIconPath}" type="image/svg+xml"/></head>`);
}
