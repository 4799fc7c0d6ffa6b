/** A session's id is also its page's last segment: long titles are cut at a word. */
const maxSessionId = 80;

/**
 * Latin letters that Unicode does not decompose into a base letter and an accent, as they are written in plain
 * Latin: without this, "Ørjan" would be "rjan" and "Łukasz" "ukasz".
 */
const unaccented: Record<string, string> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ħ: "h",
  ı: "i",
  ŧ: "t",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  þ: "th",
  ð: "d",
};
const unaccentedPattern = new RegExp(`[${Object.keys(unaccented).join("")}]`, "g");

/** Lowercase kebab-case from any text: accents folded, everything else a hyphen, cut at a hyphen to `max`. */
export function kebab(text: string, max = maxSessionId): string {
  const slug = text
    .toLowerCase()
    .replace(unaccentedPattern, (letter) => unaccented[letter] ?? letter)
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
