/**
 * How many items of a list start their animation one after another; app.css writes `stagger-0` to `stagger-23`
 * (its @source inline, which stagger.test.ts holds equal to this): Tailwind writes the rule of a class only when it
 * reads the class whole, and a name made from an index is not. Past them, the items start with the last: a longer
 * wait than 24 steps would keep a visitor waiting, not show an order.
 */
export const staggerSteps = 24;

/**
 * The class that starts a list item's animation `index` steps after the first item's, a step being the list's
 * `--stagger-step`. A class, not a style attribute: the pages' policy allows no inline style (decision 081).
 */
export function staggerClass(index: number): string {
  return `stagger-${String(Math.min(index, staggerSteps - 1))}`;
}
