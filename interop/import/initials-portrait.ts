import { initialsOf } from "../../common/initials";
import { paletteColour } from "./accessible-palette";

const xmlEscape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A portrait of a person's initials, in the reference edition's style: an image named after them. */
export function initialsSvg(name: string, id: string): string {
  // The same person gets the same colour in every import.
  const background = paletteColour(id);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-labelledby="t"><title id="t">${xmlEscape(name)}</title><rect width="400" height="400" fill="${background}"/><text x="200" y="200" fill="#FFFFFF" font-family="Space Grotesk Variable, Inter Variable, Arial, sans-serif" font-size="150" font-weight="700" text-anchor="middle" dominant-baseline="central">${xmlEscape(initialsOf(name))}</text></svg>\n`;
}
