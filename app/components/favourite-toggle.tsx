import { useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { toggleFavourite, useFavourites } from "../lib/favourites";
import { mySchedulePath } from "../../common/my-schedule";
import { favouriteStarId } from "./favourite-star";
import * as m from "../i18n/messages";

/**
 * Adds a session to the visitor's own schedule or takes it out: a toggle button whose pressed state says whether the
 * session is chosen, named "Add to my schedule: <title>" so that a list of them reads apart. Its visible words, "My
 * schedule", are part of that name (a speech-input user says what they see) and stay the same in both states; the
 * star fills when it is chosen.
 *
 * It needs JavaScript, so it is never shown where it could not work: without JavaScript it is not shown at all, and
 * until it has hydrated (in a part of the page that hydrates later, such as the agenda's list, once that part has)
 * it keeps its place but stays invisible, so nothing moves when it appears and no click is lost. It shows itself by
 * a mark on its element (`data-ready`, set as it hydrates) rather than by state: a day of a large programme has
 * hundreds, and each rendering again after hydration to show itself held a phone's main thread for most of a
 * second (decision 088). No colour transition: a session chosen on an earlier visit turns pressed on hydration, at
 * once.
 */
export function FavouriteToggle({ id, title }: { id: string; title: string }) {
  const chosen = useFavourites().includes(id);
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    button.current?.setAttribute("data-ready", "");
  }, []);
  return (
    <button
      ref={button}
      type="button"
      aria-pressed={chosen}
      aria-label={m.favouriteLabel({ title })}
      onClick={() => {
        toggleFavourite(id);
      }}
      className="favourite-toggle"
    >
      <svg aria-hidden="true" className="size-4" fill={chosen ? "currentColor" : "none"}>
        <use href={`#${favouriteStarId}`} />
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
