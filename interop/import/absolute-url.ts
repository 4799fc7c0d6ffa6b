/** A URL as the site can link it: absolute (relative ones against the file's base_url), http or https only. */
export function absoluteUrl(text: string | undefined, base: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
