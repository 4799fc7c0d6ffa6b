import * as m from "../i18n/messages";

/**
 * The words for a session's type, in the edition's language: the known types (spec §9's six, and a briefing's
 * green room) are the interface's vocabulary, so the catalogues name them; a type of the edition's own
 * ("Workshop") is its content, written as the edition wrote it.
 */
const typeWords: Partial<Record<string, string>> = {
  Talk: m.typeTalk,
  "Q&A": m.typeQa,
  Panel: m.typePanel,
  "Featured Demo": m.typeFeaturedDemo,
  "Submitted Demo": m.typeSubmittedDemo,
  Break: m.typeBreak,
  "Green room": m.typeGreenRoom,
};

export function sessionTypeWords(type: string): string {
  return typeWords[type] ?? type;
}
