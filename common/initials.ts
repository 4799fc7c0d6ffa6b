/** Words after a name that are not names: generational suffixes and degrees. */
const suffixes = /^(jr|sr|ii|iii|iv|phd|md|dds|dvm|esq)\.?$/i;

/**
 * What stands in for a portrait, on the page, on share cards and in the portraits the import draws: the first
 * letters of the first and last names ("Leilani Kealoha" is LK, "Jiří Ørjan Łukasz" JŁ). What a programme writes
 * beside a name is left aside: pronouns or a team in brackets ("jendrik (any)" is J), suffixes such as Jr or PhD,
 * and whatever is not a letter (a handle's @, an emoji). A name of no letters has none.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^\P{L}+/u, ""))
    .filter((word) => /^\p{L}/u.test(word) && !suffixes.test(word));
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  return [first, last]
    .flatMap((word) => (word ? [Array.from(word)[0] ?? ""] : []))
    .join("")
    .toUpperCase();
}
