import { Link } from "react-router";
import { toggleFavourite, useFavourites } from "../lib/favourites";
import { mySchedulePath } from "../../common/my-schedule";
import { useHydrated } from "../lib/use-hydrated";
import * as m from "../i18n/messages";

/**
 * Adds a session to the visitor's own schedule or takes it out: a toggle button whose pressed state says whether the
 * session is chosen, named "Add to my schedule: <title>" so that a list of them reads apart. Its visible words, "My
 * schedule", are part of that name (a speech-input user says what they see) and stay the same in both states; the
 * star fills when it is chosen.
 *
 * It needs JavaScript, so it is never shown where it could not work: without JavaScript it is not shown at all, and
 * until the page has hydrated it keeps its place but stays invisible, so nothing moves when it appears and no click
 * is lost. No colour transition: a session chosen on an earlier visit turns pressed on hydration, at once.
 */
export function FavouriteToggle({ id, title }: { id: string; title: string }) {
  const chosen = useFavourites().includes(id);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={m.favouriteLabel({ title })}
      onClick={() => {
        toggleFavourite(id);
      }}
      className={`inline-flex min-h-10 w-fit items-center gap-1.5 rounded-full border border-white/30 px-3 text-sm font-semibold text-white/85 noscript:hidden hover:border-white hover:text-white aria-pressed:border-white aria-pressed:bg-white aria-pressed:text-ink ${hydrated ? "" : "invisible"}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill={chosen ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z" />
      </svg>
      {m.favouriteVisible}
    </button>
  );
}

/**
 * The link to /my-schedule with how many sessions are on it ("See my schedule (3)"), once the page knows. The page
 * itself explains what it needs where JavaScript is off, so the link is always there.
 */
export function MyScheduleLink({ className }: { className: string }) {
  const count = useFavourites().length;
  return (
    <Link to={mySchedulePath} className={className}>
      {m.myScheduleLink({ count })}
    </Link>
  );
}
