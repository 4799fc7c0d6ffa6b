import { createHash } from "node:crypto";

/**
 * The colours the import gives what the file leaves uncoloured (initials portraits, tracks): each holds white text
 * at a contrast of at least 4.5:1 (WCAG AA for any size), and they differ enough in hue that neighbours on a page
 * are told apart.
 */
export const accessiblePalette = [
  "#1A1A2E",
  "#5B21B6",
  "#1D4ED8",
  "#0F766E",
  "#B91C1C",
  "#9D174D",
  "#065F46",
  "#92400E",
];

/**
 * A colour of the palette chosen by an id, so that the same person or track gets the same colour in every import;
 * the next one along where the chosen one is `taken`, until every colour is.
 */
export function paletteColour(id: string, taken: ReadonlySet<string> = new Set()): string {
  const first = createHash("sha1").update(id).digest()[0] ?? 0;
  const colours = accessiblePalette.map((_, i) => accessiblePalette[(first + i) % accessiblePalette.length] ?? "");
  return colours.find((colour) => !taken.has(colour)) ?? colours[0] ?? "";
}
