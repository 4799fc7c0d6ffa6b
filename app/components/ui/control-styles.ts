/** The moderator's controls on /moderate (its questions and its show): one look for both. */
const button =
  "inline-flex min-h-11 items-center justify-center rounded-full px-4 py-2 text-sm font-semibold transition-colors aria-disabled:opacity-60";
export const primary = `${button} bg-electric text-white hover:bg-electric-hover`;
export const secondary = `${button} border border-white/40 text-white hover:border-white hover:bg-white/5`;
/** A text field, a number or a choice. */
export const field = "rounded-2xl border border-white/30 bg-ink px-4 py-2 text-base text-white";
