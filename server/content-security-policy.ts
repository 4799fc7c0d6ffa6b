import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of a prerendered page, decided at build time. Scripts run from our own origin or,
 * inline, only when their exact text was in the page we built (a sha256 hash per inline script): no
 * 'unsafe-inline' for scripts. Styles come from our own stylesheets only: the pages carry no style attribute and no
 * <style> element (decision 081: what varied per item became classes, or an SVG attribute), and the build stops
 * on a page that does. What the page's script sets later goes through the CSSOM (React's `style` prop), which a
 * policy does not govern. The policy travels in the page itself as a <meta> element, so a page served by any
 * static host keeps it; our server also sends it as a header, with `frame-ancestors`, which a <meta> policy may not
 * carry.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const code = match[1] as string;
    if (code === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * What a stage page adds for the edition's streams (app/lib/stage.ts's streamSources): the video platforms' players
 * as frames, and the HLS hosts, which hls.js fetches (connect-src) and the video element plays, with hls.js's
 * `blob:` media source (media-src). Every other page allows none of it.
 */
export interface StreamSources {
  frame: string[];
  media: string[];
}

export function pagePolicy(hashes: string[], streams?: StreamSources): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...(streams?.media ?? [])].join(" "),
    ...(streams ? [["media-src 'self' blob:", ...streams.media].join(" ")] : []),
    ...(streams && streams.frame.length > 0 ? [["frame-src", ...streams.frame].join(" ")] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * What in a page would be an inline style: each <style> element, and each element's style attribute, as its tag and
 * attribute (`<li style="animation-delay:0s"`). Read from the tags React writes (attribute values in double quotes,
 * `<` and `>` in them escaped), with scripts' text left out, where markup is only a string.
 */
export function inlineStyles(html: string): string[] {
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/g, "$1</script>");
  const found: string[] = [];
  for (const [, tag = "", attributes = ""] of markup.matchAll(
    /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'=<>/]+(?:="[^"]*")?)*)\s*\/?>/g,
  )) {
    if (tag.toLowerCase() === "style") found.push("<style>");
    for (const [, name = "", value = ""] of attributes.matchAll(/\s+([^\s"'=<>/]+)(?:="([^"]*)")?/g)) {
      if (name.toLowerCase() === "style") found.push(`<${tag} style="${value}"`);
    }
  }
  return found;
}

/**
 * The page with its policy as the last element of <head>: before any script it governs (they are all in <body>,
 * which the check below holds), and behind the character set, which must come within the page's first 1,024 bytes
 * while the policy, a hash per inline script, can take several hundred.
 */
export function withPolicy(html: string, streams?: StreamSources): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${pagePolicy(inlineScriptHashes(html), streams)}"/>`;
  if (!html.includes("</head>")) throw new Error("A prerendered page without <head>: cannot add its security policy");
  if (/<script/.test(html.slice(0, html.indexOf("</head>")))) throw new Error("A script in <head>, before its policy");
  const styled = inlineStyles(html);
  if (styled.length > 0) throw new Error(`Inline styles the policy refuses: ${styled.join(", ")}`);
  return html.replace("</head>", `${meta}</head>`);
}

/** The policy a page carries, read back by the server. */
export function policyOf(html: string): string | undefined {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\/?>/.exec(html)?.[1];
}
