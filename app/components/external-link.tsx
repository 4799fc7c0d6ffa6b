import type { ComponentProps } from "react";

/**
 * A link that leaves the site in a new tab. It says so to screen readers, and `noopener noreferrer` keeps the
 * new page from reaching back into ours.
 */
export function ExternalLink({ children, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
