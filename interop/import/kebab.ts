/** A session's id is also its page's last segment: long titles are cut at a word. */
const maxSessionId = 80;

/** Lowercase kebab-case from any text: accents folded, everything else a hyphen, cut at a hyphen to `max`. */
export function kebab(text: string, max = maxSessionId): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const atWord = cut.lastIndexOf("-");
  return (atWord > 0 ? cut.slice(0, atWord) : slug.slice(0, max)).replace(/-$/, "");
}

/** An id not yet taken: the base, or the base with -2, -3... after it. Records it as taken. */
export function uniqueId(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${String(n)}`;
  taken.add(candidate);
  return candidate;
}
