import { voteUrl } from "../lib/demo-api";
import type { LeaderboardDemo } from "../lib/leaderboard";
import { votedMarker } from "../../common/api-contract";
import { useHydrated } from "../lib/use-hydrated";
import type { VotingPhase } from "../../common/voting-window";
import { ExternalLink } from "./external-link";
import { Portrait } from "./portrait";
import { Badge } from "./ui/badge";
import * as m from "../i18n/messages";

export interface DemoCardProps {
  demo: LeaderboardDemo;
  phase: VotingPhase;
  /** Before voting opens, the date it opens in the visitor's zone, which the disabled button says; null after. */
  opensOn: string | null;
  hasVoted: boolean;
  /** A vote for this demo is on its way. */
  voting: boolean;
  onVote: () => void;
}

const buttonBase =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full px-5 py-2 font-semibold transition-colors";

/** One ranked demo: rank, count, title, presenter, description, tags, project link and the vote button. */
export function DemoCard({ demo, phase, opensOn, hasVoted, voting, onVote }: DemoCardProps) {
  const titleId = `${demo.id}-title`;
  const hydrated = useHydrated();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-4 rounded-3xl border border-line bg-panel p-6 transition-colors hover:border-white/30"
    >
      <div className="flex items-baseline justify-between gap-4">
        <p className="font-display text-3xl font-bold text-orchid">
          <span className="sr-only">{m.demoRank} </span>#{demo.rank}
        </p>
        <p className="text-right font-semibold">
          <span className="font-display text-2xl tabular-nums">{demo.votes}</span>{" "}
          <span className="text-muted">{demo.votes === 1 ? m.demoVoteOne : m.demoVoteMany}</span>
        </p>
      </div>

      <h3 id={titleId} className="text-xl font-bold">
        {demo.title}
      </h3>

      <div className="flex items-center gap-3">
        <Portrait
          src={demo.presenter.portrait}
          name={demo.presenter.name}
          className="size-12 shrink-0 rounded-full border border-white/15"
          lazy
        />
        <div className="min-w-0">
          <p className="font-semibold">{demo.presenter.name}</p>
          <p className="text-sm text-sky">{demo.presenter.title}</p>
        </div>
      </div>

      <p className="flex-1 leading-relaxed text-white/85">{demo.description}</p>

      <ul aria-label={m.demoTagsLabel} className="flex flex-wrap gap-2">
        {demo.tags.map((tag) => (
          <li key={tag}>
            <Badge>{tag}</Badge>
          </li>
        ))}
      </ul>

      {demo.projectUrl ? (
        <ExternalLink
          href={demo.projectUrl}
          className="self-start text-sm font-semibold text-sky underline-offset-4 hover:text-white hover:underline"
        >
          {m.demoViewProject} <span aria-hidden="true">↗</span>
          <span className="sr-only">{m.aboutTitle({ title: demo.title })}</span>
        </ExternalLink>
      ) : null}

      {hasVoted ? <VotedNote className="flex" /> : null}

      {phase === "open" && !hasVoted ? (
        <>
          {/* Without script the page cannot ask whether this browser voted: the vote is a form the server answers
              with this page again, at this note's fragment, which then shows in the form's stead (decision 060).
              The running page asks the server instead, and drops the note. */}
          {hydrated ? null : <VotedNote id={votedMarker(demo.id)} className="peer hidden noscript:target:flex" />}
          <form
            method="post"
            action={voteUrl(demo.id)}
            className="noscript:peer-target:hidden"
            onSubmit={(event) => {
              event.preventDefault();
              onVote();
            }}
          >
            <button
              type="submit"
              disabled={voting}
              aria-busy={voting}
              className={`${buttonBase} bg-electric text-white hover:bg-electric-hover disabled:cursor-wait disabled:opacity-80`}
            >
              {voting ? m.demoVoteSending : m.demoVote}
              <span className="sr-only">{m.demoVoteFor({ title: demo.title })}</span>
            </button>
          </form>
        </>
      ) : (
        <button
          type="button"
          disabled
          className={`${buttonBase} cursor-not-allowed border border-white/30 text-white/80`}
        >
          {phase === "ended"
            ? m.demoVotingEnded
            : phase === "open"
              ? m.demoVoted
              : m.demoVotingOpensOn({ date: opensOn ?? "" })}
        </button>
      )}
    </article>
  );
}

/** "You voted for this demo", with its tick. */
function VotedNote({ id, className }: { id?: string; className: string }) {
  return (
    <p id={id} className={`items-center gap-2 text-sm font-semibold text-sky ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2.5" d="M5 13l4 4L19 7" />
      </svg>
      {m.demoYouVoted}
    </p>
  );
}
