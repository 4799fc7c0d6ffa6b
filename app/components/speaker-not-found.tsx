import { Link } from "react-router";
import * as m from "../i18n/messages";

/** A briefing page whose speaker record is missing (spec §8): it says so, and offers the way back. */
export function SpeakerNotFound() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-28 text-center">
      <h1 className="font-display text-4xl font-bold sm:text-5xl">{m.speakerNotFoundTitle}</h1>
      <p className="mt-6 text-lg text-muted">{m.speakerNotFoundHint}</p>
      <p className="mt-10">
        <Link to="/" className="text-sky underline underline-offset-4">
          {m.speakerNotFoundBack}
        </Link>
      </p>
    </section>
  );
}
