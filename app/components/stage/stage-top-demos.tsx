import { presenterFor, presenterLookup, type DemoPresenter } from "../../lib/ranking";
import { stageTopDemos } from "../../lib/stage";
import { useTopDemos } from "../../lib/use-top-demos";
import * as m from "../../i18n/messages";

/**
 * While the demo vote is open, its top three beside the stream, following the votes live, and the way to vote. Part
 * of the stage's first load (0.6 KB): a lazy part would cost as much again in the loader it needs (decision 046).
 * `presenters` names each demo's presenter, as the stage's loader found them in the edition.
 */
export function StageTopDemos({ presenters }: { presenters: DemoPresenter[] }) {
  const top = useTopDemos(stageTopDemos);
  const presenter = presenterLookup(presenters);
  if (top.length === 0) return null;
  return (
    <section aria-labelledby="stage-top-demos" className="flex flex-col gap-4 border-t border-line pt-5">
      <h2 id="stage-top-demos" className="text-sm font-bold tracking-widest text-orchid uppercase">
        {m.stageTopDemos({ count: top.length })}
      </h2>
      <ol className="flex flex-col gap-3">
        {top.map((demo) => (
          <li key={demo.id} data-id={demo.id} className="flex items-center gap-3">
            <span className="w-8 shrink-0 font-display text-xl font-bold text-sky tabular-nums">#{demo.rank}</span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold leading-snug">{demo.title}</span>
              <span className="block text-sm text-muted">{presenterFor(demo.presenterId, presenter).name}</span>
            </span>
            <span className="shrink-0 font-display font-bold tabular-nums">
              {demo.votes}
              <span className="sr-only">{m.stageVotes}</span>
            </span>
          </li>
        ))}
      </ol>
      <a href="/demo-voting" className="font-semibold text-white underline underline-offset-4 hover:text-sky">
        {m.stageVoteForFavourite}
      </a>
    </section>
  );
}
