/** The id of the favourite toggle's star in every page. */
export const favouriteStarId = "favourite-star";

/**
 * The favourite toggle's star, drawn once in each page (root.tsx) and used by every toggle (favourite-toggle.tsx):
 * a day of a large programme has hundreds of toggles, and its HTML held the star's path once for each (decision
 * 089). A toggle's own `fill` fills it once the session is chosen; its stroke is the toggle's text colour.
 */
export function FavouriteStar() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id={favouriteStarId} viewBox="0 0 24 24">
        <path
          d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </symbol>
    </svg>
  );
}
