import { overlayPaths } from "../app/lib/overlay";
import { schedulePaths } from "../common/schedule-paths";
import { policyOf } from "./content-security-policy";

/**
 * Pages any site may frame: the stream's screens and overlays, embedded by broadcast tools (StreamYard's browser
 * sources are frames) and partners' pages.
 */
export const framablePages = new Set(
  ["/countdown", "/brb", ...Object.values(overlayPaths)].map((path) => `${path}/index.html`),
);

/**
 * Files any site may read from its own scripts: the programme for schedule apps, which web-based players and
 * conference hubs fetch from the browser (pretalx serves its exports so). They hold only what the agenda page
 * shows, so nothing is exposed that a visitor could not read.
 */
export const crossOriginFiles: ReadonlySet<string> = new Set(Object.values(schedulePaths));

/** A built file's own headers, beside the common ones: for the schedule files, Access-Control-Allow-Origin. */
export function fileHeaders(urlPath: string): Record<string, string> {
  return crossOriginFiles.has(urlPath) ? { "access-control-allow-origin": "*" } : {};
}

/**
 * Headers every response carries, API and errors included. Responses that are not pages get a policy that allows
 * nothing (a JSON body or an SVG opened on its own runs no script); pages replace it with their own (pageHeaders).
 * Permissions-Policy turns off the powerful features the site never uses, so no embedded content can ask for them.
 */
export function commonHeaders({ hsts }: { hsts: boolean }): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy":
      "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()",
    "cross-origin-opener-policy": "same-origin",
    // Only when the server is told it is reached over HTTPS (BEHIND_HTTPS): over plain HTTP the header is ignored
    // at best, and a wrong one would lock visitors out of a site that has no certificate.
    ...(hsts ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * The service worker's policy: a worker's requests are governed by the policy of its own script, and the strict
 * default (nothing at all) would refuse every file it keeps. It fetches from the site and runs nothing else.
 */
export const serviceWorkerPolicy = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/**
 * A page's Content-Security-Policy header: the policy the build wrote into it (its inline scripts' hashes) plus
 * who may frame it. A page built without a policy gets the strict default, so a stale build fails closed.
 */
export function pagePolicyHeader(urlPath: string, html: string): string {
  const policy = policyOf(html) ?? "default-src 'self'";
  const header = `${policy}; frame-ancestors ${framablePages.has(urlPath) ? "*" : "'none'"}`;
  // Copied out through bytes: V8 keeps a match as a slice of the string it was found in, so the header, held for
  // the server's life, would keep the whole page alive as a string beside its bytes (83 MB on the 39C3 export).
  return Buffer.from(header).toString();
}
