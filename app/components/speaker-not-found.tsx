import { Link } from "react-router";

/** A briefing page whose speaker record is missing (spec §8): it says so, and offers the way back. */
export function SpeakerNotFound() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-28 text-center">
      <h1 className="font-display text-4xl font-bold sm:text-5xl">Speaker not found</h1>
      <p className="mt-6 text-lg text-muted">
        This briefing page has no speaker. If it should be yours, please ask the organisers.
      </p>
      <p className="mt-10">
        <Link to="/" className="text-sky underline underline-offset-4">
          ← Back to conference
        </Link>
      </p>
    </section>
  );
}
