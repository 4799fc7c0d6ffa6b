/**
 * What the import changed, grouped by kind: one line each, in the order the kinds first occurred, so that a file
 * of hundreds of sessions still says each kind of mending once.
 */
export class ImportNotes {
  private readonly kinds = new Map<string, { say: (items: string[]) => string; items: string[] }>();
  add(kind: string, say: (items: string[]) => string, item = "") {
    const entry = this.kinds.get(kind) ?? { say, items: [] };
    if (item && !entry.items.includes(item)) entry.items.push(item);
    this.kinds.set(kind, entry);
  }
  lines(): string[] {
    return [...this.kinds.values()].map(({ say, items }) => say(items));
  }
}

/** A few examples and how many more: the line stays one line for a file of hundreds of sessions. */
export function some(items: string[], shown = 3): string {
  const listed = items.slice(0, shown).join(", ");
  return items.length > shown ? `${listed} and ${String(items.length - shown)} more` : listed;
}
