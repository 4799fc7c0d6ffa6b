import type { ReactNode } from "react";
import { Link } from "react-router";
import { ExternalLink } from "../external-link";

const styles = {
  primary: "bg-electric text-white hover:bg-electric-hover",
  secondary: "border border-white/40 text-white hover:border-white hover:bg-white/5",
};

interface ButtonLinkProps {
  /** A site path (client-side navigation) or an https URL (opens in a new tab). */
  href: string;
  variant?: keyof typeof styles;
  /**
   * Load the page afresh rather than navigate within the app: a stage must be loaded as a document, or the page
   * before keeps its security policy, which admits no stream (decision 041).
   */
  reloadDocument?: boolean;
  children: ReactNode;
}

/** A link that looks like a button: the site's calls to action. */
export function ButtonLink({ href, variant = "primary", reloadDocument = false, children }: ButtonLinkProps) {
  const className = `inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-7 py-3 text-base font-semibold transition-colors ${styles[variant]}`;
  return href.startsWith("/") ? (
    <Link to={href} reloadDocument={reloadDocument} className={className}>
      {children}
    </Link>
  ) : (
    <ExternalLink href={href} className={className}>
      {children}
    </ExternalLink>
  );
}
