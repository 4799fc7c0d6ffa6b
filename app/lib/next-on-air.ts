/**
 * The attributes of a block about one programme day still to come, shown only while that day is the next on air
 * (`nextOnAir`): the home page, served without React, holds one for each day after the first, and its island
 * picks the one for the visitor's clock as it does the phases'. Apart from on-air.ts because only the home page and
 * its island use it, so the script every page shares does not carry it.
 */
export function nextOnAirOnly(
  start: string,
  next: string | undefined,
): { "data-next-on-air": string; hidden: boolean } {
  return { "data-next-on-air": start, hidden: start !== next };
}

/** Every element `nextOnAirOnly` marked, for the island. */
export const nextOnAirSelector = "[data-next-on-air]";
