import type { MetaDescriptor } from "react-router";
import * as content from "../../content";
import type { EventInfo } from "../../content/schema";
import * as m from "../i18n/messages";
import { defaultShareImagePath } from "../../common/site-paths";
import { formatDateSpan } from "./time-in-edition-language";
import { shortened } from "./shortened";

export interface PageMetaInput {
  /** The full document title, as the page wants it shown. */
  title: string;
  description: string;
  /** The page's own path, for the canonical URL. */
  path: string;
  /** A share image in the edition's public/ folder, 1200x630. */
  image?: { path: string; alt: string };
  /** Keep the page out of search results (briefing pages, stream screens, the not-found page). */
  noindex?: boolean;
}

/** An edition's own card (scripts/build/share-images.tsx draws it): its name, headline and date. */
export function defaultShareImageOf(event: Pick<EventInfo, "name" | "headline" | "date" | "endDate">) {
  return {
    path: defaultShareImagePath,
    alt: m.seoShareImageAlt({
      name: event.name,
      headline: event.headline,
      dates: formatDateSpan(event.date, event.endDate),
    }),
  };
}

/** The built edition's own card: the image a page without one of its own is shared with. */
export const defaultShareImage = defaultShareImageOf(content.event);

/**
 * The longest description a page's head gives whole. A talk's is its abstract, which an imported programme may give
 * in several thousand characters; the head names it three times (for search engines, Open Graph and Twitter), and
 * each of them shows only its first lines.
 */
export const descriptionLength = 500;

/** Title, description, canonical URL and the Open Graph and Twitter card tags of one page. */
export function pageMeta({ title, description: whole, path, image = defaultShareImage, noindex }: PageMetaInput) {
  const description = shortened(whole, descriptionLength);
  const url = new URL(path, content.event.siteUrl).href;
  const imageUrl = new URL(image.path, content.event.siteUrl).href;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: content.event.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** "Agenda" -> "Agenda | <edition name>": the title pattern of ordinary pages. */
export function titled(page: string): string {
  return `${page} | ${content.event.name}`;
}
