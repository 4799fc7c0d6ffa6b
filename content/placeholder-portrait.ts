/**
 * Shown for a presenter without a portrait, or whose portrait fails to load. Every edition's public/ folder holds
 * it, named or not (`missingImages` checks it; the import copies it into a new edition): a fact of an edition's
 * folder, so its home is the content. A module of its own, so that the leaderboard's browser code takes the path
 * without the edition loader.
 */
export const placeholderPortrait = "/portraits/placeholder.svg";
