import type { ComponentProps } from "react";
import * as m from "../i18n/messages";

/**
 * A link that leaves the site in a new tab. It says so to screen readers, and `noopener noreferrer` keeps the
 * new page from reaching back into ours.
 */
export function ExternalLink({ children, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only">{m.opensInNewTab}</span>
    </a>
  );
}
