import { Link } from "react-router";
import type { Speaker } from "../../content";
import { Portrait } from "./portrait";
import { shortened } from "../lib/shortened";

/** What a speaker's card shows: pages give it this much of a speaker, not their links. */
export type CardSpeaker = Pick<Speaker, "id" | "name" | "title" | "portrait" | "bio">;

/**
 * The longest bio a card shows whole. A card names its speaker with a link to their page, which has the whole bio;
 * a talk of three speakers with biographies of 2,000 characters each would otherwise carry them twice in its page
 * (its HTML and its data), and past the page's budget of script (decision 077).
 */
export const cardBioLength = 480;

/** A speaker as their card shows them, for a loader to send its page. */
export function cardSpeaker({ id, name, title, portrait, bio }: CardSpeaker): CardSpeaker {
  return { id, name, title, portrait, ...(bio === undefined ? {} : { bio: shortened(bio, cardBioLength) }) };
}

/** A speaker's portrait, name and title, with their bio when there is room for it. */
export function SpeakerCard({
  speaker,
  href,
  showBio = false,
}: {
  speaker: CardSpeaker;
  href?: string;
  showBio?: boolean;
}) {
  return (
    <article className="flex flex-col gap-4 rounded-3xl border border-line bg-panel p-5 sm:flex-row sm:gap-5 sm:p-6">
      <Portrait src={speaker.portrait} name={speaker.name} className="size-20 shrink-0 rounded-2xl sm:size-24" />
      <div>
        <h3 className="text-xl font-bold">
          {href ? (
            <Link to={href} className="underline-offset-4 hover:underline">
              {speaker.name}
            </Link>
          ) : (
            speaker.name
          )}
        </h3>
        {speaker.title ? <p className="text-sky">{speaker.title}</p> : null}
        {showBio && speaker.bio ? <p className="mt-3 leading-relaxed text-white/85">{speaker.bio}</p> : null}
      </div>
    </article>
  );
}
