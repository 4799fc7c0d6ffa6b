import * as m from "../i18n/messages";

/** The first stop for keyboard users: straight past the navigation to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-full bg-white px-5 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {m.skipToContent}
    </a>
  );
}
