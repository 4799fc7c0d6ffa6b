import * as m from "../i18n/messages";
import { ExternalLink } from "./external-link";

/**
 * Opens X's post composer with the speaker's post filled in (lib/share-intent.ts). A link, not a script: it works
 * before hydration and without JavaScript, and the speaker still reviews the post before it goes out.
 */
export function ShareOnX({ href }: { href: string }) {
  return (
    <ExternalLink
      href={href}
      className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-white/40 px-6 py-3 text-base font-semibold text-white transition-colors hover:border-white hover:bg-white/5"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
        <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.8-6.3L6.4 22H3.3l7.3-8.3L1 2h6.3l4.4 5.8L18.9 2Zm-1.1 18h1.7L6.3 3.9H4.5L17.8 20Z" />
      </svg>
      {m.shareOnX}
    </ExternalLink>
  );
}
