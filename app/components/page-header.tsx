import type { ReactNode } from "react";
import { GradientBlobs } from "./gradient-blobs";

/**
 * The top of an inner page: an optional eyebrow, the page's one h1, and a lead paragraph; `media` (a portrait)
 * stands beside them. A `breadcrumb` sits on the same backdrop, above the title.
 */
export function PageHeader({
  breadcrumb,
  eyebrow,
  title,
  media,
  children,
}: {
  breadcrumb?: ReactNode;
  eyebrow?: ReactNode;
  title: string;
  media?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden border-b border-line">
      <GradientBlobs className="-z-10 opacity-60" />
      {breadcrumb}
      <div
        className={`mx-auto flex max-w-6xl items-center gap-5 px-6 pb-12 sm:gap-8 ${breadcrumb ? "pt-8 sm:pt-12" : "pt-14 sm:pt-20"}`}
      >
        {media}
        <div className="min-w-0 flex-1">
          {eyebrow ? <div className="mb-5 flex flex-wrap items-center gap-2">{eyebrow}</div> : null}
          <h1 className="max-w-4xl font-display text-4xl leading-tight font-bold tracking-tight sm:text-6xl">
            {title}
          </h1>
          {children ? <div className="mt-5 max-w-3xl text-lg leading-relaxed text-white/85">{children}</div> : null}
        </div>
      </div>
    </header>
  );
}
