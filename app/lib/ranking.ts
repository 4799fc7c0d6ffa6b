import type { Speaker } from "../../content";
import { placeholderPortrait } from "../../content/placeholder-portrait";
import * as m from "../i18n/messages";

// The ranking and the presenter of a demo, apart from the rest of the leaderboard's module: the stage's top three
// and the overlay need only these, and a page carries every module it imports whole (decision 046).

export interface Presenter {
  name: string;
  title: string;
  portrait: string;
}

/** What a demo's presenter is known by: their speaker record's name, title and portrait. */
export type PresenterRecord = Pick<Speaker, "name" | "title" | "portrait">;

/** A demo's presenter as a loader sends them: their speaker id and record. */
export type DemoPresenter = PresenterRecord & { id: string };

/** The demos' presenters, as a loader sends them to a page that names them: a handful, not every speaker. */
export function demoPresenters(
  demos: readonly { presenterId: string }[],
  speakerById: (id: string) => Speaker | undefined,
): DemoPresenter[] {
  return [...new Set(demos.map((demo) => demo.presenterId))].flatMap((id) => {
    const speaker = speakerById(id);
    return speaker ? [{ id, name: speaker.name, title: speaker.title, portrait: speaker.portrait }] : [];
  });
}

/** Looks presenters up by id among those a loader sent (demoPresenters). */
export function presenterLookup(presenters: readonly DemoPresenter[]): (id: string) => PresenterRecord | undefined {
  const byId = new Map(presenters.map((presenter) => [presenter.id, presenter]));
  return (id) => byId.get(id);
}

/**
 * A known presenter, or (spec §3) the id as name, the title "Presenter" and the placeholder portrait; a known
 * presenter without a title (an imported speaker) is a "Presenter" too.
 */
export function presenterFor(id: string, speakerById: (id: string) => PresenterRecord | undefined): Presenter {
  const speaker = speakerById(id);
  return speaker
    ? { name: speaker.name, title: speaker.title ?? m.presenterTitle, portrait: speaker.portrait }
    : { name: id, title: m.presenterTitle, portrait: placeholderPortrait };
}

/**
 * Most votes first; equal counts keep the order they came in (the catalogue's), so ranks never shuffle between
 * renders. The one ranking: the leaderboard's, and the organisers' results (server/api/admin.ts).
 */
export function ranked<Demo extends { votes: number }>(demos: readonly Demo[]): (Demo & { rank: number })[] {
  return [...demos].sort((a, b) => b.votes - a.votes).map((demo, index) => ({ ...demo, rank: index + 1 }));
}
