/**
 * Characters that have no place in an edition's text: the C0 and C1 control characters but tab and line feed
 * (carriage returns included: the edition's files end lines with line feeds), the Unicode noncharacters (U+FDD0 to
 * U+FDEF, and the last two code points of every plane, U+FFFE and U+FFFF among them) and lone surrogates. No page
 * can show them: the build's share cards stop on one (no font draws U+FFFE), XML 1.0 cannot carry them, and an HTML
 * parser reports each as an error. The import removes them (and says so); the validation refuses them in what an
 * organiser writes by hand, naming the record, so that the build never meets them (decision 069).
 */
export const unshowableCharacters = /[^\P{Cc}\t\n]|[\p{Noncharacter_Code_Point}\p{Cs}]/gu;

/** How a message names a character: U+0001, U+FFFE. */
export function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}
