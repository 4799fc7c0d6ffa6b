/**
 * What a visitor's search compares: text without case or diacritics, so that "jiri" finds "Jiří" and "CAFE" finds
 * "Café". Both the agenda's search and the speakers' directory fold the text they search and the query alike.
 * Canonical decomposition (NFD) splits a letter from its marks, which are then dropped; compatibility forms
 * (NFKD) also fold full-width Latin ("ＡＩ") and ligatures to their plain letters. Letters that are not a base and a
 * mark (ø, ł, ß) keep their own spelling, as a visitor typing them expects.
 */
export function searchKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether text already folded by `searchKey` holds every word of a query, in any order: "ada rust" finds both. */
export function matchesQuery(folded: string, query: string): boolean {
  const words = searchKey(query).split(" ").filter(Boolean);
  return words.every((word) => folded.includes(word));
}
